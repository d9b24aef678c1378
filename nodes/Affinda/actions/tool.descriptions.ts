import type { INodeProperties } from 'n8n-workflow';

/**
 * A document parameter the model fills when the node is an AI Agent's tool: in a workflow, the
 * resource locator (picked from a list or typed); as a tool, a text parameter of the same name
 * whose default asks the model ($fromAI), so an agent can pass the identifier it found earlier.
 * Both read the same way (helpers/parameters.ts takes a locator or text).
 */
export function filledByModelAsTool(
	locator: INodeProperties,
	fromAI = `Identifier of ${(locator.description ?? '').replace(/^The /, 'the ').replace(/\. .*$/, '')}`,
): INodeProperties[] {
	const { displayOptions = {} } = locator;
	// An optional document may be left out by the model too.
	const optional = locator.required ? '' : ", ''";
	return [
		{
			...locator,
			displayOptions: { ...displayOptions, hide: { ...displayOptions.hide, '@tool': [true] } },
		},
		{
			displayName: locator.displayName,
			name: locator.name,
			type: 'string',
			required: locator.required,
			default: `={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${locator.name}', \`${fromAI}\`, 'string'${optional}) }}`,
			description: `${fromAI}. Set by the model when the node is an AI Agent's tool.`,
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, '@tool': [true] } },
		},
	];
}
