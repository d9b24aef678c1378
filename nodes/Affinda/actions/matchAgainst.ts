import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requestReturnAllOrLimit, returnAllAndLimit } from '../helpers/paging';
import { addToolCriteria, buildSearchBody, readCriteriaValues } from '../search/searchBody';
import type { SearchBody } from '../search/criteria';
import { criteriaParameter, toolCriteriaParameters } from '../search/searchProperties';
import {
	optionsCollection,
	parsedDocumentLocator,
	wholeNumberParameter,
} from './common.descriptions';
import { filledByModelAsTool } from './tool.descriptions';
import { outputParameter } from '../../shared/output/output';
import { boundsOf, readIdentifier, readWholeNumber } from '../../shared/readers';

/**
 * Match Against: what a search (or a search's detail) ranks documents against: criteria set in
 * the panel, or what the service reads off a parsed job description or resume. Resume → Search,
 * Resume → Get Match Detail and Job Description → Search share it; each offers the modes its
 * body has.
 */

export type SearchMode = 'custom' | 'jobDescription' | 'resume';
type DocumentMode = Exclude<SearchMode, 'custom'>;

const MATCH_LABELS: Record<DocumentMode, string> = {
	jobDescription: 'Job Description',
	resume: 'Resume',
};

export interface MatchAgainstText {
	/** The Match Against parameter's description. */
	description: string;
	/** Each offered mode's option description. */
	modes: Partial<Record<SearchMode, string>>;
	/** Each document mode's locator description. */
	locators: Partial<Record<DocumentMode, string>>;
}

const MODE_NAMES: Record<SearchMode, string> = {
	custom: 'Custom Criteria',
	jobDescription: 'Job Description',
	resume: 'Resume',
};

/** The Match Against parameter, then a required locator for each document mode it offers. */
export function matchAgainstParameters(text: MatchAgainstText): INodeProperties[] {
	const modes = (Object.keys(MODE_NAMES) as SearchMode[]).filter((mode) => text.modes[mode]);
	const locators = modes
		.filter((mode): mode is DocumentMode => mode !== 'custom')
		.flatMap((mode) =>
			filledByModelAsTool({
				...parsedDocumentLocator(MATCH_LABELS[mode], mode, mode, text.locators[mode] ?? ''),
				required: true,
				displayOptions: { show: { searchMode: [mode] } },
			}),
		);
	return [
		{
			displayName: 'Match Against',
			name: 'searchMode',
			type: 'options',
			noDataExpression: true,
			default: 'custom',
			description: text.description,
			options: modes.map((mode) => ({
				name: MODE_NAMES[mode],
				value: mode,
				description: text.modes[mode],
			})),
		},
		...locators,
	];
}

/** The body's document to match against: `{jobDescription}`, `{resume}`, or nothing. */
function readMatch(this: IExecuteFunctions, mode: SearchMode, itemIndex: number): IDataObject {
	if (mode === 'custom') return {};
	const value = this.getNodeParameter(mode, itemIndex);
	const parameter = { displayName: MATCH_LABELS[mode], name: mode };
	return { [mode]: readIdentifier(parameter, value, 'a document identifier') };
}

/**
 * The search body of an item: its indices, the document to match against, and the criteria. What
 * to match is for custom criteria (with what a model gave as an AI tool); the Required switches
 * and Weights tune every mode.
 */
export function readRankedSearchBody(
	this: IExecuteFunctions,
	itemIndex: number,
	body: SearchBody,
): IDataObject {
	const mode = this.getNodeParameter('searchMode', itemIndex) as SearchMode;
	let criteria = readCriteriaValues.call(this, itemIndex, body, mode !== 'custom');
	if (mode === 'custom') {
		criteria = addToolCriteria.call(this, itemIndex, criteria, body);
	}
	return buildSearchBody(
		body,
		this.getNodeParameter('indices', itemIndex),
		readMatch.call(this, mode, itemIndex),
		criteria,
	);
}

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
