import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { limitParameter, requestReturnAllOrLimit, returnAllAndLimit } from '../helpers/paging';
import { toolRun } from '../helpers/toolCall';
import type { SearchBody } from '../search/criteria';
import { criteriaParameter, toolCriteriaParameters } from '../search/searchProperties';
import { scoredIn, searchedIn } from '../search/searched';
import { optionsCollection, wholeNumberParameter } from './common.descriptions';
import { readRankedSearchBody, type SearchMode } from './matchAgainst';
import { forModel, forPeople, fromAI } from './tool';
import { outputParameter, ServiceAnswer, type OutputSettings } from '../../shared/output/output';
import { type Searched } from '../../shared/output/rankedRows';
import { boundsOf, readWholeNumber } from '../../shared/readers';
import { requestForItem } from '../../shared/transport/itemRequest';

/**
 * A ranked search (Resume → Search, Job Description → Search): its panel's last parameters
 * (criteria, Return All and Limit, Output, Options → Offset) and its run; as an AI tool, no
 * Return All, a Limit the model may set (10 unless it does), and one compact answer, the rows
 * with the scores of the criteria searched only and how many more matched.
 */

/** Options → Offset of a ranked search: how many of the best `what` to skip. */
function offsetOption(what: string): INodeProperties {
	return wholeNumberParameter(
		'Offset',
		'offset',
		0,
		`Number of ranked ${what} to skip before the first one returned`,
	);
}

/** A ranked search as its panel ends: the criteria, Return All and Limit, Output, Options. */
export interface RankedSearch {
	body: SearchBody;
	path: string;
	pageSize: number;
	/** What Output's Flat Row holds. */
	row: string;
	/** What is ranked, for Options → Offset ("results", "job descriptions"). */
	ranked: string;
	/** Options of this search beside Offset. */
	options?: INodeProperties[];
}

export function rankedSearchParameters(search: RankedSearch): INodeProperties[] {
	return [
		...toolCriteriaParameters(search.body),
		criteriaParameter(search.body),
		...returnAllAndLimit(search.pageSize),
		outputParameter(['row', 'raw'], {
			row: search.row,
			raw: "Affinda's answer, unchanged: one item per result",
		}),
		optionsCollection([offsetOption(search.ranked), ...(search.options ?? [])]),
	];
}

/** Options → Offset: where in the ranking the results start. */
export function readOffset(
	this: IExecuteFunctions,
	itemIndex: number,
	search: RankedSearch,
): number {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const offsetParameter = offsetOption(search.ranked);
	return readWholeNumber(offsetParameter, options.offset ?? 0, boundsOf(offsetParameter));
}

/**
 * Runs an item's ranked search: its body, then from Options → Offset on, Return All or up to
 * Limit.
 */
export async function runRankedSearch(
	this: IExecuteFunctions,
	itemIndex: number,
	search: RankedSearch,
): Promise<{ body: IDataObject; results: IDataObject[] }> {
	const body = readRankedSearchBody.call(this, itemIndex, search.body);
	const offset = readOffset.call(this, itemIndex, search);
	const results = await requestReturnAllOrLimit.call(this, itemIndex, search.pageSize, {
		method: 'POST',
		path: search.path,
		qs: { offset },
		body,
		idempotent: true,
	});
	return { body, results };
}

/** How many rows a tool's answer holds unless the model asks for more or fewer. */
const TOOL_LIMIT = 10;

/** A ranked search's answer to a model: what its rows and its count of the rest are called. */
export interface SearchToolAnswer {
	search: RankedSearch;
	/** The answer's rows ("candidates"), and the count of those that did not fit ("moreCandidates"). */
	rows: string;
	more: string;
	/** One row of the answer: what a model needs to name, rank and look up a result. */
	row: (result: IDataObject, searched: Searched) => IDataObject;
}

/** The Limit's description for the model. */
function limitForModel({ rows, search }: SearchToolAnswer): string {
	return `How many ${rows} to return, best first: a whole number from 1 to ${search.pageSize}; ${TOOL_LIMIT} if not given`;
}

/** As a tool: no Return All (answers stay small), and a Limit the model may set. */
export function asToolLimits(answer: SearchToolAnswer) {
	return (property: INodeProperties): INodeProperties[] => {
		if (property.name === 'returnAll') return [forPeople(property)];
		if (property.name !== 'limit') return [property];
		return [
			forPeople(property),
			forModel(
				{ ...property, displayOptions: undefined },
				fromAI('limit', limitForModel(answer), 'number', TOOL_LIMIT),
			),
		];
	};
}

/**
 * The criteria searched: those of the body with custom criteria; against a job description or a
 * resume, the service chose them, so those it scored above zero for some result.
 */
export function criteriaSearched(
	this: IExecuteFunctions,
	itemIndex: number,
	search: RankedSearch,
	body: IDataObject,
	results: IDataObject[],
): Searched {
	const mode = this.getNodeParameter('searchMode', itemIndex) as SearchMode;
	return mode === 'custom' ? searchedIn(body, search.body) : scoredIn(results);
}

/** Whether this run answers a model compactly: called as a tool, and Output left at Flat Row. */
function answersModel(this: IExecuteFunctions, output: OutputSettings): boolean {
	return toolRun.call(this) !== undefined && output.choice === 'row';
}

/**
 * A tool's answer: one page of the best results (Limit, 10 unless the model sets it), the scores
 * of the criteria searched only, and how many more matched, in a single item.
 */
async function compactToolAnswer(
	this: IExecuteFunctions,
	itemIndex: number,
	answer: SearchToolAnswer,
): Promise<IDataObject> {
	const { search } = answer;
	const body = readRankedSearchBody.call(this, itemIndex, search.body);
	const offset = readOffset.call(this, itemIndex, search);
	const limitProperty = limitParameter(search.pageSize);
	const limit = readWholeNumber(
		limitProperty,
		this.getNodeParameter('limit', itemIndex, TOOL_LIMIT),
		boundsOf(limitProperty),
	);
	const page = await requestForItem.call(this, {
		method: 'POST',
		path: search.path,
		qs: { offset, limit },
		body,
		itemIndex,
		idempotent: true,
	});
	const results = (Array.isArray(page.results) ? page.results : []) as IDataObject[];
	const searched = criteriaSearched.call(this, itemIndex, search, body, results);
	const count = typeof page.count === 'number' ? page.count : offset + results.length;
	return {
		[answer.rows]: results.map((result) => answer.row(result, searched)),
		[answer.more]: Math.max(0, count - offset - results.length),
	};
}

/**
 * A ranked search's items (Resume → Search, Job Description → Search): for a model, the compact
 * answer; for people, the results, which Output shapes into the rows `toRows` makes of them.
 */
export async function rankedSearchItems(
	this: IExecuteFunctions,
	itemIndex: number,
	output: OutputSettings,
	answer: SearchToolAnswer,
	toRows: (body: IDataObject, results: IDataObject[]) => IDataObject[] | Promise<IDataObject[]>,
): Promise<IDataObject | ServiceAnswer> {
	if (answersModel.call(this, output)) {
		return await compactToolAnswer.call(this, itemIndex, answer);
	}
	const { body, results } = await runRankedSearch.call(this, itemIndex, answer.search);
	// What the rows need (Add Candidate Details' requests) is fetched here, never while shaping.
	const rows = output.choice === 'row' ? await toRows(body, results) : [];
	return new ServiceAnswer(results, () => rows);
}
