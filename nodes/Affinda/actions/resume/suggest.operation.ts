import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeAnswer } from '../../../shared/listAnswers';
import { outputParameter, ServiceAnswer } from '../../../shared/output/output';
import { suggestionsRow } from '../../../shared/output/rankedRows';
import { invalid, readNameList } from '../../../shared/readers';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { optionsCollection } from '../common.descriptions';
import { filledByModel, fromAI } from '../tool';

/**
 * What can be suggested: each kind's parameter (named as its query parameter's body field), the
 * query parameter it goes out as, and its path (the specification's generation; the credential's
 * Search & Match API may make it /v3).
 */
const SUGGESTIONS = {
	skills: { label: 'Skills', query: 'skills', path: '/v2/resume_search/suggestion_skill' },
	jobTitles: {
		label: 'Job Titles',
		query: 'job_titles',
		path: '/v2/resume_search/suggestion_job_title',
	},
} as const;
type SuggestionKind = keyof typeof SUGGESTIONS;

const suggestionsOutputParameter = outputParameter(['row', 'raw'], {
	row: 'One item holding the list of suggestions, ready to feed a search',
	raw: "Affinda's answer: one item per suggestion",
});

const skillsParameter: INodeProperties = {
	displayName: 'Skills',
	name: 'skills',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Python, SQL',
	description: 'Skills to find related ones for, separated by commas, or a list from an expression',
	displayOptions: { show: { suggest: ['skills'] } },
};

const jobTitlesParameter: INodeProperties = {
	displayName: 'Job Titles',
	name: 'jobTitles',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Software Developer, Team Lead',
	description:
		'Job titles to find related ones for, separated by commas, or a list from an expression',
	displayOptions: { show: { suggest: ['jobTitles'] } },
};

export const description: INodeProperties[] = [
	{
		displayName: 'Suggest',
		name: 'suggest',
		type: 'options',
		noDataExpression: true,
		default: 'skills',
		options: [
			{ name: 'Skills', value: 'skills', description: 'Skills related to the ones given' },
			{
				name: 'Job Titles',
				value: 'jobTitles',
				description: 'Job titles related to the ones given',
			},
		],
	},
	...filledByModel(
		skillsParameter,
		fromAI('skills', 'Skills to find related ones for, separated by commas'),
	),
	...filledByModel(
		jobTitlesParameter,
		fromAI('jobTitles', 'Job titles to find related ones for, separated by commas'),
	),
	suggestionsOutputParameter,
	optionsCollection(),
];

export const toolDescription =
	"Suggests skills or job titles related to the ones given, from Affinda's vocabulary of occupations (which of the two, the node's settings say). Returns the suggestions, ready to pass to the search tools. Arguments: skills or jobTitles, the ones to find related ones for, separated by commas. Use it to widen a search that found too few candidates; it searches no resumes itself.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const kind = this.getNodeParameter('suggest', itemIndex) as SuggestionKind;
	const { label, query, path } = SUGGESTIONS[kind];
	const parameter = { displayName: label, name: kind };
	const value = this.getNodeParameter(kind, itemIndex);
	const given = readNameList(parameter, value);
	if (given.length === 0) invalid(parameter, value, `at least one of the ${label.toLowerCase()}`);
	// A list goes out as a repeated parameter (?skills=a&skills=b), as the service reads it.
	const search = given.map((term) => `${query}=${encodeURIComponent(term)}`).join('&');
	const answer = await requestForItem.call(this, {
		method: 'GET',
		path: `${path}?${search}`,
		itemIndex,
	});
	if (!Array.isArray(answer)) {
		throw new NodeOperationError(
			this.getNode(),
			`Affinda answered ${path} with ${describeAnswer(answer)}, not a list of suggestions`,
			{ itemIndex },
		);
	}
	const suggestions = (answer as unknown[]).map(String);
	return new ServiceAnswer(
		suggestions.map((suggestion) => ({ suggestion })),
		() => suggestionsRow(kind, given, suggestions),
	);
}
