import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../common.descriptions';
import { reIndexDocument } from './reIndex';
import { filledByModelAsTool } from '../tool.descriptions';
import {
	indexDocumentParameter,
	indexParameter,
	readIndexDocument,
	readIndexName,
} from './indexProperties';

const documentParameter = indexDocumentParameter(
	'The resume or job description whose data changed since it was indexed (an annotation or Update Data changed it): the index takes its current data, so that searches find what it says now',
);

export const description: INodeProperties[] = [
	indexParameter,
	...filledByModelAsTool(documentParameter, 'Identifier of the document to re-index'),
	optionsCollection(),
];

export const toolDescription =
	"Re-indexes a document in a search index of Affinda (the index is set in the node): the index takes the document's current data, so that searches find a corrected value and no longer the old one. Affinda's search keeps the data a document had when it was indexed until it is re-indexed. Argument: document, the document's identifier. Safe to repeat: re-indexing twice changes nothing more. Use it after correcting a document's parsed data; it fails when the index does not hold the document.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const index = readIndexName.call(this, itemIndex);
	const document = readIndexDocument.call(this, documentParameter, itemIndex);
	await reIndexDocument.call(this, index, document, itemIndex);
	return { index, document, reIndexed: true };
}
