import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ADD_CANDIDATE_DETAILS, withCandidateDetails } from '../../search/candidateDetails';
import { readConcurrency } from '../../helpers/operationOptions';
import { candidateRow, candidateToolRow } from '../../../shared/output/rankedRows';
import type { OutputSettings, ServiceAnswer } from '../../../shared/output/output';
import { readFlag } from '../../../shared/readers';
import { PAGE_SIZE } from '../../../shared/transport/pager';
import { indicesParameter } from '../common.descriptions';
import { matchAgainstParameters } from '../matchAgainst';
import {
	asToolLimits,
	criteriaSearched,
	rankedSearchItems,
	rankedSearchParameters,
	type RankedSearch,
	type SearchToolAnswer,
} from '../searchTool';

const SEARCH: RankedSearch = {
	body: 'resumeSearch',
	path: '/v2/resume_search',
	pageSize: PAGE_SIZE.resumeSearch,
	row: 'One flat row per candidate: name, score, job title, location, experience and matched skills, a score per criterion searched, identifier and PDF link',
	ranked: 'results',
	options: [ADD_CANDIDATE_DETAILS],
};

/** As a tool: the best candidates, 10 unless the model sets limit, and how many more matched. */
const TOOL_ANSWER: SearchToolAnswer = {
	search: SEARCH,
	rows: 'candidates',
	more: 'moreCandidates',
	row: candidateToolRow,
};

export const toolDescription = `Finds candidates: ranks the parsed resumes in Affinda against what you search for, best match first. Returns {candidates, moreCandidates}: up to limit candidates (10 unless you set limit), each with fullName (the name), score (0 to 1, higher is better), identifier (the resume's identifier, for the other Affinda tools) and a score from 0 to 1 for each criterion you searched; moreCandidates is how many further candidates matched. Arguments, each optional (leave empty what does not matter): jobTitles, job titles separated by commas; skills, skills separated by commas; locations, one city, region or country; yearsExperienceMin, the fewest years of work experience, a whole number; limit, from 1 to ${PAGE_SIZE.resumeSearch}. Use it to find or shortlist candidates; to explain how one candidate matches a job description, use the match detail tool.`;

export const description: INodeProperties[] = [
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
	...rankedSearchParameters(SEARCH).flatMap(asToolLimits(TOOL_ANSWER)),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	output: OutputSettings,
): Promise<IDataObject | ServiceAnswer> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const addDetails = readFlag(ADD_CANDIDATE_DETAILS, options.addCandidateDetails ?? false);
	return await rankedSearchItems.call(
		this,
		itemIndex,
		output,
		TOOL_ANSWER,
		async (body, results) => {
			const searched = criteriaSearched.call(this, itemIndex, SEARCH, body, results);
			const rows = results.map((result) => candidateRow(result, searched));
			if (!addDetails) return rows;
			return await withCandidateDetails.call(this, itemIndex, rows, readConcurrency.call(this));
		},
	);
}
