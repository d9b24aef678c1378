import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InvalidParameterError } from '../../nodes/shared/errors';
import { buildCriteriaBody } from '../../nodes/Affinda/search/criteriaBody';
import { addToolCriteria } from '../../nodes/Affinda/search/searchBody';
import { TOOL_CRITERIA, toolCriteriaParameters } from '../../nodes/Affinda/search/searchProperties';

/** What n8n hands the node after the model has filled the tool's $fromAI parameters. */
function asTool(given: IDataObject): IExecuteFunctions {
	return {
		getNodeParameter: (name: string, _item: number, fallback?: unknown) => given[name] ?? fallback,
	} as unknown as IExecuteFunctions;
}

describe('criteria an AI agent fills', () => {
	test('are ready for the model in tool mode only: job titles, skills, a location, years', () => {
		const parameters = toolCriteriaParameters();
		expect(parameters.map((p) => p.name)).toEqual([
			'jobTitles',
			'skills',
			'locations',
			'yearsExperienceMin',
		]);
		for (const parameter of parameters) {
			expect(parameter.displayOptions?.show?.['@tool']).toEqual([true]);
			// Optional for the model: an empty default, so a search without skills sends none.
			expect(parameter.default).toMatch(
				new RegExp(
					`^=\\{\\{ /\\*n8n-auto-generated-fromAI-override\\*/ \\$fromAI\\('${parameter.name}', \`[^\`]+\`, 'string', ''\\) \\}\\}$`,
				),
			);
		}
		expect(TOOL_CRITERIA).toHaveLength(4);
	});

	test("become the same body as the criteria's own parameters", () => {
		const values = addToolCriteria.call(
			asTool({
				jobTitles: 'Data Engineer, Analytics Engineer',
				skills: 'SQL, dbt',
				locations: 'Melbourne, Australia',
				yearsExperienceMin: '4',
			}),
			0,
			{ managementLevel: 'Mid' },
		);
		expect(buildCriteriaBody('resumeSearch', values)).toEqual({
			jobTitles: ['Data Engineer', 'Analytics Engineer'],
			skills: [
				{ name: 'SQL', required: false },
				{ name: 'dbt', required: false },
			],
			locations: [{ name: 'Melbourne, Australia' }],
			yearsExperienceMin: 4,
			managementLevel: 'Mid',
		});
	});

	test('what the model leaves empty sends nothing', () => {
		const values = addToolCriteria.call(
			asTool({ jobTitles: '', skills: ' ', locations: '', yearsExperienceMin: '' }),
			0,
			{},
		);
		expect(buildCriteriaBody('resumeSearch', values)).toEqual({});
	});

	test('a criterion set both by the model and in Criteria is refused, naming both', () => {
		expect(() =>
			addToolCriteria.call(asTool({ skills: 'Go' }), 0, { skills: [{ name: 'Rust' }] }),
		).toThrow(
			new InvalidParameterError('Skills', 'skills', 'Go', 'empty while Criteria › Skills is set'),
		);
	});
});
