import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { boundsOf, readFlag, readWholeNumber } from '../../shared/readers';
import { readRequestTimeoutMs } from '../../shared/transport/itemRequest';
import { affindaApiRequestAllPages } from '../../shared/transport/pager';
import { type AffindaRequest } from '../../shared/transport/types';

const returnAllParameter: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/** Limit, from 1 to `maxLimit`, the endpoint's largest page. */
export function limitParameter(maxLimit: number): INodeProperties {
	return {
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		default: 50,
		typeOptions: { minValue: 1, maxValue: maxLimit },
		displayOptions: { show: { returnAll: [false] } },
		description: 'Max number of results to return',
	};
}

/** Return All and Limit; `maxLimit` is the endpoint's largest page. */
export function returnAllAndLimit(maxLimit: number): INodeProperties[] {
	return [returnAllParameter, limitParameter(maxLimit)];
}

/**
 * A paged list or search as n8n users expect it: Return All follows every `next` page (pages of
 * `pageSize`, the endpoint's largest); otherwise Limit (1 to `pageSize`) is both the page size
 * asked for and the number returned.
 */
function readLimit(limit: INodeProperties, value: unknown): number {
	return readWholeNumber(limit, value, boundsOf(limit));
}

/** How many results to return: undefined for Return All, else Limit (1 to `pageSize`). */
export function readReturnAllOrLimit(
	this: IExecuteFunctions,
	itemIndex: number,
	pageSize: number,
): number | undefined {
	const returnAll = readFlag(returnAllParameter, this.getNodeParameter('returnAll', itemIndex));
	return returnAll
		? undefined
		: readLimit(limitParameter(pageSize), this.getNodeParameter('limit', itemIndex));
}

export async function requestReturnAllOrLimit(
	this: IExecuteFunctions,
	itemIndex: number,
	pageSize: number,
	request: Omit<AffindaRequest, 'itemIndex'>,
): Promise<IDataObject[]> {
	const wanted = readReturnAllOrLimit.call(this, itemIndex, pageSize);
	return await affindaApiRequestAllPages.call(
		this,
		{
			timeoutMs: readRequestTimeoutMs.call(this, itemIndex),
			...request,
			qs: { ...request.qs, limit: wanted ?? pageSize },
			itemIndex,
		},
		wanted,
	);
}
