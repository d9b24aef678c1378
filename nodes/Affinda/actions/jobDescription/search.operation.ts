import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { SCORE_COMPONENTS } from '../../search/criteria';
import { componentsAsked } from '../../search/facets';
import { jobDescriptionRow, jobDescriptionToolRow } from '../../../shared/output/rankedRows';
import type { OutputSettings, ServiceAnswer } from '../../../shared/output/output';
import { PAGE_SIZE } from '../../../shared/transport/pager';
import { indicesParameter } from '../common.descriptions';
import { matchAgainstParameters } from '../matchAgainst';
import { asToolLimits, rankedSearchItems, rankedSearchParameters } from '../searchTool';
import type { RankedSearch, SearchToolAnswer } from '../searchTool';

const SEARCH: RankedSearch = {
	body: 'jobDescriptionSearch',
	// The specification's generation of the path; the credential's Search & Match API may make it /v3.
	path: '/v2/job_description_search',
	pageSize: PAGE_SIZE.jobDescriptionSearch,
	row: 'One flat row per job description: job title, organization, score, location, experience and matched skills, a score per criterion searched, identifier and PDF link',
	ranked: 'job descriptions',
};

/** As a tool: the best job descriptions, 10 unless the model sets limit, and how many more matched. */
const TOOL_ANSWER: SearchToolAnswer = {
	search: SEARCH,
	rows: 'jobDescriptions',
	more: 'moreJobDescriptions',
	row: jobDescriptionToolRow,
};

export const description: INodeProperties[] = [
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
	...rankedSearchParameters(SEARCH).flatMap(asToolLimits(TOOL_ANSWER)),
];

export const toolDescription = `Finds open jobs for a candidate: ranks the parsed job descriptions in Affinda against what you search for (or, as the node is set up, against a resume), best match first. Returns {jobDescriptions, moreJobDescriptions}: up to limit job descriptions (10 unless you set limit), each with jobTitle, organization, score (0 to 1, higher is better), identifier (the job description's identifier, for the match detail tools) and a score from 0 to 1 for each criterion searched; moreJobDescriptions is how many further job descriptions matched. Arguments, each optional (leave empty what does not matter): jobTitles, job titles separated by commas; skills, skills separated by commas; locations, one city, region or country; totalYearsExperience, the candidate's years of work experience, a number; limit, from 1 to ${PAGE_SIZE.jobDescriptionSearch}. Use it to find jobs for a candidate; to find candidates for a job, use the resume search tool.`;

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	output: OutputSettings,
): Promise<IDataObject | ServiceAnswer> {
	return await rankedSearchItems.call(this, itemIndex, output, TOOL_ANSWER, (body, results) => {
		// Matching a resume scores every criterion; custom criteria only those that were set.
		const searched =
			body.resume === undefined ? componentsAsked(SEARCH.body, body) : SCORE_COMPONENTS;
		return results.map((result) => jobDescriptionRow(result, searched));
	});
}
