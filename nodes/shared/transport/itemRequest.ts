import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_SECONDS, REQUEST_TIMEOUT } from './timeouts';
import { readWholeNumber } from '../readers';
import { affindaApiRequest } from './request';
import type { AffindaRequest } from './types';

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
