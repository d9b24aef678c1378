import type { IExecuteFunctions } from 'n8n-workflow';

import { CONCURRENCY, DEFAULT_CONCURRENCY } from '../../shared/parameters';
import { readWholeNumber } from '../../shared/readers';

/** Options → Concurrency (shared/parameters.ts), read from the first item: the node's setting. */

export function readConcurrency(this: IExecuteFunctions): number {
	const value = this.getNodeParameter(`options.${CONCURRENCY.name}`, 0, DEFAULT_CONCURRENCY);
	return readWholeNumber(CONCURRENCY, value, CONCURRENCY.bounds);
}
