// Small workflows the e2e suite builds for one purpose each (the example workflows users import
// live in test/examples). Nodes are laid out left to right, as the editor would show them.
import type { IDataObject } from 'n8n-workflow';

import type { WorkflowJson } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE, AFFINDA_NODE_TYPE } from '../helpers/real-n8n/real-n8n';
import { AFFINDA_TRIGGER_TYPE } from './examples';

export interface Credential {
	id: string;
	name: string;
}

type Node = WorkflowJson['nodes'][number];

export function manualTrigger(name = 'Start'): Node {
	return { name, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
}

export function webhookTrigger(name: string, path: string, parameters: IDataObject = {}): Node {
	return {
		name,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: path,
		parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {}, ...parameters },
	};
}

export function affindaNode(
	name: string,
	credential: Credential,
	parameters: IDataObject,
	settings: IDataObject = {},
): Node {
	return {
		name,
		type: AFFINDA_NODE_TYPE,
		typeVersion: 1,
		credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
		parameters,
		...settings,
	};
}

/** The Affinda Trigger on one workspace's parse events, at a fixed webhook id. */
export function affindaTrigger(
	name: string,
	credential: Credential,
	webhookId: string,
	workspace: string,
): Node {
	return {
		name,
		type: AFFINDA_TRIGGER_TYPE,
		typeVersion: 1,
		webhookId,
		credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
		parameters: {
			events: ['document.parse.succeeded'],
			scope: 'workspace',
			workspace: { __rl: true, mode: 'id', value: workspace },
		},
	};
}

export function noOp(name: string): Node {
	return { name, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };
}

/**
 * A workflow from its nodes and its edges. An edge is `[from, to]` (from's first output) or
 * `[from, to, output]` (e.g. 1 for the error output of a node set to continue on error).
 */
export function workflow(
	name: string,
	nodes: Node[],
	edges: Array<[string, string] | [string, string, number]>,
): WorkflowJson {
	const connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: string; index: number }>> }
	> = {};
	for (const [from, to, output = 0] of edges) {
		const main = (connections[from] ??= { main: [] }).main;
		while (main.length <= output) main.push([]);
		main[output].push({ node: to, type: 'main', index: 0 });
	}
	return {
		name,
		nodes: nodes.map((node, i) => ({ id: `node-${i}`, position: [i * 220, 0], ...node })),
		connections,
		settings: { executionOrder: 'v1' },
	};
}
