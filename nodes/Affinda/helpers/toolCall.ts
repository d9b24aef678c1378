import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { describeValue, InvalidParameterError } from '../../shared/errors';

/**
 * How the node is being run, when a model called it:
 * - `agentToolCall`: an AI Agent's tool call. n8n runs the node on its own for it, logging its
 *   output as the agent's tool answer (the node's `rewireOutputLogTo`). An error thrown here ends
 *   the agent's whole run, so failures become the tool's answer instead.
 * - `wrappedTool`: the node's tool variant (`<name>Tool`, n8n's own test for `@tool`) called through
 *   n8n's tool wrapper, as the MCP Server Trigger does. A thrown error there reaches the client as
 *   the call's error result, so failures are thrown, worded for a model.
 */
export type ToolRun = 'agentToolCall' | 'wrappedTool';

export function toolRun(this: IExecuteFunctions): ToolRun | undefined {
	const node = this.getNode();
	if (node.rewireOutputLogTo === NodeConnectionTypes.AiTool) return 'agentToolCall';
	if (node.type.endsWith('Tool')) return 'wrappedTool';
	return undefined;
}

interface ToolFailure {
	/** `refused`: the same call will fail again; `failed`: the service had a fault, later may work. */
	kind: 'refused' | 'failed';
	message: string;
}

/** Text ending as a sentence. The router names the item for people only: a model needs none. */
function sentence(text: string): string {
	const trimmed = text.trim();
	return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A refusal or a fault, in a few sentences a model can act on. */
function toolFailure(error: unknown): ToolFailure {
	if (error instanceof InvalidParameterError) {
		return {
			kind: 'refused',
			message: `Argument "${error.field}" (${error.label}) is ${describeValue(error.value)}, but must be ${error.allowed}. Nothing was sent to Affinda: call again with a corrected ${error.field}.`,
		};
	}
	if (error instanceof NodeApiError) {
		const status = Number(error.httpCode);
		const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
		const explained = [error.message, error.description]
			.filter((part): part is string => typeof part === 'string' && part.trim() !== '')
			.map(sentence)
			.join(' ');
		return refused
			? {
					kind: 'refused',
					message: `${explained} Calling again with the same arguments will not help.`,
				}
			: { kind: 'failed', message: `${explained} Trying again later may help.` };
	}
	const { message, description } = error as NodeOperationError;
	return {
		kind: 'refused',
		message: [message, description]
			.filter((part): part is string => typeof part === 'string' && part.trim() !== '')
			.map(sentence)
			.join(' '),
	};
}

/** The tool's answer for a failed call: `{refused}` or `{failed}`, paired with its item. */
export function toolFailureItem(error: unknown, itemIndex: number): INodeExecutionData {
	const { kind, message } = toolFailure(error);
	// Not `error`: n8n's Retry On Fail re-runs a node whose first item holds `json.error`, and a
	// refusal would only be refused again (an upload perhaps made twice).
	return { json: { [kind]: message }, pairedItem: { item: itemIndex } };
}

/** The error to throw for a wrapped tool: the same words, so the client's error result holds them. */
export function toolFailureError(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(this.getNode(), toolFailure(error).message, { itemIndex });
}
