import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readWholeNumber } from '../readers';
import { affindaApiRequest, DEFAULT_TIMEOUT_SECONDS } from './request';
import type { AffindaRequest } from './types';

/** Options → Request Timeout, which every operation of the Affinda node offers. */
export const REQUEST_TIMEOUT = {
	displayName: 'Request Timeout (Seconds)',
	name: 'requestTimeout',
	bounds: { min: 1, max: 3600 },
} as const;

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
