import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { documentKind, type DocumentKind } from '../../../shared/output/kind';
import { dataParameter, readData } from '../../../shared/parameters';
import { requestForItem } from '../../../shared/transport/itemRequest';
import {
	OUTPUT_PARAMETER,
	documentsAnswer,
	type ServiceAnswer,
} from '../../../shared/output/output';
import { ROW_OPTIONS } from '../../../shared/output/rowOptions';
import {
	readReIndexIn,
	reIndexAfterRun,
	reIndexInOption,
	reIndexOnceRunIsDone,
} from '../index/reIndex';
import { documentLocator, optionsCollection } from '../common.descriptions';
import { documentPath, readDocumentIdentifier } from './document';

/** The extractors whose data this endpoint updates; other documents change through annotations. */

const dataProperty = dataParameter(
	'{ "name": { "first": "Jane", "last": "Doe" } }',
	"The fields to change, as JSON shaped like the document's parsed data, e.g. name, emails or skills of a resume, or jobTitle of a job description. Fields left out keep their values.",
);

export const description: INodeProperties[] = [
	{
		...documentLocator,
		description: 'The parsed resume or job description to change',
	},
	dataProperty,
	OUTPUT_PARAMETER,
	optionsCollection([...ROW_OPTIONS, reIndexInOption]),
];

export const toolDescription =
	"Corrects the parsed data of a resume or job description in Affinda (for example a candidate's name, email or skills), by the document's identifier. Returns the document as updated, as one flat row (for a resume: name, email, phone, city, current job title, years of experience and skills). Use it only when the user asks to correct parsed data.";

/**
 * The service refuses (400) to update a document that is neither a resume nor a job description.
 * Only then is the document fetched, to say so plainly; any other refusal stands as it came.
 */
async function explainRefusal(
	this: IExecuteFunctions,
	refusal: unknown,
	identifier: string,
	itemIndex: number,
): Promise<unknown> {
	// Anything else goes back as it came; the router names its item.
	if (!(refusal instanceof NodeApiError) || refusal.httpCode !== '400') return refusal;
	let extractor: unknown;
	let kind: DocumentKind;
	try {
		const document = await requestForItem.call(this, {
			method: 'GET',
			path: documentPath(identifier),
			qs: { compact: true },
			itemIndex,
		});
		extractor = document.extractor;
		// NextGen resumes (`resume-v4`, …) are resumes too.
		kind = documentKind(document);
	} catch {
		return refusal;
	}
	if (typeof extractor !== 'string' || kind !== 'other') return refusal;
	return new NodeOperationError(
		this.getNode(),
		`Document ${identifier} is parsed as "${extractor}", and Update Data changes only resumes and job descriptions`,
		{
			itemIndex,
			description:
				'Change the fields of other documents with Annotation → Update or Annotation → Batch Update.',
		},
	);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	const data = readData(dataProperty, this.getNodeParameter('data', itemIndex));
	const reIndexIn = readReIndexIn.call(this, itemIndex);
	let document: IDataObject;
	try {
		document = await requestForItem.call(this, {
			method: 'POST',
			path: `${documentPath(identifier)}/update_data`,
			body: data,
			itemIndex,
			// Setting the same values twice leaves the same document.
			idempotent: true,
		});
	} catch (error) {
		throw await explainRefusal.call(this, error, identifier, itemIndex);
	}
	reIndexOnceRunIsDone.call(this, itemIndex, identifier, reIndexIn);
	return documentsAnswer(document);
}

export const afterRun = reIndexAfterRun;
