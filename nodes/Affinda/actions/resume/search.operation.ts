import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { searchResultRow, simplifySearchResult } from '../../search/output';
import { PAGE_SIZE } from '../../../shared';
import { indicesParameter } from '../common.descriptions';
import {
	matchAgainstParameters,
	rankedSearchParameters,
	runRankedSearch,
	type RankedSearch,
} from '../matchAgainst';

const SEARCH: RankedSearch = {
	body: 'resumeSearch',
	path: '/v2/resume_search',
	pageSize: PAGE_SIZE.resumeSearch,
	simplified:
		'Whether to return one flat row per candidate (name, score, a score per criterion, identifier) instead of the raw data',
	ranked: 'results',
};

const properties: INodeProperties[] = [
	indicesParameter('getResumeIndices', 'Indices of parsed resumes to search'),
	...matchAgainstParameters({
		description:
			'What candidates are ranked against: criteria you set below, or what the service reads from a parsed job description or resume',
		modes: {
			custom: 'Job titles, skills, locations and the other criteria below',
			jobDescription: 'Criteria the service derives from a parsed job description',
			resume: 'Find candidates similar to a parsed resume',
		},
		locators: {
			jobDescription: 'The parsed job description to rank candidates against',
			resume: 'The parsed resume whose look-alikes to find',
		},
	}),
	...rankedSearchParameters(SEARCH),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['resume'], operation: ['search'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { results, simplify } = await runRankedSearch.call(this, itemIndex, SEARCH);
	if (!simplify) return results;
	// Version 1 nests each criterion's label, value and score; version 2 gives table rows.
	return results.map(this.getNode().typeVersion >= 2 ? searchResultRow : simplifySearchResult);
}
