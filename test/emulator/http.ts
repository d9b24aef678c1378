// The service's error shape, status helpers and the offset/limit pager every list shares.

export interface ErrorItem {
	attr: string | null;
	code: string;
	detail: string;
}

/** The service's `RequestError` body: `{type, errors: [{attr, code, detail}]}`. */
export interface ErrorBody {
	type: string;
	errors: ErrorItem[];
}

/** Thrown by handlers; the server turns it into the service's error body. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly type: string,
		readonly errors: ErrorItem[],
		readonly headers: Record<string, string> = {},
	) {
		super(errors.map((e) => `${e.attr ?? ''}: ${e.detail}`).join('; '));
	}

	toBody(): ErrorBody {
		return { type: this.type, errors: this.errors };
	}
}

export function validationError(errors: ErrorItem[]): ApiError {
	return new ApiError(400, 'validation_error', errors);
}

export function fieldError(attr: string | null, code: string, detail: string): ApiError {
	return validationError([{ attr, code, detail }]);
}

export function notFound(detail = 'Not found.'): ApiError {
	return new ApiError(404, 'client_error', [{ attr: null, code: 'not_found', detail }]);
}

export function clientError(status: number, code: string, detail: string): ApiError {
	return new ApiError(status, 'client_error', [{ attr: null, code, detail }]);
}

export type Query = Record<string, string | string[]>;

/** First value of a query parameter (repeated parameters keep their first). */
export function queryValue(query: Query, name: string): string | undefined {
	const value = query[name];
	return Array.isArray(value) ? value[0] : value;
}

/** All values of a query parameter, accepting both repeated and comma-separated forms. */
export function queryList(query: Query, name: string): string[] {
	const value = query[name];
	if (value === undefined) return [];
	return (Array.isArray(value) ? value : [value])
		.flatMap((v) => v.split(','))
		.filter((v) => v !== '');
}

const TRUE_STRINGS = new Set(['true', 'True', 'TRUE', '1']);
const FALSE_STRINGS = new Set(['false', 'False', 'FALSE', '0']);

/** Booleans that arrive as strings (query parameters, multipart fields). */
export function parseBooleanString(value: string, attr: string): boolean {
	if (TRUE_STRINGS.has(value)) return true;
	if (FALSE_STRINGS.has(value)) return false;
	throw fieldError(attr, 'invalid', 'Must be a valid boolean.');
}

export function queryBoolean(query: Query, name: string): boolean | undefined {
	const value = queryValue(query, name);
	return value === undefined ? undefined : parseBooleanString(value, name);
}

function queryInteger(
	query: Query,
	name: string,
	errors: ErrorItem[],
	min: number,
	max?: number,
): number | undefined {
	const raw = queryValue(query, name);
	if (raw === undefined) return undefined;
	if (!/^-?\d+$/.test(raw.trim())) {
		errors.push({ attr: name, code: 'invalid', detail: 'A valid integer is required.' });
		return undefined;
	}
	const value = Number(raw);
	if (value < min) {
		errors.push({
			attr: name,
			code: 'min_value',
			detail: `Ensure this value is greater than or equal to ${min}.`,
		});
	} else if (max !== undefined && value > max) {
		errors.push({
			attr: name,
			code: 'max_value',
			detail: `Ensure this value is less than or equal to ${max}.`,
		});
	}
	return value;
}

export interface PageRequest {
	limit: number;
	offset: number;
}

export const DEFAULT_PAGE_SIZE = 20;

/** Reads `limit` and `offset` within the endpoint's bounds, adding what is wrong to `errors`. */
export function pagingOf(query: Query, maxLimit: number, errors: ErrorItem[]): PageRequest {
	const limit = queryInteger(query, 'limit', errors, 1, maxLimit) ?? DEFAULT_PAGE_SIZE;
	const offset = queryInteger(query, 'offset', errors, 0) ?? 0;
	return { limit, offset };
}

/** Reads `limit` and `offset`, answering 400 (both reported at once) when out of bounds. */
export function readPaging(query: Query, maxLimit: number): PageRequest {
	const errors: ErrorItem[] = [];
	const page = pagingOf(query, maxLimit, errors);
	if (errors.length > 0) throw validationError(errors);
	return page;
}

export interface Page<T> {
	count: number;
	next: string | null;
	previous: string | null;
	results: T[];
}

/**
 * One page of `items` with absolute next/previous URLs. `pageUrl` keeps the request's own path and
 * other query parameters; both links always carry `limit` and `offset`, so a client can follow them
 * without knowing the defaults.
 */
export function pageOf<T>(
	items: readonly T[],
	page: PageRequest,
	pageUrl: (limit: number, offset: number) => string,
): Page<T> {
	const { limit, offset } = page;
	const nextOffset = offset + limit;
	return {
		count: items.length,
		next: nextOffset < items.length ? pageUrl(limit, nextOffset) : null,
		previous: offset > 0 ? pageUrl(limit, Math.max(0, offset - limit)) : null,
		results: items.slice(offset, nextOffset),
	};
}
