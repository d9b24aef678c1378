import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import {
	DOCUMENT_OUTPUT_PARAMETER,
	documentsAnswer,
	ServiceAnswer,
	type OutputSettings,
} from '../../../shared/output/output';
import { rowOptions } from '../../../shared/output/rowOptions';
import { cellValue, type RowOptions } from '../../../shared/output/documentRows';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { readValidationResults } from '../../helpers/validationResults';
import { compactOption, documentLocator, optionsCollection } from '../common.descriptions';
import { documentPath, readDocumentIdentifier } from './document';

/**
 * Document → Get's own columns under Include Fields: read from the document's validation results,
 * with one more request made only when one of them is asked for.
 */
const VALIDATION_COLUMNS = {
	validationPassed: {
		name: 'Validation Passed',
		value: 'validationPassed',
		description:
			"False when any of the document's validation rules failed, true when all passed, null when none applies (one more request)",
	},
	validationMessages: {
		name: 'Validation Messages',
		value: 'validationMessages',
		description:
			"The failed validation rules' messages, a list as Lists As says (one more request)",
	},
} satisfies Record<string, INodePropertyOptions>;

export const description: INodeProperties[] = [
	documentLocator,
	DOCUMENT_OUTPUT_PARAMETER,
	optionsCollection([compactOption, ...rowOptions(Object.values(VALIDATION_COLUMNS))]),
];

export const toolDescription =
	"Gets one document from Affinda by its identifier, as one flat row: for a resume the candidate's name, email, phone, city, current job title, years of experience and skills. Argument: the document's identifier, as a search, a listing or an upload returned it. Use it to read a candidate's details after a search.";

/** The validation columns: results that do not apply (passed null) count for neither. */
function validationColumns(results: IDataObject[], listsAs: RowOptions['listsAs']) {
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

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	output: OutputSettings,
): Promise<ServiceAnswer> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const document = await requestForItem.call(this, {
		method: 'GET',
		path: documentPath(identifier),
		qs: options.compact === undefined ? undefined : { compact: options.compact },
		itemIndex,
	});
	const answer = documentsAnswer(document);
	// Include Fields belongs to the Flat Row: its validation columns are read (one more request)
	// only for a row that asks for them, before the row is made.
	const { choice, rowOptions } = output;
	const asked = Object.keys(VALIDATION_COLUMNS).filter(
		(name) => choice === 'row' && rowOptions.include.includes(name),
	);
	const columns: IDataObject =
		asked.length === 0
			? {}
			: validationColumns(
					await readValidationResults.call(this, identifier, itemIndex),
					rowOptions.listsAs,
				);
	return new ServiceAnswer(
		answer.raw,
		(options) => ({
			...(answer.row(options) as IDataObject),
			...Object.fromEntries(asked.map((name) => [name, columns[name]])),
		}),
		answer.document,
		answer.documents,
	);
}
