import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestReturnAllOrLimit } from '../../helpers/paging';
import { readFlag, readIdentifier, readWholeNumber } from '../../helpers/parameters';
import { addToolCriteria, buildSearchBody, readCriteriaValues } from '../../search/input';
import { searchResultRow, simplifySearchResult } from '../../search/output';
import { criteriaParameter, toolCriteriaParameters } from '../../search/parameters';
import { PAGE_SIZE } from '../../../shared';
import {
	indicesParameter,
	optionsCollection,
	parsedDocumentLocator,
	returnAllAndLimit,
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

const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return one flat row per candidate (name, score, a score per criterion, identifier) instead of the raw data',
};

const MATCH_LABELS: Record<Exclude<SearchMode, 'custom'>, string> = {
	jobDescription: 'Job Description',
	resume: 'Resume',
};

const properties: INodeProperties[] = [
	indicesParameter('getResumeIndices', 'Indices of parsed resumes to search'),
	{
		displayName: 'Match Against',
		name: 'searchMode',
		type: 'options',
		noDataExpression: true,
		default: 'custom',
		description:
			'What candidates are ranked against: criteria you set below, or what the service reads from a parsed job description or resume',
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
		...parsedDocumentLocator(
			MATCH_LABELS.jobDescription,
			'jobDescription',
			'jobDescription',
			'The parsed job description to rank candidates against',
		),
		required: true,
		displayOptions: { show: { searchMode: ['jobDescription'] } },
	},
	{
		...parsedDocumentLocator(
			MATCH_LABELS.resume,
			'resume',
			'resume',
			'The parsed resume whose look-alikes to find',
		),
		required: true,
		displayOptions: { show: { searchMode: ['resume'] } },
	},
	...toolCriteriaParameters(),
	criteriaParameter('resumeSearch'),
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
	const value = this.getNodeParameter(mode, itemIndex);
	const parameter = { displayName: MATCH_LABELS[mode], name: mode };
	return { [mode]: readIdentifier(parameter, value, 'a document identifier') };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const mode = this.getNodeParameter('searchMode', itemIndex) as SearchMode;
	const version = this.getNode().typeVersion;
	// What to match is for custom searches; Required switches and Weights tune every mode.
	let criteria = readCriteriaValues.call(this, itemIndex, 'resumeSearch', mode !== 'custom');
	if (version >= 2 && mode === 'custom') criteria = addToolCriteria.call(this, itemIndex, criteria);
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
	if (!readFlag(simplifyParameter, this.getNodeParameter('simplify', itemIndex))) return results;
	// Version 1 nests each criterion's label, value and score; version 2 gives table rows.
	return results.map(version >= 2 ? searchResultRow : simplifySearchResult);
}
