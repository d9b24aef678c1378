import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { affindaApiRequestAllPages, type AffindaRequest } from '../transport';
import { InvalidParameterError } from './errors';

/** Limit and Offset as the service bounds them, checked before any request. */

export function toLimit(value: unknown, maxLimit: number): number {
	const limit = Number(value);
	if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
		throw new InvalidParameterError(
			'Limit',
			'limit',
			value,
			`a whole number from 1 to ${maxLimit}`,
		);
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

/**
 * A paged list or search as n8n users expect it: Return All follows every `next` page (pages of
 * `maxLimit`); otherwise Limit is both the page size asked for and the number returned.
 */
export async function requestReturnAllOrLimit(
	this: IExecuteFunctions,
	itemIndex: number,
	maxLimit: number,
	request: Omit<AffindaRequest, 'itemIndex'>,
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? maxLimit : toLimit(this.getNodeParameter('limit', itemIndex), maxLimit);
	return await affindaApiRequestAllPages.call(
		this,
		{ ...request, qs: { ...request.qs, limit }, itemIndex },
		returnAll ? undefined : limit,
	);
}
