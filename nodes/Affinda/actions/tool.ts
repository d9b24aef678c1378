import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * What a model sees of the node as a tool. n8n names the tool after the node, describes it with
 * the `toolDescription` parameter (its own, "<action> in Affinda", only when the node has none),
 * and builds the tool's arguments from the `$fromAI()` calls in the node's parameters.
 */

/** Shown when the node is an AI tool (n8n's `@tool` condition: its tool variant's name ends in Tool). */
const AS_TOOL = { '@tool': [true] };

/**
 * An argument the model fills: `$fromAI(key, description, type, fallback)`, marked as n8n marks
 * the ones its editor writes, so the panel shows "Defined automatically by the model".
 */
export function fromAI(
	key: string,
	description: string,
	type: 'string' | 'number' = 'string',
	fallback?: string | number,
): string {
	const fallbackArgument = fallback === undefined ? '' : `, ${JSON.stringify(fallback)}`;
	return `={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${key}', \`${description}\`, '${type}'${fallbackArgument}) }}`;
}

function withCondition(
	displayOptions: IDisplayOptions | undefined,
	kind: 'show' | 'hide',
): IDisplayOptions {
	return { ...displayOptions, [kind]: { ...displayOptions?.[kind], ...AS_TOOL } };
}

/** A parameter shown to people only: the node as a tool does without it. */
export function forPeople(property: INodeProperties): INodeProperties {
	return { ...property, displayOptions: withCondition(property.displayOptions, 'hide') };
}

/** A parameter of the node as a tool, its value given by the model (`toolDefault`, with fromAI). */
export function forModel(
	property: INodeProperties,
	toolDefault: INodeProperties['default'],
): INodeProperties {
	return {
		...property,
		default: toolDefault,
		displayOptions: withCondition(property.displayOptions, 'show'),
	};
}

/**
 * A parameter as people set it, and its twin for the tool, whose value the model fills. Same name,
 * so the operation reads either; the tool's twin keeps every other condition of the parameter.
 */
export function filledByModel(
	property: INodeProperties,
	toolDefault: INodeProperties['default'],
): INodeProperties[] {
	return [forPeople(property), forModel(property, toolDefault)];
}

/** One operation's tool description, as the registry of resources knows it. */
export interface ToolDescribed {
	resource: string;
	operation: string;
	toolDescription: string;
}

/**
 * The Description parameter of the tool, one per operation, holding the text written for a model
 * next to that operation's parameters. A person may rewrite it; what they write is what the model
 * reads.
 */
export function toolDescriptionParameters(described: ToolDescribed[]): INodeProperties[] {
	return described.map(({ resource, operation, toolDescription }) => ({
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		default: toolDescription,
		typeOptions: { rows: 6 },
		description:
			'What the AI model reads about this tool: what it does and returns, its arguments, and when to use it',
		displayOptions: { show: { ...AS_TOOL, resource: [resource], operation: [operation] } },
	}));
}
