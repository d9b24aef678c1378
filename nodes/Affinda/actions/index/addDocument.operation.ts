import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toIdentifier } from '../../search/input';
import { affindaApiRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Index Name or ID',
		name: 'indexName',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getAllIndices' },
		required: true,
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	{
		displayName: 'Document ID',
		name: 'document',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. mEFayXdO',
		description: 'Identifier of a parsed resume or job description to make searchable',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['index'], operation: ['addDocument'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const indexName = toIdentifier(
		'Index Name or ID',
		'indexName',
		this.getNodeParameter('indexName', itemIndex),
	);
	const document = toIdentifier(
		'Document ID',
		'document',
		this.getNodeParameter('document', itemIndex),
	);
	const added = await affindaApiRequest.call(this, {
		method: 'POST',
		path: `/v3/index/${encodeURIComponent(indexName)}/documents`,
		body: { document },
		itemIndex,
	});
	return { index: indexName, ...added };
}
