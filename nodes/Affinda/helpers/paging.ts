import { InvalidParameterError } from './errors';

/** Limit and Offset as the service bounds them, checked before any request. */

export function toLimit(value: unknown, maxLimit: number): number {
	const limit = Number(value);
	if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
		throw new InvalidParameterError('Limit', 'limit', value, `a whole number from 1 to ${maxLimit}`);
	}
	return limit;
}

export function toOffset(value: unknown): number {
	const offset = Number(value ?? 0);
	if (!Number.isInteger(offset) || offset < 0) {
		throw new InvalidParameterError('Offset', 'offset', value, 'a whole number of 0 or more');
	}
	return offset;
}
