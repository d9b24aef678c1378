import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { affindaApiRequestAllPages, type AffindaRequest } from '../../shared';
import { readFlag, readWholeNumber } from './parameters';
import { readRequestTimeoutMs } from './request';

/**
 * A paged list or search as n8n users expect it: Return All follows every `next` page (pages of
 * `pageSize`, the endpoint's largest); otherwise Limit (1 to `pageSize`) is both the page size
 * asked for and the number returned.
 */
export async function requestReturnAllOrLimit(
	this: IExecuteFunctions,
	itemIndex: number,
	pageSize: number,
	request: Omit<AffindaRequest, 'itemIndex'>,
): Promise<IDataObject[]> {
	const returnAll = readFlag(
		{ displayName: 'Return All', name: 'returnAll' },
		this.getNodeParameter('returnAll', itemIndex),
	);
	const limit = returnAll
		? pageSize
		: readWholeNumber(
				{ displayName: 'Limit', name: 'limit' },
				this.getNodeParameter('limit', itemIndex),
				{ min: 1, max: pageSize },
			);
	return await affindaApiRequestAllPages.call(
		this,
		{
			timeoutMs: readRequestTimeoutMs.call(this, itemIndex),
			...request,
			qs: { ...request.qs, limit },
			itemIndex,
		},
		returnAll ? undefined : limit,
	);
}
