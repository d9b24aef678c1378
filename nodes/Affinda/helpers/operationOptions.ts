import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { affindaApiRequest, DEFAULT_TIMEOUT_SECONDS, type AffindaRequest } from '../../shared';
import { readWholeNumber } from './parameters';

/** Options → Request Timeout, which every operation offers. */
export const REQUEST_TIMEOUT = {
	displayName: 'Request Timeout (Seconds)',
	name: 'requestTimeout',
	bounds: { min: 1, max: 3600 },
} as const;

/**
 * Options → Concurrency: how many items are worked on at once (read from the first item: it is
 * the node's setting). Five keeps a few requests in flight without crowding the service.
 */
export const DEFAULT_CONCURRENCY = 5;

export const CONCURRENCY = {
	displayName: 'Concurrency',
	name: 'concurrency',
	bounds: { min: 1, max: 50 },
} as const;

export function readConcurrency(this: IExecuteFunctions): number {
	const value = this.getNodeParameter(`options.${CONCURRENCY.name}`, 0, DEFAULT_CONCURRENCY);
	return readWholeNumber(CONCURRENCY, value, CONCURRENCY.bounds);
}

/** The item's Request Timeout in milliseconds (one minute when it is not set). */
export function readRequestTimeoutMs(this: IExecuteFunctions, itemIndex: number): number {
	const value = this.getNodeParameter(
		`options.${REQUEST_TIMEOUT.name}`,
		itemIndex,
		DEFAULT_TIMEOUT_SECONDS,
	);
	return readWholeNumber(REQUEST_TIMEOUT, value, REQUEST_TIMEOUT.bounds) * 1000;
}

/** A request made for one input item, waiting no longer than that item's Request Timeout. */
export async function requestForItem(
	this: IExecuteFunctions,
	request: AffindaRequest & { itemIndex: number },
): Promise<IDataObject> {
	return await affindaApiRequest.call(this, {
		timeoutMs: readRequestTimeoutMs.call(this, request.itemIndex),
		...request,
	});
}
