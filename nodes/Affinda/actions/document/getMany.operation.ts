import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requestReturnAllOrLimit, returnAllAndLimit } from '../../helpers/paging';
import {
	choiceFilter,
	filtersCollection,
	filtersQuery,
	toQuery,
	yesNoFilter,
	type QueryParameter,
} from '../../helpers/query';
import {
	DOCUMENT_OUTPUT_PARAMETER,
	type OutputSettings,
	documentsAnswer,
	type ServiceAnswer,
} from '../../../shared/output/output';
import { ROW_OPTIONS } from '../../../shared/output/rowOptions';
import { workspaceLocator } from '../../../shared/parameters';
import { PAGE_SIZE } from '../../../shared/transport/pager';
import { compactOption, optionsCollection } from '../common.descriptions';
import { DOCUMENTS_PATH } from './document';

/**
 * Each filter's name is the query parameter the service reads (snake_case, as it expects); its
 * kind says how its value is read (yes/no filters are choices, read as flags).
 */
const filters: QueryParameter[] = [
	{
		property: {
			displayName: 'Collection ID',
			name: 'collection',
			type: 'string',
			default: '',
			placeholder: 'e.g. mEFayXdO',
			description: 'Only documents in this collection',
		},
		kind: 'text',
	},
	choiceFilter(
		{
			displayName: 'Created',
			name: 'created_dt',
			description: 'Only documents uploaded in this period',
		},
		'Any Time',
		[
			{ name: 'This Month', value: 'month' },
			{ name: 'This Week', value: 'week' },
			{ name: 'This Year', value: 'year' },
			{ name: 'Today', value: 'today' },
			{ name: 'Yesterday', value: 'yesterday' },
		],
	),
	{
		property: {
			displayName: 'Custom Identifier',
			name: 'custom_identifier',
			type: 'string',
			default: '',
			description: 'Only documents uploaded with this custom identifier',
		},
		kind: 'text',
	},
	yesNoFilter(
		{
			displayName: 'Failed',
			name: 'failed',
			description: 'Only documents whose parsing failed, or only those where it did not',
		},
		'Failed Only',
		'Not Failed',
	),
	yesNoFilter(
		{
			displayName: 'Ready',
			name: 'ready',
			description: 'Only documents that are parsed, or only those still being parsed',
		},
		'Ready Only',
		'Not Ready',
	),
	{
		property: {
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: 'Only documents whose file name or tag name contains this text, ignoring case',
		},
		kind: 'text',
	},
	choiceFilter(
		{
			displayName: 'State',
			name: 'state',
			description: 'Only documents in this state of review',
		},
		'Any State',
		[
			{ name: 'Archived', value: 'archived' },
			{ name: 'In Review', value: 'review' },
			{ name: 'Rejected', value: 'rejected' },
			{ name: 'Uploaded', value: 'uploaded' },
			{ name: 'Validated', value: 'validated' },
		],
	),
	{
		property: {
			displayName: 'Tag IDs',
			name: 'tags',
			type: 'string',
			default: '',
			placeholder: 'e.g. 12, 34',
			description: 'Only documents with these tags: whole-number tag IDs, separated by commas',
		},
		kind: 'idList',
		allowed: 'whole-number tag IDs separated by commas',
	},
	{
		property: workspaceLocator,
		kind: 'text',
	},
];

const options: QueryParameter[] = [
	{ property: compactOption, kind: 'flag' },
	{
		kind: 'flag',
		property: {
			displayName: 'Include Data',
			name: 'include_data',
			type: 'boolean',
			default: false,
			description:
				'Whether to include a summary of the parsed data of each document; use Get for all of it',
		},
	},
	{
		kind: 'textList',
		allowed: 'field names separated by commas',
		property: {
			displayName: 'Sort By',
			name: 'ordering',
			type: 'string',
			default: '',
			placeholder: 'e.g. -created_dt',
			description:
				'Fields to sort by, separated by commas: file_name, extractor, created_dt, validated_dt, archived_dt or parsed__&lt;data point&gt;. Start a field with - to sort descending.',
		},
	},
];

export const description: INodeProperties[] = [
	...returnAllAndLimit(PAGE_SIZE.documents),
	filtersCollection(filters),
	DOCUMENT_OUTPUT_PARAMETER,
	optionsCollection([...options.map(({ property }) => property), ...ROW_OPTIONS]),
];

export const toolDescription =
	'Lists documents in Affinda with their identifier, file name and state, narrowed by the filters set in the node. Use it to find a document whose identifier you do not know; to rank candidates, use the resume search tool instead.';

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ choice: output }: OutputSettings,
): Promise<ServiceAnswer> {
	const qs: IDataObject = {
		...filtersQuery.call(this, itemIndex, filters),
		...toQuery(options, this.getNodeParameter('options', itemIndex, {}) as IDataObject),
	};
	// A row (or a resume's work history …) is made of the parsed data, which the list leaves out
	// unless asked.
	if (output !== 'document' && output !== 'raw' && qs.include_data === undefined)
		qs.include_data = true;
	const documents = await requestReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.documents, {
		method: 'GET',
		path: DOCUMENTS_PATH,
		qs,
	});
	return documentsAnswer(documents);
}
