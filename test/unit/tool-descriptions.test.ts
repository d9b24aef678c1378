import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Affinda } from '../../nodes/Affinda/Affinda.node';
import { operations } from '../../nodes/Affinda/actions/resources';

const current = new Affinda().description;

/** The node's tool variant as n8n makes it (`<name>Tool`, which turns its `@tool` parameters on). */
const toolType: INodeTypeDescription = { ...current, name: `${current.name}Tool` };

/** A tool node of the current version with these parameters, as n8n resolves them (defaults filled). */
function toolNode(parameters: INodeParameters): INode {
	const node: INode = {
		id: 'tool',
		name: 'Affinda',
		type: `n8n-nodes-affinda.${toolType.name}`,
		typeVersion: latestVersion(),
		position: [0, 0],
		parameters,
	};
	node.parameters =
		NodeHelpers.getNodeParameters(toolType.properties, parameters, true, false, node, toolType) ??
		{};
	return node;
}

function latestVersion(): number {
	return Array.isArray(current.version) ? Math.max(...current.version) : current.version;
}

const EVERY_OPERATION = Object.entries(operations).flatMap(([resource, byName]) =>
	Object.entries(byName).map(([operation, module]) => ({ resource, operation, module })),
);

/** The `$fromAI()` keys in the tool's parameters of one operation: the arguments the model gives. */
function argumentsOf(resource: string, operation: string): string[] {
	const { parameters } = toolNode({ resource, operation });
	const keys = [...JSON.stringify(parameters).matchAll(/\$fromAI\('([\w-]+)'/g)].map(
		(match) => match[1],
	);
	return [...new Set(keys)];
}

describe('what a model reads about each operation', () => {
	test.each(EVERY_OPERATION)(
		'$resource → $operation: says what it does and when to use it, in a few sentences',
		({ module }) => {
			const text = module.toolDescription ?? '';
			expect(text.length).toBeGreaterThanOrEqual(150);
			expect(text.length).toBeLessThanOrEqual(1000);
			// Ends as prose, names Affinda, and tells the model which other tool does what instead.
			expect(text).toMatch(/Affinda/);
			expect(text).toMatch(/\.$/);
			expect(text).toMatch(/\buse (it|the)\b/i);
		},
	);

	test.each(EVERY_OPERATION)(
		'$resource → $operation: is what n8n gives the model as the tool description',
		({ resource, operation, module }) => {
			const tool = toolNode({ resource, operation });
			expect(NodeHelpers.getToolDescriptionForNode(tool, { description: toolType } as never)).toBe(
				module.toolDescription,
			);
		},
	);

	test('a description a person wrote is what the model reads instead', () => {
		const tool = toolNode({
			resource: 'resume',
			operation: 'search',
			toolDescription: 'Find data engineers in Melbourne',
		});
		expect(NodeHelpers.getToolDescriptionForNode(tool, { description: toolType } as never)).toBe(
			'Find data engineers in Melbourne',
		);
	});

	test.each(EVERY_OPERATION)(
		'$resource → $operation: names every argument the model fills',
		({ resource, operation, module }) => {
			for (const key of argumentsOf(resource, operation)) {
				expect(module.toolDescription).toMatch(new RegExp(`\\b${key}\\b`));
			}
		},
	);

	test('the model fills what it would know: criteria, links, identifiers, a limit', () => {
		const expected: Record<string, Record<string, string[]>> = {
			resume: {
				search: ['jobTitles', 'skills', 'locations', 'yearsExperienceMin', 'limit'],
				parse: ['url'],
				getMatchDetail: ['identifier', 'jobTitles', 'skills', 'locations', 'yearsExperienceMin'],
				getMatchScore: ['resume', 'jobDescription'],
				suggest: ['skills'],
			},
			document: {
				upload: ['url'],
				addTag: ['identifier', 'tag'],
				removeTag: ['identifier', 'tag'],
			},
			index: { removeDocument: ['document'], addDocument: [], create: [], delete: [] },
			jobDescription: {
				search: ['jobTitles', 'skills', 'locations', 'totalYearsExperience', 'limit'],
				getMatchDetail: [
					'identifier',
					'resume',
					'jobTitles',
					'skills',
					'locations',
					'totalYearsExperience',
				],
			},
		};
		for (const [resource, byOperation] of Object.entries(expected)) {
			for (const [operation, keys] of Object.entries(byOperation)) {
				expect([resource, operation, argumentsOf(resource, operation).sort()]).toEqual([
					resource,
					operation,
					[...keys].sort(),
				]);
			}
		}
		expect(operations.resume.search.toolDescription).toMatch(/separated by commas/);
		expect(operations.resume.search.toolDescription).toMatch(/whole number/);
	});

	test('is shown only for the tool, never on the node people use in a workflow', () => {
		const people = NodeHelpers.getNodeParameters(
			current.properties,
			{ resource: 'resume', operation: 'search' },
			true,
			false,
			{ ...toolNode({}), type: 'n8n-nodes-affinda.affinda' } as INode,
			current,
		);
		expect(people?.toolDescription).toBeUndefined();
		expect(people?.limit).toBe(50);
		expect(JSON.stringify(people)).not.toMatch(/\$fromAI/);
	});

	test('as a tool, Resume → Search returns 10 by default and has no Return All', () => {
		const { parameters } = toolNode({ resource: 'resume', operation: 'search' });
		expect(parameters.returnAll).toBeUndefined();
		expect(parameters.limit).toMatch(/\$fromAI\('limit', `[^`]+`, 'number', 10\)/);
	});
});
