import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { componentsAsked, SCORE_COMPONENTS } from '../../search/criteria';
import { jobDescriptionResultRow } from '../../search/output';
import { PAGE_SIZE } from '../../../shared';
import { indicesParameter } from '../common.descriptions';
import {
	matchAgainstParameters,
	rankedSearchParameters,
	runRankedSearch,
	type RankedSearch,
} from '../matchAgainst';

const SEARCH: RankedSearch = {
	body: 'jobDescriptionSearch',
	// The specification's generation of the path; the credential's Search & Match API may make it /v3.
	path: '/v2/job_description_search',
	pageSize: PAGE_SIZE.jobDescriptionSearch,
	simplified:
		'Whether to return one flat row per job description (job title, organization, score, a score per criterion searched, identifier) instead of the raw data',
	ranked: 'job descriptions',
};

const properties: INodeProperties[] = [
	indicesParameter('getJobDescriptionIndices', 'Indices of parsed job descriptions to search'),
	...matchAgainstParameters({
		description:
			'What job descriptions are ranked against: criteria you set below, or what the service reads from a parsed resume',
		modes: {
			custom: 'Job titles, skills, locations and the other criteria below',
			resume: 'Find the job descriptions that fit a parsed resume',
		},
		locators: { resume: 'The parsed resume to find fitting job descriptions for' },
	}),
	...rankedSearchParameters(SEARCH),
];

/** What a model reads about this operation as a tool (actions/tool.ts). */
export const toolDescription =
	"Finds open jobs for a candidate: ranks the parsed job descriptions in Affinda against what you search for (or, as the node is set up, against a resume), best match first. Returns one row per job description: its job title, organization, score (0 to 1, higher is better), a score for each criterion searched, and its identifier (for the match detail tools). Arguments, each optional (leave empty what does not matter): jobTitles, job titles separated by commas; skills, skills separated by commas; locations, one city, region or country; totalYearsExperience, the candidate's years of work experience, a number. Use it to find jobs for a candidate; to find candidates for a job, use the resume search tool.";

export const description = updateDisplayOptions(
	{ show: { resource: ['jobDescription'], operation: ['search'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { body, results, simplify } = await runRankedSearch.call(this, itemIndex, SEARCH);
	if (!simplify) return results;
	// Matching a resume scores every criterion; custom criteria only those that were set.
	const searched =
		body.resume === undefined ? componentsAsked(SEARCH.body, body) : SCORE_COMPONENTS;
	return results.map((result) => jobDescriptionResultRow(result, searched));
}
