import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { DOCUMENT_OUTPUT_PARAMETER, ROW_OPTIONS } from '../../../shared/output/outputProperties';
import {
	cellValue,
	documentsAnswer,
	ServiceAnswer,
	type RowOptions,
} from '../../../shared/output/rows';
import { readFlag } from '../../../shared/readers';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { optionsCollection } from '../common.descriptions';
import { readValidationResults } from '../validationResult/getMany.operation';
import { compactOption, documentLocator } from './descriptions';
import { documentPath, readDocumentIdentifier } from './document';

/** Document → Get's own row option: the validation columns cost one more request, so they are asked for. */
const includeValidationOption: INodeProperties = {
	displayName: 'Include Validation',
	name: 'includeValidation',
	type: 'boolean',
	default: false,
	description:
		"Whether to add validationPassed (false when any of the document's validation rules failed, true when all passed, null when none applies) and validationMessages (the failed rules' messages), read with one more request",
	displayOptions: { show: { '/output': ['row'] } },
};

export const description: INodeProperties[] = [
	documentLocator,
	DOCUMENT_OUTPUT_PARAMETER,
	optionsCollection([compactOption, ...ROW_OPTIONS, includeValidationOption]),
];

export const toolDescription =
	"Gets one document from Affinda by its identifier, as one flat row: for a resume the candidate's name, email, phone, city, current job title, years of experience and skills. Argument: the document's identifier, as a search, a listing or an upload returned it. Use it to read a candidate's details after a search.";

/** The validation columns: results that do not apply (passed null) count for neither. */
export function validationColumns(results: IDataObject[], listsAs: RowOptions['listsAs']) {
	const decided = results.filter((result) => typeof result.passed === 'boolean');
	const failed = decided.filter((result) => result.passed === false);
	return {
		validationPassed: decided.length === 0 ? null : failed.length === 0,
		validationMessages: cellValue(
			failed
				.map((result) => result.message)
				.filter((message) => typeof message === 'string' && message !== ''),
			listsAs,
		) as string | string[],
	};
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const includeValidation =
		options.includeValidation !== undefined &&
		readFlag(includeValidationOption, options.includeValidation);
	const document = await requestForItem.call(this, {
		method: 'GET',
		path: documentPath(identifier),
		qs: options.compact === undefined ? undefined : { compact: options.compact },
		itemIndex,
	});
	const answer = documentsAnswer(document);
	if (!includeValidation) return answer;
	// Asked for on a Flat Row only: the row is the one place the results are read.
	return new ServiceAnswer(
		answer.raw,
		async (rowOptions) => {
			const row = (await answer.row(rowOptions)) as IDataObject;
			const results = await readValidationResults.call(this, identifier, itemIndex);
			return { ...row, ...validationColumns(results, rowOptions.listsAs) };
		},
		answer.document,
		answer.documents,
	);
}
