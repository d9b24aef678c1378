import type { IExecuteFunctions } from 'n8n-workflow';

import { readWholeNumber } from '../../shared/readers';

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
