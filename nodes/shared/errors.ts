import { UserError } from 'n8n-workflow';

/**
 * A parameter value the service would reject, caught before any request is sent.
 * The router turns it into a NodeOperationError for the item it came from.
 */
export class InvalidParameterError extends UserError {
	constructor(
		readonly label: string,
		readonly field: string,
		readonly value: unknown,
		readonly allowed: string,
	) {
		super(`Parameter "${label}" (${field}) is ${describeValue(value)}, but must be ${allowed}`);
	}
}

/**
 * A message that names the input item it is about: "… [item 3]". An error carries its item as
 * data (`itemIndex` in its context) and the router names it, once, as the error leaves the node;
 * a warning names it where it is written. Without an item (a dropdown, a trigger), the message as
 * it is.
 */
export function withItem(message: string, itemIndex: number | undefined): string {
	return itemIndex === undefined ? message : `${message} [item ${itemIndex}]`;
}

/** Values longer than this are cut short in messages: enough to recognise, not a wall of text. */
const MAX_SHOWN_LENGTH = 200;

/** A value as the person gave it: NaN stays NaN, text is quoted, nothing is "missing". */
export function describeValue(value: unknown): string {
	if (value === undefined) return 'missing';
	if (typeof value === 'string' && value.trim() === '') return 'empty';
	const shown = show(value, 0);
	return shown.length > MAX_SHOWN_LENGTH ? `${shown.slice(0, MAX_SHOWN_LENGTH)}…` : shown;
}

/** Like JSON, except that what JSON cannot say (NaN, Infinity, undefined) is said as it is. */
function show(value: unknown, depth: number): string {
	if (typeof value === 'string') return JSON.stringify(value);
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
		return String(value);
	}
	if (value === null || value === undefined) return String(value);
	if (typeof value === 'function') return 'a function';
	if (typeof value !== 'object') return String(value);
	// Dates, Luxon DateTimes and the like say who they are through toJSON.
	const toJSON = (value as { toJSON?: unknown }).toJSON;
	if (typeof toJSON === 'function') return show(toJSON.call(value), depth);
	if (depth > 4) return Array.isArray(value) ? '[…]' : '{…}';
	if (Array.isArray(value)) return `[${value.map((entry) => show(entry, depth + 1)).join(', ')}]`;
	const entries = Object.entries(value).map(
		([key, entry]) => `${JSON.stringify(key)}: ${show(entry, depth + 1)}`,
	);
	return `{${entries.join(', ')}}`;
}
