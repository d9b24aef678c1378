import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { VALIDATION_RESULTS_PATH } from '../../shared/service';
import { readRequestTimeoutMs } from '../../shared/transport/itemRequest';
import { PAGE_SIZE } from '../../shared/transport/pager';
import { readCutList } from './paging';

/** A validation result as the service lists it: an id, and the rule's slug. */
function isValidationResult(value: unknown): value is IDataObject {
	const result = value as IDataObject | null;
	return (
		typeof result === 'object' &&
		result !== null &&
		Number.isSafeInteger(result.id) &&
		typeof result.ruleSlug === 'string'
	);
}

/**
 * A document's validation results, at most `max` (a plain list that `limit` and `offset` cut):
 * read by Validation Result → Get Many and by Document → Get's validation columns.
 */
export async function readValidationResults(
	this: IExecuteFunctions,
	document: string,
	itemIndex: number,
	max?: number,
): Promise<IDataObject[]> {
	return await readCutList(
		this,
		{
			path: VALIDATION_RESULTS_PATH,
			qs: { document },
			pageSize: PAGE_SIZE.validationResults,
			isEntry: isValidationResult,
			entries: 'validation results (each with a number "id" and a "ruleSlug")',
			idOf: (result) => result.id,
		},
		{ max, itemIndex, timeoutMs: readRequestTimeoutMs.call(this, itemIndex) },
	);
}
