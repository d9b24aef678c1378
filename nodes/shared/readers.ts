import type { IDataObject } from 'n8n-workflow';

import { InvalidParameterError } from './errors';

/**
 * Reads and checks a parameter value by kind: whole number, bounded number, identifier, name list,
 * JSON object, flag. The one place that decides what a valid value is, so that an expression
 * yielding the wrong type (an object, NaN, an array, a boolean) is refused before any request,
 * with the parameter's name, the value as given and what is allowed — never sent as "[object
 * Object]" or "NaN".
 */

/** What a value belongs to: its label in the panel and its internal name (the wire field). */
export interface Parameter {
	displayName: string;
	name: string;
}

export function invalid(parameter: Parameter, value: unknown, allowed: string): never {
	throw new InvalidParameterError(parameter.displayName, parameter.name, value, allowed);
}

/** Nothing set: missing, null, or text of only spaces. */
export function isBlank(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

/** Text that is what a wrong value becomes when an expression turns it into a string. */
const GARBLED_TEXT = new Set(['undefined', 'null', 'NaN', '[object Object]']);

/**
 * A decimal number written as text, as an expression may hand it over ("5", " 0.5 ", "1e3").
 * Each part can match in one way only, so the pattern runs in linear time; and it is given at
 * most MAX_NUMBER_TEXT characters (no number needs more), so a huge text is refused at once.
 */
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const MAX_NUMBER_TEXT = 100;

/* ------------------------------------------------------------------- numbers */

export interface Bounds {
	min?: number;
	max?: number;
}

/** A number parameter's bounds as its definition gives them to the editor (`minValue`, `maxValue`). */
export function boundsOf(property: {
	typeOptions?: { minValue?: number; maxValue?: number };
}): Bounds {
	const { minValue: min, maxValue: max } = property.typeOptions ?? {};
	return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** What a bounded number may be, in words: "a number from 0 to 1". */
export function describeBounds(kind: string, { min, max }: Bounds): string {
	if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
	if (min !== undefined) return `${kind} of ${min} or more`;
	if (max !== undefined) return `${kind} of ${max} or less`;
	return kind;
}

/** A finite number, or numeric text read as one; undefined for anything else. */
export function numberOf(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || value.length > MAX_NUMBER_TEXT) return undefined;
	const text = value.trim();
	if (!NUMBER_TEXT.test(text)) return undefined;
	const number = Number(text);
	return Number.isFinite(number) ? number : undefined;
}

function inBounds(number: number, { min, max }: Bounds): boolean {
	return (min === undefined || number >= min) && (max === undefined || number <= max);
}

/** A finite number within bounds; numeric text is read as a number, nothing else is. */
export function readNumber(
	parameter: Parameter,
	value: unknown,
	bounds: Bounds = {},
	allowed = describeBounds('a number', bounds),
): number {
	const number = numberOf(value);
	if (number === undefined || !inBounds(number, bounds)) invalid(parameter, value, allowed);
	return number;
}

/** A whole number within bounds. */
export function readWholeNumber(
	parameter: Parameter,
	value: unknown,
	bounds: Bounds = {},
	allowed = describeBounds('a whole number', bounds),
): number {
	const number = readNumber(parameter, value, bounds, allowed);
	if (!Number.isSafeInteger(number)) invalid(parameter, value, allowed);
	return number;
}

/**
 * A whole-number parameter's value (its default when unset), within the bounds its own definition
 * gives the editor, so the check and the panel cannot disagree.
 */
export function wholeNumberWithin(
	property: Parameter & {
		default?: unknown;
		typeOptions?: { minValue?: number; maxValue?: number };
	},
	value: unknown,
): number {
	return readWholeNumber(property, value ?? property.default, boundsOf(property));
}

/* --------------------------------------------------------------- identifiers */

/** What a resource locator holds, whether n8n hands it over as `{mode, value}` or as is. */
function locatorContent(value: unknown): unknown {
	const isLocator =
		typeof value === 'object' &&
		value !== null &&
		!Array.isArray(value) &&
		((value as IDataObject).__rl === true || 'mode' in value);
	return isLocator ? (value as IDataObject).value : value;
}

/** Text (trimmed) or a whole number as text; undefined for any other type or garbled text. */
function nameOf(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return GARBLED_TEXT.has(text) ? undefined : text;
}

/**
 * The identifier a value from the service or a link holds: text or a whole number, not empty, not
 * garbled (undefined, null, NaN), not a path step ("." or ".."); undefined otherwise.
 */
export function identifierIn(value: unknown): string | undefined {
	const identifier = nameOf(value);
	return identifier === undefined || ['', '.', '..'].includes(identifier) ? undefined : identifier;
}

/**
 * An identifier or a name, from text, a whole number, or a resource locator; undefined when unset
 * (missing, null, empty). Anything else (an object, a list, a boolean, NaN) is refused.
 */
export function readOptionalIdentifier(
	parameter: Parameter,
	value: unknown,
	allowed = 'an identifier (text)',
): string | undefined {
	const content = locatorContent(value);
	if (isBlank(content)) return undefined;
	if ((value as IDataObject | null)?.mode === 'url') {
		const match = typeof content === 'string' ? DOCUMENT_LINK.exec(content.trim()) : null;
		// The segment passes By ID's checks: an expression's undefined, null or NaN, or a path step.
		const identifier = match === null ? undefined : identifierIn(match[1]);
		if (identifier === undefined) invalid(parameter, content, LINK_ALLOWED);
		return identifier;
	}
	const identifier = nameOf(content);
	if (identifier === undefined) invalid(parameter, content, allowed);
	return identifier;
}

/**
 * A document locator's By URL mode: the document's own link, an http(s) link whose path ends in
 * `/documents/<identifier>` (the API's `/v3/documents/<id>`, the app's document page), so a link
 * to something else (its `/redacted` file, a workspace, a list) never names a document. One
 * pattern for the panel's check and extraction and for the reader.
 */
export const DOCUMENT_LINK =
	/^https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?\/documents\/([^/?#\s]+)\/?(?:[?#]\S*)?$/;
/** A document's link, as the panel's placeholder and the refusal show it (the Global region's). */
export const DOCUMENT_LINK_EXAMPLE = 'https://api.affinda.com/v3/documents/mEFayXdO';
const LINK_ALLOWED = `the document's link, ending in /documents/ and its identifier, e.g. ${DOCUMENT_LINK_EXAMPLE}`;

/** Free text, such as a file name or a hint: read like an identifier, so objects are refused. */
export function readOptionalText(
	parameter: Parameter,
	value: unknown,
	allowed = 'text',
): string | undefined {
	return readOptionalIdentifier(parameter, value, allowed);
}

/** An identifier the request cannot do without. */
export function readIdentifier(
	parameter: Parameter,
	value: unknown,
	allowed = 'an identifier (text)',
): string {
	const identifier = readOptionalIdentifier(parameter, value, allowed);
	if (identifier === undefined) invalid(parameter, locatorContent(value), allowed);
	// In a path, a URL resolves these to another path, even encoded (%2E%2E).
	if (identifier === '.' || identifier === '..') {
		invalid(parameter, identifier, `${allowed} other than "." and ".."`);
	}
	return identifier;
}

/* ----------------------------------------------------------------- name lists */

/**
 * Names separated by commas, or a list of names from an expression; blanks are dropped. Every
 * entry must be text or a whole number: a list holding an object, a boolean or NaN is refused.
 */
export function readNameList(
	parameter: Parameter,
	value: unknown,
	allowed = 'names separated by commas, or a list of names',
): string[] {
	if (isBlank(value)) return [];
	const entries = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(',')
			: [value];
	const names: string[] = [];
	for (const entry of entries) {
		if (isBlank(entry)) continue;
		const name = nameOf(entry);
		if (name === undefined) invalid(parameter, value, allowed);
		names.push(name);
	}
	return names;
}

/* --------------------------------------------------------------- JSON objects */

/**
 * A JSON parameter's value as an object: n8n hands it over as text, or as an object from an
 * expression. Undefined when it is not valid JSON or not an object (arrays included).
 */
export function parseJsonObject(value: unknown): IDataObject | undefined {
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			return undefined;
		}
	}
	return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
		? (parsed as IDataObject)
		: undefined;
}

export function readJsonObject(
	parameter: Parameter,
	value: unknown,
	allowed = 'a JSON object',
): IDataObject {
	const object = parseJsonObject(value);
	if (!object) invalid(parameter, value, allowed);
	return object;
}

/* -------------------------------------------------------------------- choices */

/** The values a person may choose from, as an options parameter lists them. */
export function choicesOf(property: { options?: readonly unknown[] }): string[] {
	return (property.options ?? []).map((option) => String((option as { value?: unknown }).value));
}

/** One of `choices`, or undefined when unset. */
export function readOptionalChoice(
	parameter: Parameter,
	value: unknown,
	choices: readonly string[],
): string | undefined {
	const allowed = `one of ${choices.join(', ')}`;
	const chosen = readOptionalIdentifier(parameter, value, allowed);
	if (chosen !== undefined && !choices.includes(chosen)) invalid(parameter, value, allowed);
	return chosen;
}

/* ---------------------------------------------------------------------- flags */

/** true or false, also as the text an expression may give. */
export function readFlag(parameter: Parameter, value: unknown): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	return invalid(parameter, value, 'true or false');
}
