import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readIdentifier } from '../../../shared/readers';
import { pathSegment } from '../../../shared/service';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { criteriaParameter, toolCriteriaParameters } from '../../search/searchProperties';
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

export const description: INodeProperties[] = [
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

export const toolDescription =
	"Explains why one candidate ranks where they do in a resume search: for one parsed resume in Affinda, says criterion by criterion (job title, skills, experience, location, education, languages) what matches the search and what is missing. Arguments: identifier, the resume's identifier, as the resume search tool returns it; and the search to explain, as for the resume search tool: jobTitles and skills, each separated by commas; locations, one city, region or country; yearsExperienceMin, a whole number (each optional). Use it after a resume search to explain one candidate; to compare a resume with a job description, use the match score or job description match detail tools.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = readIdentifier(
		resumeParameter,
		this.getNodeParameter('identifier', itemIndex),
		'a document identifier',
	);
	const body = readRankedSearchBody.call(this, itemIndex, 'resumeSearch');
	return await requestForItem.call(this, {
		method: 'POST',
		path: `/v2/resume_search/details/${pathSegment(identifier)}`,
		body,
		itemIndex,
		idempotent: true,
	});
}
