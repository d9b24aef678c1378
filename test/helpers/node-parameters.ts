// Whether saved node parameters are ones this package's node shows, in the shape it gives them:
// what the example workflows (test/unit/examples.test.ts) and the README's snippets
// (test/unit/readme-snippets.test.ts) are held to, so neither can drift from the nodes.
import type {
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
// n8n's loader adds these to every polling node; n8n-core keeps them out of its index.
import { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';
import { NodeHelpers } from 'n8n-workflow';

import { Affinda } from '../../nodes/Affinda/Affinda.node';
import { AffindaPollingTrigger } from '../../nodes/AffindaPollingTrigger/AffindaPollingTrigger.node';
import { AffindaTrigger } from '../../nodes/AffindaTrigger/AffindaTrigger.node';
import { PACKAGE_NAME } from './project-root';

export interface PackageNodeType {
	defaultVersion: number;
	descriptionOf: (version: number) => INodeTypeDescription | undefined;
}

function plain(node: INodeType): PackageNodeType {
	const versions = [node.description.version].flat();
	return {
		defaultVersion: node.description.defaultVersion ?? Math.max(...versions),
		descriptionOf: (version) => (versions.includes(version) ? node.description : undefined),
	};
}

/** The node's AI-tool variant, as n8n makes it: the same versions, named `<name>Tool`. */
function toolVariant(node: INodeType): PackageNodeType {
	const { defaultVersion, descriptionOf } = plain(node);
	return {
		defaultVersion,
		descriptionOf: (version) => {
			const description = descriptionOf(version);
			return description && { ...description, name: `${description.name}Tool` };
		},
	};
}

/** A polling node as n8n loads it: with the Poll Times parameter n8n's loader adds to every one. */
function withPollTimes(node: INodeType): INodeType {
	node.description.properties = [...commonPollingParameters, ...node.description.properties];
	return node;
}

/** This package's node types, by the type name a workflow gives them. */
export const NODE_TYPES: Record<string, PackageNodeType> = {
	[`${PACKAGE_NAME}.affinda`]: plain(new Affinda()),
	[`${PACKAGE_NAME}.affindaTool`]: toolVariant(new Affinda()),
	[`${PACKAGE_NAME}.affindaTrigger`]: plain(new AffindaTrigger()),
	[`${PACKAGE_NAME}.affindaPollingTrigger`]: plain(withPollTimes(new AffindaPollingTrigger())),
};

/** A node as a workflow saves it: its type and parameters. */
export interface SavedNode {
	type: string;
	parameters: INodeParameters;
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
export function problemsOf(node: SavedNode, version: number): string[] {
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
