import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../common.descriptions';
import {
	indexDocumentParameter,
	indexParameter,
	indexPath,
	readIndexDocument,
	readIndexName,
} from './indexProperties';
import { requestForItem } from '../../../shared/transport/itemRequest';

const documentParameter = indexDocumentParameter(
	'The parsed resume or job description to make searchable',
);

export const description: INodeProperties[] = [
	indexParameter,
	documentParameter,
	optionsCollection(),
];

export const toolDescription =
	"Adds a parsed document to a search index of Affinda, so that searches over that index find it. Arguments: the index name and the document's identifier. Returns the index entry. Use it when a document should be found by the search tools and is not yet in their index.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const indexName = readIndexName.call(this, itemIndex);
	const document = readIndexDocument.call(this, documentParameter, itemIndex);
	const added = await requestForItem.call(this, {
		method: 'POST',
		path: `${indexPath(indexName)}/documents`,
		body: { document },
		itemIndex,
		advice: {
			rerun: 'Run again later.',
			ifUncertain:
				'Affinda may have added the document: running again is harmless, and answers that the document is already in the index if it was.',
		},
	});
	return { index: indexName, ...added };
}
