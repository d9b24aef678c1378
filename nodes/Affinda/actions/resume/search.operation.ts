import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readWholeNumber } from '../../helpers/parameters';
import { requestForItem } from '../../helpers/operationOptions';
import { toolRun } from '../../helpers/toolCall';
import { scoredIn, searchedIn, searchedResultRow, toolResultRow } from '../../search/compact';
import { searchResultRow, simplifySearchResult } from '../../search/output';
import { PAGE_SIZE } from '../../../shared';
import { indicesParameter } from '../common.descriptions';
import {
	matchAgainstParameters,
	rankedSearchParameters,
	readRankedSearchBody,
	runRankedSearch,
	type RankedSearch,
	type SearchMode,
} from '../matchAgainst';
import { forModel, forPeople, fromAI } from '../tool';

const SEARCH: RankedSearch = {
	body: 'resumeSearch',
	path: '/v2/resume_search',
	pageSize: PAGE_SIZE.resumeSearch,
	simplified:
		'Whether to return one flat row per candidate (name, score, a score per criterion, identifier) instead of the raw data',
	ranked: 'results',
};

/** How many candidates a tool's answer holds unless the model asks for more or fewer. */
const TOOL_LIMIT = {
	default: 10,
	fromAI: `How many candidates to return, best first: a whole number from 1 to ${PAGE_SIZE.resumeSearch}; 10 if not given`,
};

/** What a model reads about this operation as a tool (actions/tool.ts). */
export const toolDescription = `Finds candidates: ranks the parsed resumes in Affinda against what you search for, best match first. Returns {candidates, moreCandidates}: up to limit candidates (10 unless you set limit), each with candidate (the name), score (0 to 1, higher is better), identifier (the resume's identifier, for the other Affinda tools) and a score from 0 to 1 for each criterion you searched; moreCandidates is how many further candidates matched. Arguments, each optional (leave empty what does not matter): jobTitles, job titles separated by commas; skills, skills separated by commas; locations, one city, region or country; yearsExperienceMin, the fewest years of work experience, a whole number; limit, from 1 to ${PAGE_SIZE.resumeSearch}. Use it to find or shortlist candidates; to explain how one candidate matches a job description, use the match detail tool.`;

/** As a tool: no Return All (answers stay small), and a Limit the model may set. */
function asToolLimits(property: INodeProperties): INodeProperties[] {
	if (property.name === 'returnAll') return [forPeople(property)];
	if (property.name !== 'limit') return [property];
	return [
		forPeople(property),
		forModel(
			{ ...property, displayOptions: undefined },
			fromAI('limit', TOOL_LIMIT.fromAI, 'number', TOOL_LIMIT.default),
		),
	];
}

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
	...rankedSearchParameters(SEARCH).flatMap(asToolLimits),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['resume'], operation: ['search'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	if (toolRun.call(this) !== undefined && this.getNodeParameter('simplify', itemIndex) !== false) {
		return [await compactToolAnswer.call(this, itemIndex)];
	}
	const { body, results, simplify } = await runRankedSearch.call(this, itemIndex, SEARCH);
	if (!simplify) return results;
	const version = this.getNode().typeVersion;
	// Version 1 nests each criterion's label, value and score; version 2 gives table rows with
	// every criterion's score; version 3 the scores of the criteria searched only.
	if (version >= 3) {
		const searched = searchedOrScored.call(this, itemIndex, body, results);
		return results.map((result) => searchedResultRow(result, searched));
	}
	return results.map(version >= 2 ? searchResultRow : simplifySearchResult);
}

/**
 * The criteria searched: those of the body with custom criteria; against a job description or a
 * resume, the service chose them, so those it scored above zero for some candidate.
 */
function searchedOrScored(
	this: IExecuteFunctions,
	itemIndex: number,
	body: IDataObject,
	results: IDataObject[],
) {
	const mode = this.getNodeParameter('searchMode', itemIndex) as SearchMode;
	return mode === 'custom' ? searchedIn(body) : scoredIn(results);
}

/**
 * A tool's answer: one page of the best candidates (Limit, 10 unless the model sets it), the
 * scores of the criteria searched only, and how many more matched, in a single item.
 */
async function compactToolAnswer(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = readRankedSearchBody.call(this, itemIndex, SEARCH.body);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const offset = readWholeNumber({ displayName: 'Offset', name: 'offset' }, options.offset ?? 0, {
		min: 0,
	});
	const limit = readWholeNumber(
		{ displayName: 'Limit', name: 'limit' },
		this.getNodeParameter('limit', itemIndex, TOOL_LIMIT.default),
		{ min: 1, max: SEARCH.pageSize },
	);
	const answer = await requestForItem.call(this, {
		method: 'POST',
		path: SEARCH.path,
		qs: { offset, limit },
		body,
		itemIndex,
		idempotent: true,
	});
	const results = (Array.isArray(answer.results) ? answer.results : []) as IDataObject[];
	const searched = searchedOrScored.call(this, itemIndex, body, results);
	const count = typeof answer.count === 'number' ? answer.count : offset + results.length;
	return {
		candidates: results.map((result) => toolResultRow(result, searched)),
		moreCandidates: Math.max(0, count - offset - results.length),
	};
}
