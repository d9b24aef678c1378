import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readIdentifier, readOptionalIdentifier } from '../../../shared/readers';
import { pathSegment } from '../../../shared/service';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { addToolCriteria, buildSearchBody, readCriteriaValues } from '../../search/searchBody';
import { criteriaParameter, toolCriteriaParameters } from '../../search/searchProperties';
import { indicesParameter, optionsCollection, parsedDocumentLocator } from '../common.descriptions';
import { filledByModelAsTool } from '../tool.descriptions';

const jobDescriptionParameter: INodeProperties = {
	...parsedDocumentLocator(
		'Job Description',
		'identifier',
		'jobDescription',
		'The parsed job description to explain',
	),
	required: true,
};

const resumeParameter = parsedDocumentLocator(
	'Resume',
	'resume',
	'resume',
	'A parsed resume whose details the job description is compared with. Leave empty to compare with the criteria below only.',
);

export const description: INodeProperties[] = [
	...filledByModelAsTool(jobDescriptionParameter),
	indicesParameter('getJobDescriptionIndices', 'Indices of job descriptions the search runs over'),
	...filledByModelAsTool(
		resumeParameter,
		'Identifier of a parsed resume to compare the job description with; empty to compare with the criteria only',
	),
	...toolCriteriaParameters('jobDescriptionMatch'),
	criteriaParameter('jobDescriptionMatch'),
	optionsCollection(),
];

export const toolDescription =
	"Explains how one candidate matches a job: compares a job description parsed by Affinda with a parsed resume, criterion by criterion (job title, skills, experience, location, education, languages) and says what matches and what is missing, with a score for each. Arguments: identifier, the job description's identifier; resume, the candidate resume's identifier, as the resume search or parse tools return it; without a resume, what to compare with: jobTitles and skills, each separated by commas, locations (one city, region or country), totalYearsExperience (a number), each optional. Use it after a search to explain one candidate; to rank many candidates, use the resume search tool.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = readIdentifier(
		jobDescriptionParameter,
		this.getNodeParameter('identifier', itemIndex),
		'a document identifier',
	);
	// Unset (empty, null, nothing) leaves the field out; any other type than text is refused.
	const resume = readOptionalIdentifier(
		resumeParameter,
		this.getNodeParameter('resume', itemIndex, ''),
		'a document identifier',
	);
	// As an AI tool, with what the model gave for the tool's criteria.
	const criteria = addToolCriteria.call(
		this,
		itemIndex,
		readCriteriaValues.call(this, itemIndex, 'jobDescriptionMatch'),
		'jobDescriptionMatch',
	);
	const body = buildSearchBody(
		'jobDescriptionMatch',
		this.getNodeParameter('indices', itemIndex),
		resume === undefined ? {} : { resume },
		criteria,
	);
	return await requestForItem.call(this, {
		method: 'POST',
		path: `/v2/job_description_search/details/${pathSegment(identifier)}`,
		body,
		itemIndex,
		idempotent: true,
	});
}
