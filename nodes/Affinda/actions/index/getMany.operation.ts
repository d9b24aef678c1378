import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestReturnAllOrLimit } from '../../helpers/paging';
import { choicesOf, readOptionalChoice, readOptionalText } from '../../helpers/parameters';
import { PAGE_SIZE } from '../../../shared';
import { ANY, optionsCollection, returnAllAndLimit } from '../common.descriptions';

const filters: INodeProperties[] = [
	{
		displayName: 'Document Type',
		name: 'document_type',
		type: 'options',
		default: ANY,
		options: [
			{ name: 'Any', value: ANY },
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
];

const properties: INodeProperties[] = [
	...returnAllAndLimit(PAGE_SIZE.indices),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: filters,
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['index'], operation: ['getMany'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const values = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	for (const filter of filters) {
		const value = values[filter.name] === ANY ? undefined : values[filter.name];
		const read =
			filter.type === 'options'
				? readOptionalChoice(filter, value, choicesOf(filter))
				: readOptionalText(filter, value);
		if (read !== undefined) qs[filter.name] = read;
	}
	return await requestReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.indices, {
		method: 'GET',
		path: '/v3/index',
		qs,
	});
}
