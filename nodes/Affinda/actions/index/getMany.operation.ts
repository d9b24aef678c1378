import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requestReturnAllOrLimit } from '../../helpers/paging';
import { choiceFilter, filtersQuery, nameFilter, type QueryParameter } from '../../helpers/query';
import { INDICES_PATH } from '../../../shared/service';
import { PAGE_SIZE } from '../../../shared/transport/pager';
import { listParameters } from '../common.descriptions';
import { INDEX_DOCUMENT_TYPES } from './indexProperties';
import { byName } from '../../../shared/order';

const filters: QueryParameter[] = [
	choiceFilter(
		{
			displayName: 'Document Type',
			name: 'document_type',
			description: 'Only indices of this kind of document',
		},
		'Any',
		// Filters list their choices alphabetically, as n8n does.
		[...INDEX_DOCUMENT_TYPES].sort(byName),
	),
	nameFilter('index'),
];

export const description: INodeProperties[] = listParameters(PAGE_SIZE.indices, filters);

export const toolDescription =
	'Lists the search indices in Affinda (of resumes and of job descriptions) with their names and document types. Use it to learn which index names exist.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const qs = filtersQuery.call(this, itemIndex, filters);
	return await requestReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.indices, {
		method: 'GET',
		path: INDICES_PATH,
		qs,
	});
}
