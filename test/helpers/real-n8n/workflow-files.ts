/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The example workflows in test/examples, read as a user's n8n would import them, and the two
// things a user does after importing one: choose a credential, and edit a node's settings.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { EXAMPLES_DIR } from '../../n8n-runtime/paths';
import type { WorkflowJson } from './n8n-client';

export function exampleWorkflowFiles(): string[] {
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort();
}

export function readExampleWorkflow(file: string): WorkflowJson {
	return JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
}

/** Points every node that takes this credential type at the given credential. */
export function useCredential(
	workflow: WorkflowJson,
	nodeType: string,
	credentialType: string,
	credential: { id: string; name: string },
): WorkflowJson {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type === nodeType
				? {
						...node,
						credentials: { ...(node.credentials as IDataObject), [credentialType]: credential },
					}
				: node,
		),
	};
}

/**
 * Changes some parameters of one node, as a user editing it would. Nested settings (a filter
 * inside a collection) merge into what is there; other values, lists included, are replaced.
 */
export function setParameters(
	workflow: WorkflowJson,
	nodeName: string,
	parameters: IDataObject,
): WorkflowJson {
	if (!workflow.nodes.some((node) => node.name === nodeName)) {
		throw new Error(`Workflow "${workflow.name}" has no node "${nodeName}"`);
	}
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.name === nodeName
				? { ...node, parameters: mergeParameters(node.parameters as IDataObject, parameters) }
				: node,
		),
	};
}

function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeParameters(current: IDataObject = {}, changes: IDataObject): IDataObject {
	const merged: IDataObject = { ...current };
	for (const [key, value] of Object.entries(changes)) {
		merged[key] =
			isPlainObject(value) && isPlainObject(current[key])
				? mergeParameters(current[key], value)
				: value;
	}
	return merged;
}
