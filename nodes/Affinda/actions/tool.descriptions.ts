import type { INodeProperties } from 'n8n-workflow';

import { forModel, forPeople, fromAI as askModel } from './tool';

/**
 * A document parameter the model fills when the node is an AI Agent's tool: in a workflow, the
 * resource locator (picked from a list or typed); as a tool, a text parameter of the same name
 * whose default asks the model ($fromAI), so an agent can pass the identifier it found earlier.
 * Both read the same way (shared/readers.ts takes a locator or text).
 */
export function filledByModelAsTool(
	locator: INodeProperties,
	fromAI = `Identifier of ${(locator.description ?? '').replace(/^The /, 'the ').split('. ')[0]}`,
): INodeProperties[] {
	const asked: INodeProperties = {
		displayName: locator.displayName,
		name: locator.name,
		type: 'string',
		required: locator.required,
		default: '',
		description: `${fromAI}. Set by the model when the node is an AI Agent's tool.`,
		displayOptions: locator.displayOptions,
	};
	// An optional document may be left out by the model too.
	const fallback = locator.required ? undefined : '';
	return [forPeople(locator), forModel(asked, askModel(locator.name, fromAI, 'string', fallback))];
}
