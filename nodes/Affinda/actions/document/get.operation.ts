import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestForItem } from '../../helpers/operationOptions';
import { optionsCollection, simplifyParameter } from '../common.descriptions';
import { compactOption, documentLocator } from './descriptions';
import { documentOutput, documentPath, readDocumentIdentifier } from './document';

const properties: INodeProperties[] = [
	documentLocator,
	simplifyParameter,
	optionsCollection([compactOption]),
];

/** What a model reads about this operation as a tool (actions/tool.ts). */
export const toolDescription =
	"Gets one document from Affinda by its identifier: its metadata (file name, state, when it was uploaded) and its parsed data (for a resume: name, contact details, skills, work experience, education). Argument: the document's identifier, as a search, a listing or an upload returned it. Use it to read a candidate's whole resume after a search.";

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const document = await requestForItem.call(this, {
		method: 'GET',
		path: documentPath(identifier),
		qs: options.compact === undefined ? undefined : { compact: options.compact },
		itemIndex,
	});
	return documentOutput.call(this, itemIndex, document);
}
