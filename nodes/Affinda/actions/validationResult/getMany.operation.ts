import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readCutList, readReturnAllOrLimit, returnAllAndLimit } from '../../helpers/paging';
import { VALIDATION_RESULTS_PATH } from '../../../shared/service';
import { readRequestTimeoutMs } from '../../../shared/transport/itemRequest';
import { PAGE_SIZE } from '../../../shared/transport/pager';
import { optionsCollection } from '../common.descriptions';
import { documentLocator } from '../document/descriptions';
import { readDocumentIdentifier } from '../document/document';
import { filledByModelAsTool } from '../tool.descriptions';

const documentParameter: INodeProperties = {
	...documentLocator,
	description: 'The parsed document whose validation results to get',
};

export const description: INodeProperties[] = [
	...filledByModelAsTool(documentParameter, 'Identifier of the document to check'),
	...returnAllAndLimit(PAGE_SIZE.validationResults),
	optionsCollection(),
];

export const toolDescription =
	"Gets the validation results of a parsed document in Affinda: what each validation rule of its document type says (for example that the resume has an email address and a phone number), whether it passed (true, false, or null when the rule does not apply) and, when it failed, why. Argument: document, the document's identifier. Use it to decide whether a person should review a document before it is confirmed or sent on.";

/** A validation result as the service lists it: an id, and the rule's slug. */
export function isValidationResult(value: unknown): value is IDataObject {
	const result = value as IDataObject | null;
	return (
		typeof result === 'object' &&
		result !== null &&
		Number.isSafeInteger(result.id) &&
		typeof result.ruleSlug === 'string'
	);
}

/** The document's validation results, at most `max` (a plain list that `limit` and `offset` cut). */
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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const document = readDocumentIdentifier.call(this, itemIndex);
	const max = readReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.validationResults);
	const results = await readValidationResults.call(this, document, itemIndex, max);
	return results.map((result) => ({
		id: result.id,
		document: result.document ?? document,
		rule: result.ruleSlug,
		passed: typeof result.passed === 'boolean' ? result.passed : null,
		message: result.message ?? null,
		annotations: Array.isArray(result.annotations) ? result.annotations : [],
	}));
}
