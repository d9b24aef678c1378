import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { addToolCriteria, buildSearchBody, readCriteriaValues } from '../search/searchBody';
import type { SearchBody } from '../search/criteria';
import { parsedDocumentLocator } from './common.descriptions';
import { filledByModelAsTool } from './tool.descriptions';
import { readIdentifier } from '../../shared/readers';

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
