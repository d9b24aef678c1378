import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readIdentifier } from '../../helpers/parameters';
import { requestForItem } from '../../helpers/operationOptions';
import { INDICES_PATH, pathSegment } from '../../../shared';
import { optionsCollection, parsedDocumentLocator } from '../common.descriptions';

const indexParameter: INodeProperties = {
	displayName: 'Index Name or ID',
	name: 'indexName',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getAllIndices' },
	required: true,
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

const documentParameter: INodeProperties = {
	...parsedDocumentLocator(
		'Document',
		'document',
		'indexable',
		'The parsed resume or job description to make searchable',
	),
	required: true,
};

const properties: INodeProperties[] = [indexParameter, documentParameter, optionsCollection()];

/** What a model reads about this operation as a tool (actions/tool.ts). */
export const toolDescription =
	"Adds a parsed document to a search index of Affinda, so that searches over that index find it. Arguments: the index name and the document's identifier. Returns the index entry. Use it when a document should be found by the search tools and is not yet in their index.";

export const description = updateDisplayOptions(
	{ show: { resource: ['index'], operation: ['addDocument'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const indexName = readIdentifier(
		indexParameter,
		this.getNodeParameter('indexName', itemIndex),
		'an index name',
	);
	const document = readIdentifier(
		documentParameter,
		this.getNodeParameter('document', itemIndex),
		'a document identifier',
	);
	const added = await requestForItem.call(this, {
		method: 'POST',
		path: `${INDICES_PATH}/${pathSegment(indexName)}/documents`,
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
