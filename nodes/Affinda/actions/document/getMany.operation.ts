import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestReturnAllOrLimit } from '../../helpers/paging';
import {
	choicesOf,
	invalid,
	readFlag,
	readNameList,
	readOptionalChoice,
	readOptionalText,
} from '../../helpers/parameters';
import { PAGE_SIZE } from '../../../shared';
import {
	ANY,
	optionsCollection,
	returnAllAndLimit,
	simplifyParameter,
} from '../common.descriptions';
import { compactOption, workspaceLocator } from './descriptions';
import { DOCUMENTS_PATH, documentOutput } from './document';

/** Each filter's name is the query parameter the service reads (snake_case, as it expects). */
const filters: INodeProperties[] = [
	{
		displayName: 'Collection ID',
		name: 'collection',
		type: 'string',
		default: '',
		placeholder: 'e.g. mEFayXdO',
		description: 'Only documents in this collection',
	},
	{
		displayName: 'Created',
		name: 'created_dt',
		type: 'options',
		default: ANY,
		options: [
			{ name: 'Any Time', value: ANY },
			{ name: 'This Month', value: 'month' },
			{ name: 'This Week', value: 'week' },
			{ name: 'This Year', value: 'year' },
			{ name: 'Today', value: 'today' },
			{ name: 'Yesterday', value: 'yesterday' },
		],
		description: 'Only documents uploaded in this period',
	},
	{
		displayName: 'Custom Identifier',
		name: 'custom_identifier',
		type: 'string',
		default: '',
		description: 'Only documents uploaded with this custom identifier',
	},
	{
		displayName: 'Failed',
		name: 'failed',
		type: 'options',
		default: ANY,
		options: [
			{ name: 'Any', value: ANY },
			{ name: 'Failed Only', value: 'true' },
			{ name: 'Not Failed', value: 'false' },
		],
		description: 'Only documents whose parsing failed, or only those where it did not',
	},
	{
		displayName: 'Ready',
		name: 'ready',
		type: 'options',
		default: ANY,
		options: [
			{ name: 'Any', value: ANY },
			{ name: 'Not Ready', value: 'false' },
			{ name: 'Ready Only', value: 'true' },
		],
		description: 'Only documents that are parsed, or only those still being parsed',
	},
	{
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		description: 'Only documents whose file name or tag name contains this text, ignoring case',
	},
	{
		displayName: 'State',
		name: 'state',
		type: 'options',
		default: ANY,
		options: [
			{ name: 'Any State', value: ANY },
			{ name: 'Archived', value: 'archived' },
			{ name: 'In Review', value: 'review' },
			{ name: 'Rejected', value: 'rejected' },
			{ name: 'Uploaded', value: 'uploaded' },
			{ name: 'Validated', value: 'validated' },
		],
		description: 'Only documents in this state of review',
	},
	{
		displayName: 'Tag IDs',
		name: 'tags',
		type: 'string',
		default: '',
		placeholder: 'e.g. 12, 34',
		description: 'Only documents with these tags: whole-number tag IDs, separated by commas',
	},
	workspaceLocator,
];

const options: INodeProperties[] = [
	compactOption,
	{
		displayName: 'Include Data',
		name: 'include_data',
		type: 'boolean',
		default: false,
		description:
			'Whether to include a summary of the parsed data of each document; use Get for all of it',
	},
	{
		displayName: 'Sort By',
		name: 'ordering',
		type: 'string',
		default: '',
		placeholder: 'e.g. -created_dt',
		description:
			'Fields to sort by, separated by commas: file_name, extractor, created_dt, validated_dt, archived_dt or parsed__&lt;data point&gt;. Start a field with - to sort descending.',
	},
];

const properties: INodeProperties[] = [
	...returnAllAndLimit(PAGE_SIZE.documents),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: filters,
	},
	simplifyParameter,
	optionsCollection(options),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['getMany'] } },
	properties,
);

/** A query value from a filter or option, read by its parameter's type; undefined when blank. */
function toQueryValue(property: INodeProperties, value: unknown): unknown {
	if (value === ANY) return undefined;
	// Yes/no filters: booleans in version 1, their choices as text in version 2.
	if (property.type === 'boolean' || ['failed', 'ready'].includes(property.name)) {
		return readFlag(property, value);
	}
	if (property.type === 'options') return readOptionalChoice(property, value, choicesOf(property));
	// Lists go as comma-separated values, as the service's own clients send them.
	if (property.name === 'tags') {
		const allowed = 'whole-number tag IDs separated by commas';
		const tags = readNameList(property, value, allowed);
		if (!tags.every((tag) => /^\d+$/.test(tag))) invalid(property, value, allowed);
		return tags.length > 0 ? tags.join(',') : undefined;
	}
	if (property.name === 'ordering') {
		const fields = readNameList(property, value, 'field names separated by commas');
		return fields.length > 0 ? fields.join(',') : undefined;
	}
	return readOptionalText(property, value);
}

function toQuery(properties: INodeProperties[], values: IDataObject): IDataObject {
	const qs: IDataObject = {};
	for (const property of properties) {
		if (values[property.name] === undefined) continue;
		const value = toQueryValue(property, values[property.name]);
		if (value !== undefined) qs[property.name] = value;
	}
	return qs;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const qs: IDataObject = {
		...toQuery(filters, this.getNodeParameter('filters', itemIndex, {}) as IDataObject),
		...toQuery(options, this.getNodeParameter('options', itemIndex, {}) as IDataObject),
	};
	const documents = await requestReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.documents, {
		method: 'GET',
		path: DOCUMENTS_PATH,
		qs,
	});
	return documents.map((document) => documentOutput.call(this, itemIndex, document));
}
