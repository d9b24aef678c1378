import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { SCORE_COMPONENTS } from '../../search/criteria';
import { matchScoreWeights } from '../../search/facets';
import { weightProperty } from '../../search/searchProperties';
import { byDisplayName } from '../../../shared/order';
import { optionsCollection, parsedDocumentLocator } from '../common.descriptions';
import { filledByModelAsTool } from '../tool.descriptions';
import { outputParameter, ServiceAnswer } from '../../../shared/output/output';
import { matchScoreRow } from '../../../shared/output/rankedRows';
import { readIdentifier, readOptionalText } from '../../../shared/readers';
import { toWireValue, type WireRow } from '../../../shared/wireRows';
import { requestForItem } from '../../../shared/transport/itemRequest';

/** The specification's generation of the path; the credential's Search & Match API may make it /v3. */
const MATCH_PATH = '/v2/resume_search/match';

const scoreOutputParameter = outputParameter(['row', 'raw'], {
	row: 'One flat row: the resume, the job description, the score and a score per criterion',
});

/** One Weight per criterion, named on the wire in snake_case, as the pair score's query has it. */
const weightsParameter: INodeProperties = {
	displayName: 'Weights',
	name: 'weights',
	type: 'collection',
	placeholder: 'Add Weight',
	default: {},
	description: 'How much each criterion counts in the score, from 0 to 1',
	options: matchScoreWeights()
		.map(({ criterion, query }) =>
			weightProperty(query, criterion.label, criterion.label.toLowerCase()),
		)
		.sort(byDisplayName),
};

const resumeParameter: INodeProperties = {
	...parsedDocumentLocator('Resume', 'resume', 'resume', 'The parsed resume to score'),
	required: true,
};

const jobDescriptionParameter: INodeProperties = {
	...parsedDocumentLocator(
		'Job Description',
		'jobDescription',
		'jobDescription',
		'The parsed job description to score the resume against',
	),
	required: true,
};

const indexParameter: INodeProperties = {
	displayName: 'Index Name or ID',
	name: 'index',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getResumeIndices' },
	default: '',
	description:
		'An index that holds the resume, to score within. Leave empty for all indices. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

const searchExpressionParameter: INodeProperties = {
	displayName: 'Search Expression',
	name: 'search_expression',
	type: 'string',
	default: '',
	placeholder: 'e.g. kubernetes AND (aws OR gcp)',
	description: 'Words or a boolean expression to find in the resume, added to the criteria',
};

export const description: INodeProperties[] = [
	...filledByModelAsTool(resumeParameter),
	...filledByModelAsTool(jobDescriptionParameter),
	indexParameter,
	searchExpressionParameter,
	weightsParameter,
	scoreOutputParameter,
	optionsCollection(),
];

export const toolDescription =
	"Scores how well one candidate fits one job: compares a parsed resume with a parsed job description in Affinda. Returns the overall score (0 to 1, higher is better) and a score per criterion (job title, skills, experience, location, education, languages, management level, occupation). Arguments: resume, the resume's identifier (from the resume search or parse tools); jobDescription, the job description's identifier (from the job description search tool). Use it for one candidate and one job; to rank many candidates, use the resume search tool.";

function readQuery(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const identifier = (parameter: INodeProperties) =>
		readIdentifier(
			parameter,
			this.getNodeParameter(parameter.name, itemIndex),
			'a document identifier',
		);
	// Both are required on the wire, under their snake_case names.
	const qs: IDataObject = {
		resume: identifier(resumeParameter),
		job_description: identifier(jobDescriptionParameter),
	};
	const index = readOptionalText(
		indexParameter,
		this.getNodeParameter('index', itemIndex, ''),
		'an index name',
	);
	if (index !== undefined) qs.index = index;
	const expression = readOptionalText(
		searchExpressionParameter,
		this.getNodeParameter('search_expression', itemIndex, ''),
	);
	if (expression !== undefined) qs.search_expression = expression;
	const weights = this.getNodeParameter('weights', itemIndex, {}) as IDataObject;
	for (const { criterion, facet, query } of matchScoreWeights()) {
		const value = weights[query];
		// Added and left empty: nothing set, so nothing sent.
		if (value === undefined || value === null || value === '') continue;
		const parameter = { displayName: `Weights › ${criterion.label}`, name: query };
		qs[query] = toWireValue(facet as WireRow, value, parameter) as number;
	}
	return qs;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const qs = readQuery.call(this, itemIndex);
	const answer = await requestForItem.call(this, {
		method: 'GET',
		path: MATCH_PATH,
		qs,
		itemIndex,
	});
	const pair = { resume: qs.resume, jobDescription: qs.job_description };
	return new ServiceAnswer(answer, () => matchScoreRow(pair, answer, SCORE_COMPONENTS));
}
