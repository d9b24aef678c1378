import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestReturnAllOrLimit } from '../../helpers/paging';
import { returnAllAndLimit } from '../common.descriptions';

/** The index list's largest page. */
const INDEX_PAGE_SIZE = 100;

const properties: INodeProperties[] = [
	...returnAllAndLimit(INDEX_PAGE_SIZE),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Document Type',
				name: 'document_type',
				type: 'options',
				default: 'resumes',
				options: [
					{ name: 'Job Descriptions', value: 'job_descriptions' },
					{ name: 'Resumes', value: 'resumes' },
				],
				description: 'Only indices of this kind of document',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Only the index with this name',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['index'], operation: ['getMany'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	for (const [name, value] of Object.entries(filters)) {
		if (value !== '' && value !== undefined) qs[name] = value;
	}
	return await requestReturnAllOrLimit.call(this, itemIndex, INDEX_PAGE_SIZE, {
		method: 'GET',
		path: '/v3/index',
		qs,
	});
}
