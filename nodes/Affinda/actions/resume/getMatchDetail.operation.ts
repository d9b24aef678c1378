import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readIdentifier } from '../../helpers/parameters';
import { requestForItem } from '../../helpers/operationOptions';
import { criteriaParameter, toolCriteriaParameters } from '../../search/parameters';
import { indicesParameter, optionsCollection, parsedDocumentLocator } from '../common.descriptions';
import { matchAgainstParameters, readRankedSearchBody } from '../matchAgainst';
import { filledByModelAsTool } from '../tool.descriptions';

const resumeParameter: INodeProperties = {
	...parsedDocumentLocator(
		'Resume',
		'identifier',
		'resume',
		'The parsed resume to explain: why it ranks where it does in the search below',
	),
	required: true,
};

const properties: INodeProperties[] = [
	...filledByModelAsTool(resumeParameter),
	indicesParameter('getResumeIndices', 'Indices of parsed resumes the search runs over'),
	...matchAgainstParameters({
		description:
			'The search to explain, as Resume → Search would run it: against criteria you set below, or what the service reads from a parsed job description or resume',
		modes: {
			custom: 'Job titles, skills, locations and the other criteria below',
			jobDescription: 'Criteria the service derives from a parsed job description',
			resume: 'Criteria the service derives from another parsed resume',
		},
		locators: {
			jobDescription: 'The parsed job description the resume is compared with',
			resume: 'The parsed resume whose look-alikes the search finds',
		},
	}),
	...toolCriteriaParameters('resumeSearch'),
	criteriaParameter('resumeSearch'),
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['resume'], operation: ['getMatchDetail'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = readIdentifier(
		resumeParameter,
		this.getNodeParameter('identifier', itemIndex),
		'a document identifier',
	);
	const body = readRankedSearchBody.call(this, itemIndex, 'resumeSearch');
	return await requestForItem.call(this, {
		method: 'POST',
		path: `/v2/resume_search/details/${encodeURIComponent(identifier)}`,
		body,
		itemIndex,
		idempotent: true,
	});
}
