// A small schema checker with the service's (Django REST framework's) error codes and messages.
// Stricter than DRF on purpose: JSON types must be exact ("0.5" is not a number). Unknown fields
// are rejected where the published schema says `additionalProperties: false` (the default here);
// where it leaves them open (`unknownFields: 'ignore'`) they pass and are dropped, as DRF drops
// fields its serializer does not declare.

import type { ErrorItem } from './http';

interface Common {
	nullable?: boolean;
	/** Extra rule run after the type checks pass; returns errors, attr-qualified. */
	check?: (value: unknown, attr: string) => ErrorItem[];
}

export type Schema = Common &
	(
		| { type: 'string'; enum?: readonly string[]; notBlank?: boolean; format?: 'url' | 'date-time' }
		| { type: 'number' | 'integer'; minimum?: number; maximum?: number }
		| { type: 'boolean' }
		| { type: 'array'; items: Schema; uniqueItems?: boolean; notEmpty?: boolean }
		| {
				type: 'object';
				properties: Record<string, Schema>;
				required?: readonly string[];
				/** Schema for keys not in `properties`: they are checked against it and kept. */
				additionalProperties?: Schema;
				/**
				 * Keys in neither: rejected as `unknown_field` (the default), or accepted and dropped by
				 * withoutUnknownFields().
				 */
				unknownFields?: 'reject' | 'ignore';
		  }
		/** A value matching any of the listed schemas (first match wins). */
		| { type: 'anyOf'; options: Schema[]; description: string }
		| { type: 'any' }
	);

/** Python's name for a JSON value's type, as DRF puts it in its messages. */
function pythonType(value: unknown): string {
	if (value === null) return 'NoneType';
	if (Array.isArray(value)) return 'list';
	switch (typeof value) {
		case 'string':
			return 'str';
		case 'boolean':
			return 'bool';
		case 'number':
			return Number.isInteger(value) ? 'int' : 'float';
		default:
			return 'dict';
	}
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(attr: string, key: string | number): string {
	return attr === '' ? String(key) : `${attr}.${key}`;
}

function typeError(schema: Schema, value: unknown, attr: string): ErrorItem | undefined {
	const at = attr === '' ? 'non_field_errors' : attr;
	switch (schema.type) {
		case 'string':
			return typeof value === 'string'
				? undefined
				: { attr: at, code: 'invalid', detail: 'Not a valid string.' };
		case 'integer':
			return typeof value === 'number' && Number.isInteger(value)
				? undefined
				: { attr: at, code: 'invalid', detail: 'A valid integer is required.' };
		case 'number':
			return typeof value === 'number' && Number.isFinite(value)
				? undefined
				: { attr: at, code: 'invalid', detail: 'A valid number is required.' };
		case 'boolean':
			return typeof value === 'boolean'
				? undefined
				: { attr: at, code: 'invalid', detail: 'Must be a valid boolean.' };
		case 'array':
			return Array.isArray(value)
				? undefined
				: {
						attr: at,
						code: 'not_a_list',
						detail: `Expected a list of items but got type "${pythonType(value)}".`,
					};
		case 'object':
			return isPlainObject(value)
				? undefined
				: {
						attr: at,
						code: 'invalid',
						detail: `Invalid data. Expected a dictionary, but got ${pythonType(value)}.`,
					};
		default:
			return undefined;
	}
}

/** Every problem with `value` against `schema`, each named by its dotted attr path. */
export function validate(value: unknown, schema: Schema, attr = ''): ErrorItem[] {
	const at = attr === '' ? 'non_field_errors' : attr;
	if (value === null) {
		return schema.nullable || schema.type === 'any'
			? []
			: [{ attr: at, code: 'null', detail: 'This field may not be null.' }];
	}
	if (schema.type === 'anyOf') {
		const fits = schema.options.some((option) => validate(value, option, attr).length === 0);
		return fits ? [] : [{ attr: at, code: 'invalid', detail: `Expected ${schema.description}.` }];
	}
	const wrongType = typeError(schema, value, attr);
	if (wrongType) return [wrongType];

	const errors: ErrorItem[] = [];
	switch (schema.type) {
		case 'string': {
			const text = value as string;
			if (schema.enum && !schema.enum.includes(text)) {
				errors.push({
					attr: at,
					code: 'invalid_choice',
					detail: `"${text}" is not a valid choice.`,
				});
			} else if (schema.notBlank && text.trim() === '') {
				errors.push({ attr: at, code: 'blank', detail: 'This field may not be blank.' });
			} else if (schema.format === 'url' && !/^https?:\/\/[^\s/]+/.test(text)) {
				errors.push({ attr: at, code: 'invalid', detail: 'Enter a valid URL.' });
			} else if (schema.format === 'date-time' && Number.isNaN(Date.parse(text))) {
				errors.push({
					attr: at,
					code: 'invalid',
					detail:
						'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
				});
			}
			break;
		}
		case 'number':
		case 'integer': {
			const n = value as number;
			if (schema.minimum !== undefined && n < schema.minimum) {
				errors.push({
					attr: at,
					code: 'min_value',
					detail: `Ensure this value is greater than or equal to ${schema.minimum}.`,
				});
			}
			if (schema.maximum !== undefined && n > schema.maximum) {
				errors.push({
					attr: at,
					code: 'max_value',
					detail: `Ensure this value is less than or equal to ${schema.maximum}.`,
				});
			}
			break;
		}
		case 'array': {
			const items = value as unknown[];
			if (schema.notEmpty && items.length === 0) {
				errors.push({ attr: at, code: 'empty', detail: 'This list may not be empty.' });
			}
			items.forEach((item, i) => errors.push(...validate(item, schema.items, join(attr, i))));
			if (schema.uniqueItems && new Set(items.map((i) => JSON.stringify(i))).size < items.length) {
				errors.push({ attr: at, code: 'unique', detail: 'Items must be unique.' });
			}
			break;
		}
		case 'object': {
			const record = value as Record<string, unknown>;
			for (const name of schema.required ?? []) {
				if (record[name] === undefined) {
					errors.push({
						attr: join(attr, name),
						code: 'required',
						detail: 'This field is required.',
					});
				}
			}
			for (const [name, fieldValue] of Object.entries(record)) {
				const fieldSchema = Object.prototype.hasOwnProperty.call(schema.properties, name)
					? schema.properties[name]
					: schema.additionalProperties;
				if (!fieldSchema) {
					if (schema.unknownFields === 'ignore') continue;
					errors.push({
						attr: join(attr, name),
						code: 'unknown_field',
						detail: `Unknown field "${name}".`,
					});
				} else {
					errors.push(...validate(fieldValue, fieldSchema, join(attr, name)));
				}
			}
			break;
		}
	}
	if (errors.length === 0 && schema.check) errors.push(...schema.check(value, attr));
	return errors;
}

// Schema shorthands, so body tables read like the specification's tables.
export const str = (extra: Partial<Extract<Schema, { type: 'string' }>> = {}): Schema => ({
	type: 'string',
	...extra,
});
export const bool: Schema = { type: 'boolean' };
export const weight: Schema = { type: 'number', minimum: 0, maximum: 1 };
export const arrayOf = (
	items: Schema,
	extra: { uniqueItems?: boolean; notEmpty?: boolean } = {},
): Schema => ({
	type: 'array',
	items,
	...extra,
});
export const objectOf = (
	properties: Record<string, Schema>,
	extra: {
		required?: readonly string[];
		nullable?: boolean;
		additionalProperties?: Schema;
		unknownFields?: 'reject' | 'ignore';
	} = {},
): Schema => ({ type: 'object', properties, ...extra });

/** A valid `value` without the fields its schema ignores: what the service goes on to read. */
export function withoutUnknownFields(value: unknown, schema: Schema): unknown {
	if (schema.type === 'array' && Array.isArray(value)) {
		return value.map((item) => withoutUnknownFields(item, schema.items));
	}
	if (schema.type !== 'object' || !isPlainObject(value)) return value;
	const kept: Record<string, unknown> = {};
	for (const [name, fieldValue] of Object.entries(value)) {
		if (Object.prototype.hasOwnProperty.call(schema.properties, name)) {
			kept[name] = withoutUnknownFields(fieldValue, schema.properties[name]);
		} else if (schema.additionalProperties) {
			kept[name] = fieldValue;
		}
	}
	return kept;
}
