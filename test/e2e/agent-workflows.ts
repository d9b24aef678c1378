// Workflows where a model calls the Affinda node as a tool: a chat answered by n8n's AI Agent with
// the OpenAI Chat Model, and n8n's MCP Server Trigger. Each Affinda tool is the node's tool
// variant (`affindaTool`), whose arguments the model fills.
import type { IDataObject } from 'n8n-workflow';

import type { WorkflowJson } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE, AFFINDA_NODE_TYPE } from '../helpers/real-n8n/real-n8n';
import type { Credential } from './test-workflows';

export const AFFINDA_TOOL_TYPE = `${AFFINDA_NODE_TYPE}Tool`;
export const OPENAI_CREDENTIAL_TYPE = 'openAiApi';
const LANGCHAIN = '@n8n/n8n-nodes-langchain';

type Node = WorkflowJson['nodes'][number];

/** An Affinda tool: one operation, the rest of its parameters given by the model. */
export function affindaTool(name: string, credential: Credential, parameters: IDataObject): Node {
	return {
		name,
		type: AFFINDA_TOOL_TYPE,
		typeVersion: 1,
		credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
		parameters,
	};
}

function laidOut(nodes: Node[]): Node[] {
	return nodes.map((node, i) => ({ id: `node-${i}`, position: [i * 220, 0], ...node }));
}

function toolConnections(tools: Node[], to: string): IDataObject {
	return Object.fromEntries(
		tools.map((tool) => [tool.name, { ai_tool: [[{ node: to, type: 'ai_tool', index: 0 }]] }]),
	);
}

/**
 * Chat → AI Agent (tools agent) with the OpenAI Chat Model and the given tools. The chat is a
 * public webhook answering with the agent's output once the run has finished (no streaming).
 */
export function chatAgent(
	name: string,
	chatId: string,
	openAi: Credential,
	tools: Node[],
	model = 'scripted-model',
): WorkflowJson {
	const nodes: Node[] = [
		{
			name: 'Chat',
			type: `${LANGCHAIN}.chatTrigger`,
			typeVersion: 1.1,
			webhookId: chatId,
			parameters: { public: true, mode: 'webhook', options: { responseMode: 'lastNode' } },
		},
		{ name: 'AI Agent', type: `${LANGCHAIN}.agent`, typeVersion: 3, parameters: { options: {} } },
		{
			name: 'OpenAI Chat Model',
			type: `${LANGCHAIN}.lmChatOpenAi`,
			typeVersion: 1.3,
			credentials: { [OPENAI_CREDENTIAL_TYPE]: openAi },
			parameters: { model: { __rl: true, mode: 'id', value: model }, options: {} },
		},
		...tools,
	];
	return {
		name,
		nodes: laidOut(nodes),
		connections: {
			Chat: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			...toolConnections(tools, 'AI Agent'),
		},
		settings: { executionOrder: 'v1' },
	};
}

/** n8n's MCP Server Trigger (streamable HTTP, at /mcp/<path>) offering the given tools. */
export function mcpServer(name: string, path: string, tools: Node[]): WorkflowJson {
	const nodes: Node[] = [
		{
			name: 'MCP Server Trigger',
			type: `${LANGCHAIN}.mcpTrigger`,
			typeVersion: 2,
			webhookId: path,
			parameters: { path },
		},
		...tools,
	];
	return {
		name,
		nodes: laidOut(nodes),
		connections: toolConnections(tools, 'MCP Server Trigger'),
		settings: { executionOrder: 'v1' },
	};
}
