import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { criteriaProperties } from '../../search/criteria';
import { buildSearchBody, readCriteriaValues, toIdentifier } from '../../search/input';
import { affindaApiRequest } from '../../transport';
import { indicesParameter } from '../common.descriptions';

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
];

export const description = updateDisplayOptions(
	{ show: { resource: ['jobDescription'], operation: ['getMatchDetail'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = toIdentifier(
		'Job Description ID',
		'identifier',
		this.getNodeParameter('identifier', itemIndex),
	);
	const resume = String(this.getNodeParameter('resume', itemIndex, '')).trim();
	const body = buildSearchBody(
		'jobDescriptionMatch',
		this.getNodeParameter('indices', itemIndex),
		resume === '' ? {} : { resume },
		readCriteriaValues.call(this, itemIndex),
	);
	return await affindaApiRequest.call(this, {
		method: 'POST',
		path: `/v2/job_description_search/details/${encodeURIComponent(identifier)}`,
		body,
		itemIndex,
		idempotent: true,
	});
}
