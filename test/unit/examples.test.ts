// The example workflows users import (test/examples) keep up with the nodes: every node of this
// package is on its type's default version, and every parameter it holds is one that version
// shows for that node's settings, in the shape that version gives it. A node left on an old
// version, or holding an old version's parameter, fails here, before the slower e2e suite runs
// the examples in a real n8n.
import type {
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodeType,
	INodeTypeDescription,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Affinda } from '../../nodes/Affinda/Affinda.node';
import { AffindaTrigger } from '../../nodes/AffindaTrigger/AffindaTrigger.node';
import { PACKAGE_NAME } from '../helpers/project-root';
import { exampleWorkflowFiles, readExampleWorkflow } from '../helpers/real-n8n/workflow-files';

interface PackageNodeType {
	defaultVersion: number;
	descriptionOf: (version: number) => INodeTypeDescription | undefined;
}

function versioned(node: IVersionedNodeType): PackageNodeType {
	return {
		defaultVersion: node.currentVersion,
		descriptionOf: (version) => node.nodeVersions[version]?.description,
	};
}

function plain(node: INodeType): PackageNodeType {
	const versions = [node.description.version].flat();
	return {
		defaultVersion: node.description.defaultVersion ?? Math.max(...versions),
		descriptionOf: (version) => (versions.includes(version) ? node.description : undefined),
	};
}

/** This package's node types, by the type name a workflow gives them. */
const NODE_TYPES: Record<string, PackageNodeType> = {
	[`${PACKAGE_NAME}.affinda`]: versioned(new Affinda()),
	[`${PACKAGE_NAME}.affindaTrigger`]: plain(new AffindaTrigger()),
};

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

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');
const isPlainObject = (value: unknown): value is INodeParameters =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

interface Context {
	description: INodeTypeDescription;
	/** The node's parameters, for displayOptions that look at the top level ('/searchMode'). */
	root: INodeParameters;
}

/**
 * What is wrong with `values` as the parameters `properties` describe: names the description does
 * not have or does not show with these settings, and values of another shape than the parameter's.
 * Each problem is a path ("criteria.skills.skills.values[0].name") and what is wrong with it.
 */
function parameterProblems(
	properties: INodeProperties[],
	values: INodeParameters,
	context: Context,
	path = '',
	shownWith = values,
): string[] {
	return Object.entries(values).flatMap(([name, value]) => {
		const at = `${path}${name}`;
		const named = properties.filter((property) => property.name === name);
		if (named.length === 0) return [`${at}: no such parameter`];
		const shown = named.filter((property) =>
			NodeHelpers.displayParameter(
				shownWith,
				property,
				{ typeVersion: context.description.version as number },
				context.description,
				context.root,
			),
		);
		if (shown.length === 0) return [`${at}: not shown with these settings`];
		return valueProblems(shown[0], value, context, at);
	});
}

function valueProblems(
	property: INodeProperties,
	value: unknown,
	context: Context,
	at: string,
): string[] {
	const wrong = (expected: string) => [`${at}: ${JSON.stringify(value)} is not ${expected}`];
	switch (property.type) {
		case 'resourceLocator': {
			const modes = (property.modes ?? []).map((mode) => mode.name);
			return isPlainObject(value) &&
				value.__rl === true &&
				modes.includes(String(value.mode)) &&
				typeof value.value === 'string'
				? []
				: wrong(`a resource locator ({__rl: true, mode: ${modes.join(' or ')}, value})`);
		}
		case 'collection':
			return isPlainObject(value)
				? parameterProblems(property.options as INodeProperties[], value, context, `${at}.`)
				: wrong('an object');
		case 'fixedCollection':
			return isPlainObject(value)
				? fixedCollectionProblems(property, value, context, at)
				: wrong('an object');
		default:
			break;
	}
	if (isExpression(value)) return [];
	switch (property.type) {
		case 'options': {
			const allowed = (property.options ?? []).map(
				(option) => (option as { value: unknown }).value,
			);
			return property.typeOptions?.loadOptionsMethod || allowed.includes(value as string)
				? []
				: wrong(`one of ${JSON.stringify(allowed)}`);
		}
		case 'multiOptions':
			return Array.isArray(value) ? [] : wrong('a list');
		case 'boolean':
			return typeof value === 'boolean' ? [] : wrong('true or false');
		case 'number':
			return value === null || typeof value === 'number' ? [] : wrong('a number');
		case 'string':
		case 'json':
		case 'dateTime':
			return typeof value === 'string' ? [] : wrong('text');
		default:
			return [];
	}
}

function fixedCollectionProblems(
	property: INodeProperties,
	value: INodeParameters,
	context: Context,
	at: string,
): string[] {
	const multiple = property.typeOptions?.multipleValues === true;
	return Object.entries(value).flatMap(([key, entries]) => {
		const option = (property.options as INodePropertyCollection[]).find(
			(candidate) => candidate.name === key,
		);
		if (!option) return [`${at}.${key}: no such entry`];
		if (multiple !== Array.isArray(entries))
			return [`${at}.${key}: ${multiple ? 'a list of entries' : 'one entry, not a list'} expected`];
		const list = (multiple ? entries : [entries]) as unknown[];
		return list.flatMap((entry, index) => {
			const entryAt = multiple ? `${at}.${key}[${index}]` : `${at}.${key}`;
			return isPlainObject(entry)
				? parameterProblems(option.values, entry, context, `${entryAt}.`)
				: [`${entryAt}: ${JSON.stringify(entry)} is not an object`];
		});
	});
}

/** Problems of one node's parameters against its type's description in `version`. */
function problemsOf(node: Pick<ExampleNode, 'type' | 'parameters'>, version: number): string[] {
	const description = NODE_TYPES[node.type]?.descriptionOf(version);
	if (!description) return [`${node.type} has no version ${version}`];
	// What decides what is shown: the saved values over the defaults of those left out, as the
	// editor sees the node.
	const defaults = NodeHelpers.getNodeParameters(
		description.properties,
		node.parameters,
		true,
		false,
		{ typeVersion: version },
		description,
	);
	const root = { ...defaults, ...node.parameters };
	return parameterProblems(
		description.properties,
		node.parameters,
		{ description, root },
		'',
		root,
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

	test("refuses searches saved in version 1's shapes as version 2", () => {
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
		expect(problemsOf({ type: affinda, parameters: byJobDescription }, 2)).toEqual([
			'jobDescription: "jdABC123" is not a resource locator ({__rl: true, mode: list or id, value})',
			// Resume → Get Match Score has a Weights collection; Search has none in version 2.
			'weights: not shown with these settings',
		]);
		expect(problemsOf({ type: affinda, parameters: byCriteria }, 2)).toEqual([
			'criteria.jobTitles: "Engineer" is not an object',
			'criteria.skills.values: no such parameter',
		]);
		// The same parameters are version 1's own.
		expect(problemsOf({ type: affinda, parameters: byJobDescription }, 1)).toEqual([]);
		expect(problemsOf({ type: affinda, parameters: byCriteria }, 1)).toEqual([]);
	});

	test('refuses entries and values a version 2 criterion does not have', () => {
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
		expect(problemsOf({ type: affinda, parameters }, 2)).toEqual([
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
		expect(problemsOf({ type: affinda, parameters }, 2)).toEqual([
			'criteria.jobTitles.jobTitles: not shown with these settings',
			'url: not shown with these settings',
		]);
	});
});
