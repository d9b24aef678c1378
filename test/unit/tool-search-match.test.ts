// Search & Match as an AI agent's tool: in a tool, the resume and job description identifiers and
// the same four criteria as Resume → Search are the model's to fill ($fromAI); in a workflow, the
// same parameters are the usual resource locators and criteria. Resolved by n8n's own parameter
// resolution (NodeHelpers.getNodeParameters) for the node and for its tool.
import type { IDataObject, IExecuteFunctions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Affinda } from '../../nodes/Affinda/Affinda.node';
import { readRankedSearchBody } from '../../nodes/Affinda/actions/matchAgainst';

const node = new Affinda();
const description = node.description;
const asTool = { ...description, name: `${description.name}Tool` } as INodeTypeDescription;

function resolved(parameters: IDataObject, type: INodeTypeDescription): IDataObject {
	return NodeHelpers.getNodeParameters(
		description.properties,
		parameters as never,
		true,
		false,
		{ typeVersion: 1 },
		type,
	) as IDataObject;
}

/** The $fromAI key a parameter's value asks the model for, if it does. */
function fromAIKey(value: unknown): string | undefined {
	return typeof value === 'string' ? /\$fromAI\('([^']+)'/.exec(value)?.[1] : undefined;
}

const CASES: Array<[string, IDataObject, string[]]> = [
	[
		'Job Description → Search against a resume',
		{ resource: 'jobDescription', operation: 'search', searchMode: 'resume' },
		// As a tool the model also sets how many job descriptions it gets back (actions/searchTool.ts).
		['resume', 'limit'],
	],
	[
		'Job Description → Search with custom criteria',
		{ resource: 'jobDescription', operation: 'search', searchMode: 'custom' },
		['jobTitles', 'skills', 'locations', 'totalYearsExperience', 'limit'],
	],
	[
		'Resume → Search against a job description',
		{ resource: 'resume', operation: 'search', searchMode: 'jobDescription' },
		// As a tool the model also sets how many candidates it gets back (actions/searchTool.ts).
		['jobDescription', 'limit'],
	],
	[
		'Resume → Get Match Detail with custom criteria',
		{ resource: 'resume', operation: 'getMatchDetail', searchMode: 'custom' },
		['identifier', 'jobTitles', 'skills', 'locations', 'yearsExperienceMin'],
	],
	[
		'Resume → Get Match Detail against a job description',
		{ resource: 'resume', operation: 'getMatchDetail', searchMode: 'jobDescription' },
		['identifier', 'jobDescription'],
	],
	[
		'Job Description → Get Match Detail',
		{ resource: 'jobDescription', operation: 'getMatchDetail' },
		['identifier', 'resume', 'jobTitles', 'skills', 'locations', 'totalYearsExperience'],
	],
	[
		'Resume → Get Match Score',
		{ resource: 'resume', operation: 'getMatchScore' },
		['resume', 'jobDescription'],
	],
];

describe('Search & Match as an AI tool', () => {
	test.each(CASES)('%s', (_, parameters, filled) => {
		const tool = resolved(parameters, asTool);
		const asked = Object.entries(tool)
			.filter(([name, value]) => fromAIKey(value) === name)
			.map(([name]) => name);
		expect(asked.sort()).toEqual([...filled].sort());

		// In a workflow the identifiers are resource locators, picked from a list, and no
		// parameter asks a model for anything.
		const workflow = resolved(parameters, description);
		expect(Object.values(workflow).filter((value) => fromAIKey(value))).toEqual([]);
		for (const name of filled.filter((n) =>
			['identifier', 'resume', 'jobDescription'].includes(n),
		)) {
			expect(workflow[name]).toEqual({ __rl: true, mode: 'list', value: '' });
		}
	});

	test("the model's identifier and criteria become the search body", () => {
		const given: IDataObject = {
			searchMode: 'custom',
			indices: ['open-jobs'],
			criteria: {},
			jobTitles: 'Data Engineer',
			skills: 'SQL, Spark',
			locations: 'Sydney',
			totalYearsExperience: '6',
		};
		const context = {
			getNode: () => ({ typeVersion: 1 }),
			getNodeParameter: (name: string, _item: number, fallback?: unknown) =>
				given[name] ?? fallback,
		} as unknown as IExecuteFunctions;
		expect(readRankedSearchBody.call(context, 0, 'jobDescriptionSearch')).toEqual({
			indices: ['open-jobs'],
			jobTitles: ['Data Engineer'],
			skills: [
				{ name: 'SQL', required: false },
				{ name: 'Spark', required: false },
			],
			locations: [{ name: 'Sydney' }],
			totalYearsExperience: 6,
		});
		given.searchMode = 'resume';
		given.resume = 'res42';
		expect(readRankedSearchBody.call(context, 0, 'jobDescriptionSearch')).toEqual({
			indices: ['open-jobs'],
			resume: 'res42',
		});
	});
});
