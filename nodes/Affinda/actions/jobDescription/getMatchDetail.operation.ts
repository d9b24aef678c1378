import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readIdentifier, readOptionalIdentifier } from '../../helpers/parameters';
import { requestForItem } from '../../helpers/request';
import { buildSearchBody, readCriteriaValues } from '../../search/input';
import { criteriaParameter } from '../../search/parameters';
import { indicesParameter, optionsCollection, parsedDocumentLocator } from '../common.descriptions';

const properties: INodeProperties[] = [
	{
		...parsedDocumentLocator(
			'Job Description',
			'identifier',
			'jobDescription',
			'The parsed job description to explain',
		),
		required: true,
	},
	indicesParameter('getJobDescriptionIndices', 'Indices of job descriptions the search runs over'),
	parsedDocumentLocator(
		'Resume',
		'resume',
		'resume',
		'A parsed resume whose details the job description is compared with. Leave empty to compare with the criteria below only.',
	),
	criteriaParameter('jobDescriptionMatch'),
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['jobDescription'], operation: ['getMatchDetail'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = readIdentifier(
		{ displayName: 'Job Description', name: 'identifier' },
		this.getNodeParameter('identifier', itemIndex),
		'a document identifier',
	);
	// Unset (empty, null, nothing) leaves the field out; any other type than text is refused.
	const resume = readOptionalIdentifier(
		{ displayName: 'Resume', name: 'resume' },
		this.getNodeParameter('resume', itemIndex, ''),
		'a document identifier',
	);
	const body = buildSearchBody(
		'jobDescriptionMatch',
		this.getNodeParameter('indices', itemIndex),
		resume === undefined ? {} : { resume },
		readCriteriaValues.call(this, itemIndex, 'jobDescriptionMatch'),
	);
	return await requestForItem.call(this, {
		method: 'POST',
		path: `/v2/job_description_search/details/${encodeURIComponent(identifier)}`,
		body,
		itemIndex,
		idempotent: true,
	});
}
