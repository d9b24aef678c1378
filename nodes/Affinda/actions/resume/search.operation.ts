import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestReturnAllOrLimit } from '../../helpers/paging';
import { readFlag, readIdentifier, readWholeNumber } from '../../helpers/parameters';
import { criteriaProperties } from '../../search/criteria';
import { buildSearchBody, readCriteriaValues } from '../../search/input';
import { simplifySearchResult } from '../../search/output';
import { PAGE_SIZE } from '../../transport';
import {
	indicesParameter,
	optionsCollection,
	returnAllAndLimit,
	simplifyParameter,
	wholeNumberParameter,
} from '../common.descriptions';

const SEARCH_PATH = '/v2/resume_search';

const offsetOption = wholeNumberParameter(
	'Offset',
	'offset',
	0,
	'Number of ranked results to skip before the first one returned',
);

type SearchMode = 'custom' | 'jobDescription' | 'resume';

const properties: INodeProperties[] = [
	indicesParameter('getResumeIndices', 'Indices of parsed resumes to search'),
	{
		displayName: 'Match Against',
		name: 'searchMode',
		type: 'options',
		noDataExpression: true,
		default: 'custom',
		options: [
			{
				name: 'Custom Criteria',
				value: 'custom',
				description: 'Job titles, skills, locations and the other criteria below',
			},
			{
				name: 'Job Description',
				value: 'jobDescription',
				description: 'Criteria the service derives from a parsed job description',
			},
			{
				name: 'Resume',
				value: 'resume',
				description: 'Find candidates similar to a parsed resume',
			},
		],
	},
	{
		displayName: 'Job Description ID',
		name: 'jobDescription',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. XjLcNvSu',
		description: 'Identifier of a parsed job description document',
		displayOptions: { show: { searchMode: ['jobDescription'] } },
	},
	{
		displayName: 'Resume ID',
		name: 'resume',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. mEFayXdO',
		description: 'Identifier of a parsed resume document',
		displayOptions: { show: { searchMode: ['resume'] } },
	},
	...criteriaProperties('resumeSearch').map((collection) =>
		collection.name === 'criteria'
			? { ...collection, displayOptions: { show: { searchMode: ['custom'] } } }
			: collection,
	),
	...returnAllAndLimit(PAGE_SIZE.resumeSearch),
	simplifyParameter,
	optionsCollection([offsetOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['resume'], operation: ['search'] } },
	properties,
);

function readMatch(this: IExecuteFunctions, mode: SearchMode, itemIndex: number): IDataObject {
	if (mode === 'custom') return {};
	const label = mode === 'jobDescription' ? 'Job Description ID' : 'Resume ID';
	const value = this.getNodeParameter(mode, itemIndex);
	return {
		[mode]: readIdentifier({ displayName: label, name: mode }, value, 'a document identifier'),
	};
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const mode = this.getNodeParameter('searchMode', itemIndex) as SearchMode;
	// Criteria are for custom searches; required flags and weights tune every mode.
	const criteria = readCriteriaValues.call(
		this,
		itemIndex,
		mode === 'custom' ? undefined : ['requiredCriteria', 'weights'],
	);
	const body = buildSearchBody(
		'resumeSearch',
		this.getNodeParameter('indices', itemIndex),
		readMatch.call(this, mode, itemIndex),
		criteria,
	);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const offset = readWholeNumber(offsetOption, options.offset ?? 0, { min: 0 });
	const results = await requestReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.resumeSearch, {
		method: 'POST',
		path: SEARCH_PATH,
		qs: { offset },
		body,
		idempotent: true,
	});
	const simplify = readFlag(simplifyParameter, this.getNodeParameter('simplify', itemIndex));
	return simplify ? results.map(simplifySearchResult) : results;
}
