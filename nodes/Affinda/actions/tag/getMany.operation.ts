import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readReturnAllOrLimit } from '../../helpers/paging';
import { filtersQuery, nameFilter, type QueryParameter } from '../../helpers/query';
import { readTags } from '../../helpers/tags';
import { readRequestTimeoutMs } from '../../../shared/transport/itemRequest';
import { PAGE_SIZE } from '../../../shared/transport/pager';
import { listParameters, tagWorkspaceLocator } from '../common.descriptions';

const filters: QueryParameter[] = [
	{ kind: 'text', property: tagWorkspaceLocator('Only the tags of this workspace') },
	nameFilter('tag'),
];

export const description: INodeProperties[] = listParameters(PAGE_SIZE.tags, filters);

export const toolDescription =
	'Lists the tags in Affinda (labels such as "shortlisted" or a requisition number that group documents), each with its ID, name, workspace and how many documents carry it. Use it to learn which tags exist before tagging documents or finding them by tag.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const qs = filtersQuery.call(this, itemIndex, filters);
	const max = readReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.tags);
	return await readTags.call(this, qs, {
		max,
		itemIndex,
		timeoutMs: readRequestTimeoutMs.call(this, itemIndex),
	});
}
