// The example workflows users import (test/examples) keep up with the nodes: every node of this
// package is on its type's default version, and every parameter it holds is one that version
// shows for that node's settings, in the shape that version gives it. A node left on an old
// version, or holding an old version's parameter, fails here, before the slower e2e suite runs
// the examples in a real n8n.
import type { INodeParameters } from 'n8n-workflow';

import { NODE_TYPES, problemsOf } from '../helpers/node-parameters';
import { PACKAGE_NAME } from '../helpers/project-root';
import { exampleWorkflowFiles, readExampleWorkflow } from '../helpers/real-n8n/workflow-files';

interface ExampleNode {
	file: string;
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
}

function packageNodes(): ExampleNode[] {
	return exampleWorkflowFiles().flatMap((file) =>
		readExampleWorkflow(file)
			.nodes.filter((node) => node.type.startsWith(`${PACKAGE_NAME}.`))
			.map((node) => ({
				file,
				name: node.name,
				type: node.type,
				typeVersion: node.typeVersion as number,
				parameters: (node.parameters ?? {}) as INodeParameters,
			})),
	);
}

describe('the example workflows in test/examples', () => {
	const nodes = packageNodes();
	const label = (node: ExampleNode) => `${node.file} › ${node.name}`;

	test('use the Affinda node', () => {
		expect(nodes.filter((node) => node.type === `${PACKAGE_NAME}.affinda`).length).toBeGreaterThan(
			5,
		);
		expect(nodes.map((node) => node.type).filter((type) => !NODE_TYPES[type])).toEqual([]);
	});

	test("every node of this package is on its type's default version", () => {
		expect(nodes.map((node) => [label(node), node.typeVersion]).sort()).toEqual(
			nodes.map((node) => [label(node), NODE_TYPES[node.type].defaultVersion]).sort(),
		);
	});

	test('every parameter is one the default version shows, in its shape', () => {
		expect(
			nodes.flatMap((node) =>
				problemsOf(node, NODE_TYPES[node.type].defaultVersion).map(
					(problem) => `${label(node)}: ${problem}`,
				),
			),
		).toEqual([]);
	});
});

describe('the check itself', () => {
	const affinda = `${PACKAGE_NAME}.affinda`;

	test('refuses searches in the shapes of the pre-release node (plain identifiers, criteria collections)', () => {
		const search = { resource: 'resume', operation: 'search', indices: ['all-resumes'] };
		const byJobDescription = {
			...search,
			searchMode: 'jobDescription',
			jobDescription: 'jdABC123',
			weights: { jobTitlesWeight: 0.8 },
		};
		const byCriteria = {
			...search,
			searchMode: 'custom',
			criteria: { jobTitles: 'Engineer', skills: { values: [{ name: 'Python' }] } },
		};
		expect(problemsOf({ type: affinda, parameters: byJobDescription }, 1)).toEqual([
			'jobDescription: "jdABC123" is not a resource locator ({__rl: true, mode: list or id or url, value})',
			// Resume → Get Match Score has a Weights collection; Search has none.
			'weights: not shown with these settings',
		]);
		expect(problemsOf({ type: affinda, parameters: byCriteria }, 1)).toEqual([
			'criteria.jobTitles: "Engineer" is not an object',
			'criteria.skills.values: no such parameter',
		]);
	});

	test('refuses entries and values a criterion does not have', () => {
		const parameters = {
			resource: 'resume',
			operation: 'search',
			indices: ['all-resumes'],
			searchMode: 'custom',
			criteria: {
				locations: { locations: { location: [{ name: 'Sydney', unit: 'leagues' }] } },
				skills: { skills: { values: [{ name: 'Python', required: 'yes' }] } },
				salary: { minimum: 1 },
			},
			returnAll: 'no',
		};
		expect(problemsOf({ type: affinda, parameters }, 1)).toEqual([
			'criteria.locations.locations.location[0].name: no such parameter',
			'criteria.locations.locations.location[0].unit: "leagues" is not one of ["km","mi"]',
			'criteria.skills.skills.values[0].required: "yes" is not true or false',
			'criteria.salary: no such entry',
			'returnAll: "no" is not true or false',
		]);
	});

	test('refuses a parameter hidden by the settings, such as criteria to match in job description mode', () => {
		const parameters = {
			resource: 'resume',
			operation: 'search',
			indices: ['all-resumes'],
			searchMode: 'jobDescription',
			jobDescription: { __rl: true, mode: 'id', value: 'jdABC123' },
			criteria: { jobTitles: { jobTitles: 'Engineer', jobTitlesWeight: 0.5 } },
			url: 'https://example.com/cv.pdf',
		};
		expect(problemsOf({ type: affinda, parameters }, 1)).toEqual([
			'criteria.jobTitles.jobTitles: not shown with these settings',
			'url: not shown with these settings',
		]);
	});
});
