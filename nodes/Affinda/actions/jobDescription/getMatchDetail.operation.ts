import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readIdentifier, readOptionalIdentifier } from '../../helpers/parameters';
import { requestForItem } from '../../helpers/request';
import { criteriaProperties } from '../../search/criteria';
import { buildSearchBody, readCriteriaValues } from '../../search/input';
import { indicesParameter, optionsCollection } from '../common.descriptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Job Description ID',
		name: 'identifier',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. XjLcNvSu',
		description: 'Identifier of the parsed job description to explain',
	},
	indicesParameter('getJobDescriptionIndices', 'Indices of job descriptions the search runs over'),
	{
		displayName: 'Resume ID',
		name: 'resume',
		type: 'string',
		default: '',
		placeholder: 'e.g. mEFayXdO',
		description:
			'Identifier of a parsed resume whose details the job description is compared with. Leave empty to compare with the criteria below only.',
	},
	...criteriaProperties('jobDescriptionMatch'),
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['jobDescription'], operation: ['getMatchDetail'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = readIdentifier(
		{ displayName: 'Job Description ID', name: 'identifier' },
		this.getNodeParameter('identifier', itemIndex),
		'a document identifier',
	);
	// Unset (empty, null, nothing) leaves the field out; any other type than text is refused.
	const resume = readOptionalIdentifier(
		{ displayName: 'Resume ID', name: 'resume' },
		this.getNodeParameter('resume', itemIndex, ''),
		'a document identifier',
	);
	const body = buildSearchBody(
		'jobDescriptionMatch',
		this.getNodeParameter('indices', itemIndex),
		resume === undefined ? {} : { resume },
		readCriteriaValues.call(this, itemIndex),
	);
	return await requestForItem.call(this, {
		method: 'POST',
		path: `/v2/job_description_search/details/${encodeURIComponent(identifier)}`,
		body,
		itemIndex,
		idempotent: true,
	});
}
