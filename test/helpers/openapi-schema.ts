/**
 * An independent reading of OpenAPI 3.0 schemas, for checking the emulator against the service's
 * published schema (test/fixtures/openapi/): which values a schema accepts, and seeded random
 * values drawn from it, valid or broken in one or two places. It shares no code with the
 * emulator's validation, so the two can disagree.
 *
 * Keywords read: type, properties, required, additionalProperties (absent or true: other keys
 * allowed; false: refused), items, enum, nullable, minimum, maximum (inclusive), uniqueItems,
 * allOf, $ref. default, deprecated and the rest do not change what is valid. Two readings where
 * OpenAPI 3.0 is loose, both as the published document's own clients read it: `nullable` beside a
 * `$ref` applies, and `nullable` admits null even when an `enum` does not list it.
 */

import type { Random } from '../emulator/random';

export interface OpenApiSchema {
	type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
	properties?: Record<string, OpenApiSchema>;
	required?: string[];
	additionalProperties?: boolean | OpenApiSchema;
	items?: OpenApiSchema;
	enum?: unknown[];
	nullable?: boolean;
	minimum?: number;
	maximum?: number;
	uniqueItems?: boolean;
	allOf?: OpenApiSchema[];
	$ref?: string;
	default?: unknown;
	deprecated?: boolean;
}

export interface OpenApiDocument {
	components: { schemas: Record<string, OpenApiSchema> };
}

/** The schema with its `$ref` and `allOf` folded in, so only plain keywords remain. */
export function resolve(schema: OpenApiSchema, document: OpenApiDocument): OpenApiSchema {
	let resolved: OpenApiSchema = { ...schema };
	if (schema.$ref) {
		const name = schema.$ref.replace('#/components/schemas/', '');
		const target = document.components.schemas[name];
		if (!target) throw new Error(`Unresolved $ref ${schema.$ref}`);
		const siblings = { ...schema };
		delete siblings.$ref;
		resolved = { ...resolve(target, document), ...siblings };
	}
	for (const part of resolved.allOf ?? []) {
		const folded = resolve(part, document);
		resolved = {
			...folded,
			...resolved,
			properties: { ...folded.properties, ...resolved.properties },
			required: [...(folded.required ?? []), ...(resolved.required ?? [])],
		};
	}
	delete resolved.allOf;
	return resolved;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function fitsType(value: unknown, type: OpenApiSchema['type']): boolean {
	switch (type) {
		case undefined:
			return true;
		case 'string':
			return typeof value === 'string';
		case 'boolean':
			return typeof value === 'boolean';
		case 'number':
			return typeof value === 'number' && Number.isFinite(value);
		case 'integer':
			return Number.isInteger(value);
		case 'array':
			return Array.isArray(value);
		case 'object':
			return isObject(value);
	}
}

/** Deep equality of JSON values, for enum and uniqueItems. */
function sameJson(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a) && Array.isArray(b)) {
		return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
	}
	if (isObject(a) && isObject(b)) {
		const keys = Object.keys(a);
		return (
			keys.length === Object.keys(b).length &&
			keys.every((key) => key in b && sameJson(a[key], b[key]))
		);
	}
	return false;
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/**
 * Where `value` breaks `schema`, as dotted paths in Django REST framework's way of naming them:
 * `skills.0.name`, `non_field_errors` for the value as a whole. A value of the wrong type (or a
 * null that is not allowed) is one problem; what is inside it is not looked at.
 */
export function violations(
	value: unknown,
	schema: OpenApiSchema,
	document: OpenApiDocument,
	path = '',
): string[] {
	const s = resolve(schema, document);
	const here = path === '' ? 'non_field_errors' : path;
	if (value === null) return s.nullable ? [] : [here];
	if (!fitsType(value, s.type)) return [here];
	const found: string[] = [];
	if (s.enum && !s.enum.some((allowed) => sameJson(allowed, value))) found.push(here);
	if (typeof value === 'number') {
		if (s.minimum !== undefined && value < s.minimum) found.push(here);
		if (s.maximum !== undefined && value > s.maximum) found.push(here);
	}
	if (Array.isArray(value)) {
		if (s.items) {
			value.forEach((item, i) =>
				found.push(...violations(item, s.items!, document, join(path, i))),
			);
		}
		if (s.uniqueItems && value.some((item, i) => value.findIndex((o) => sameJson(o, item)) !== i)) {
			found.push(here);
		}
	}
	if (isObject(value)) {
		for (const name of s.required ?? []) if (!(name in value)) found.push(join(path, name));
		for (const [name, fieldValue] of Object.entries(value)) {
			const field = s.properties?.[name];
			if (field) found.push(...violations(fieldValue, field, document, join(path, name)));
			else if (s.additionalProperties === false) found.push(join(path, name));
			else if (typeof s.additionalProperties === 'object') {
				found.push(...violations(fieldValue, s.additionalProperties, document, join(path, name)));
			}
		}
	}
	return found;
}

/* ------------------------------------------------------------ drawing */

/** Seeded draws (the emulator's generator): the same seed draws the same values on any machine. */
export type SeededRandom = Pick<Random, 'next' | 'chance' | 'pick' | 'int'>;

const WORDS = [
	'',
	' ',
	'Python',
	'all-resumes',
	'Sydney, NSW',
	'isAvailable',
	'km',
	'équipe',
	'0.5',
	'true',
];

/** A value `schema` accepts. */
export function drawValid(
	schema: OpenApiSchema,
	document: OpenApiDocument,
	random: SeededRandom,
	depth = 0,
): unknown {
	const s = resolve(schema, document);
	if (s.nullable && random.chance(0.1)) return null;
	if (s.enum) return random.pick(s.enum);
	switch (s.type) {
		case 'string':
			return random.pick(WORDS);
		case 'boolean':
			return random.chance(0.5);
		case 'integer': {
			const min = s.minimum ?? -3;
			const max = s.maximum ?? Math.max(min + 3, 2000);
			return random.pick([min, max, random.int(min, max)]);
		}
		case 'number': {
			const min = s.minimum ?? -1e6;
			const max = s.maximum ?? 1e6;
			return random.pick([min, max, min + (max - min) * random.next()]);
		}
		case 'array': {
			const items: unknown[] = [];
			const length = random.int(0, depth > 2 ? 1 : 3);
			for (let i = 0; i < length; i++) {
				const item = drawValid(s.items ?? {}, document, random, depth + 1);
				if (!s.uniqueItems || !items.some((other) => sameJson(other, item))) items.push(item);
			}
			return items;
		}
		case 'object':
		case undefined: {
			const drawn: Record<string, unknown> = {};
			for (const [name, field] of Object.entries(s.properties ?? {})) {
				if (s.required?.includes(name) || random.chance(0.4)) {
					drawn[name] = drawValid(field, document, random, depth + 1);
				}
			}
			// Other keys, where the schema leaves them open.
			if (s.additionalProperties !== false && random.chance(0.2)) {
				drawn[random.pick(['value', 'gte', 'extra', 'level'])] =
					typeof s.additionalProperties === 'object'
						? drawValid(s.additionalProperties, document, random, depth + 1)
						: random.pick([1, 'x', true, null, [2], { a: 1 }]);
			}
			return drawn;
		}
	}
}

/** Ways to break a value of `schema`: each returns a replacement the schema refuses (or may). */
function breakers(s: OpenApiSchema, value: unknown): Array<(random: SeededRandom) => unknown> {
	const found: Array<(random: SeededRandom) => unknown> = [];
	const wrongType: Record<string, unknown[]> = {
		string: [5, true, ['x'], { name: 'x' }],
		boolean: ['true', 1, 0, 'false'],
		integer: [1.5, '3', true, [3]],
		number: ['0.5', false, { value: 1 }],
		array: ['Python', { 0: 'x' }, 1],
		object: ['{}', [{}], 7],
	};
	if (s.type) found.push((random) => random.pick(wrongType[s.type!]));
	if (!s.nullable) found.push(() => null);
	if (s.enum) found.push((random) => random.pick(['phd', 'Senior', 'yd', 'between', 'KM']));
	if (s.minimum !== undefined) found.push(() => s.minimum! - (s.type === 'integer' ? 1 : 0.01));
	if (s.maximum !== undefined) found.push(() => s.maximum! + (s.type === 'integer' ? 1 : 0.01));
	if (s.uniqueItems && Array.isArray(value) && value.length > 0)
		found.push(() => [...value, value[0]]);
	if (isObject(value)) {
		for (const name of s.required ?? []) {
			if (name in value) {
				found.push(() => {
					const rest = { ...value };
					delete rest[name];
					return rest;
				});
			}
		}
		if (s.additionalProperties === false) found.push(() => ({ ...value, bogus: 1 }));
	}
	return found;
}

/**
 * `value` (valid for `schema`) with `count` places broken: a wrong type, a null, a value out of
 * bounds or not in the enum, a duplicate, a missing required field or an unknown one. Which
 * places, and how, follow from the seed.
 */
export function drawBroken(
	value: unknown,
	schema: OpenApiSchema,
	document: OpenApiDocument,
	random: SeededRandom,
	count = 1,
): unknown {
	let broken = value;
	for (let i = 0; i < count; i++) {
		const sites: Array<{ path: Array<string | number>; fix: (random: SeededRandom) => unknown }> =
			[];
		const collect = (node: unknown, nodeSchema: OpenApiSchema, path: Array<string | number>) => {
			const s = resolve(nodeSchema, document);
			for (const fix of breakers(s, node)) sites.push({ path, fix });
			if (Array.isArray(node) && s.items) {
				node.forEach((item, index) => collect(item, s.items!, [...path, index]));
			} else if (isObject(node)) {
				for (const [name, child] of Object.entries(node)) {
					const field = s.properties?.[name];
					if (field) collect(child, field, [...path, name]);
				}
			}
		};
		collect(broken, schema, []);
		const site = random.pick(sites);
		broken = replaceAt(broken, site.path, site.fix(random));
	}
	return broken;
}

function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
	if (path.length === 0) return replacement;
	const [head, ...rest] = path;
	if (Array.isArray(value)) {
		return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
	}
	const record = value as Record<string, unknown>;
	return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}
