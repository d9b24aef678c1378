import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readReturnAllOrLimit, returnAllAndLimit } from '../../helpers/paging';
import { readValidationResults } from '../../helpers/validationResults';
import { PAGE_SIZE } from '../../../shared/transport/pager';
import { documentLocator, optionsCollection } from '../common.descriptions';
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
