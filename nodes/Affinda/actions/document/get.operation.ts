import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { DOCUMENT_OUTPUT_PARAMETER, ROW_OPTIONS } from '../../../shared/output/outputProperties';
import { documentsAnswer, type ServiceAnswer } from '../../../shared/output/rows';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { optionsCollection } from '../common.descriptions';
import { compactOption, documentLocator } from './descriptions';
import { documentPath, readDocumentIdentifier } from './document';

export const description: INodeProperties[] = [
	documentLocator,
	DOCUMENT_OUTPUT_PARAMETER,
	optionsCollection([compactOption, ...ROW_OPTIONS]),
];

export const toolDescription =
	"Gets one document from Affinda by its identifier, as one flat row: for a resume the candidate's name, email, phone, city, current job title, years of experience and skills. Argument: the document's identifier, as a search, a listing or an upload returned it. Use it to read a candidate's details after a search.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const document = await requestForItem.call(this, {
		method: 'GET',
		path: documentPath(identifier),
		qs: options.compact === undefined ? undefined : { compact: options.compact },
		itemIndex,
	});
	return documentsAnswer(document);
}
