// Workflows for the benchmark in a real n8n: our node, and n8n's own HTTP Request node (+ Split
// Out) doing the same requests through the same credential type, as a user would wire it by hand.
// A run's time is what n8n recorded as the execution time of the nodes being compared.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { affindaNode, manualTrigger, workflow, type Credential } from '../e2e/test-workflows';
import type { WorkflowJson } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE, type RealN8n } from '../helpers/real-n8n/real-n8n';
import { executionError, nodeRuns, outputItems } from '../helpers/real-n8n/run-data';

type Node = WorkflowJson['nodes'][number];

export const TRIGGER = 'Start';

export interface Timing {
	ms: number;
	/** Items out of the last compared node: the same count for every contender, or a bug. */
	items: number;
}

export function httpRequestNode(
	name: string,
	credential: Credential,
	parameters: IDataObject,
): Node {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
		parameters: {
			authentication: 'predefinedCredentialType',
			nodeCredentialType: AFFINDA_CREDENTIAL_TYPE,
			...parameters,
		},
	};
}

export function splitOutNode(name: string, field: string): Node {
	return {
		name,
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		parameters: { fieldToSplitOut: field, include: 'noOtherFields', options: {} },
	};
}

/** Reads every file the glob matches into one item each, with the file as binary `data`. */
export function readFilesNode(name: string, glob: string): Node {
	return {
		name,
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1,
		parameters: { operation: 'read', fileSelector: glob, options: {} },
	};
}

/** A JSON POST as the HTTP Request node sends it, the body given as text. */
export function jsonPost(url: string, body: unknown): IDataObject {
	return {
		method: 'POST',
		url,
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: JSON.stringify(body),
		options: {},
	};
}

/** A multipart upload of the item's binary `data` with the given text fields. */
export function multipartUpload(url: string, fields: Record<string, string>): IDataObject {
	return {
		method: 'POST',
		url,
		sendBody: true,
		contentType: 'multipart-form-data',
		bodyParameters: {
			parameters: [
				{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
				...Object.entries(fields).map(([name, value]) => ({
					parameterType: 'formData',
					name,
					value,
				})),
			],
		},
		options: {},
	};
}

export interface Contender {
	/** The nodes whose execution time is the contender's time. */
	timed: string[];
	run(pinned?: INodeExecutionData[]): Promise<Timing>;
}

/** Stores the workflow once; each run starts it by hand, as the editor does, and reads the timings. */
export async function n8nContender(
	n8n: RealN8n,
	json: WorkflowJson,
	timed: string[],
): Promise<Contender> {
	const stored = await n8n.client.createWorkflow(json);
	return {
		timed,
		async run(pinned) {
			const execution = await n8n.client.runManually(
				stored,
				TRIGGER,
				pinned ? { [TRIGGER]: pinned } : undefined,
			);
			try {
				if (execution.status !== 'success') {
					throw new Error(`"${json.name}" ended ${execution.status}: ${executionError(execution)}`);
				}
				const ms = timed.reduce(
					(sum, node) =>
						sum + nodeRuns(execution, node).reduce((total, run) => total + run.executionTime, 0),
					0,
				);
				return { ms, items: outputItems(execution, timed[timed.length - 1]).length };
			} finally {
				// Uploads leave hundreds of megabytes of binary data behind each run otherwise.
				await n8n.client.api('DELETE', `/executions/${execution.id}`).catch(() => undefined);
			}
		},
	};
}

/** Our node alone after the trigger (and after a file reader, for uploads). */
export function oursWorkflow(
	name: string,
	credential: Credential,
	parameters: IDataObject,
	source?: Node,
): WorkflowJson {
	const nodes = [
		manualTrigger(TRIGGER),
		...(source ? [source] : []),
		// The version n8n gives a node added today.
		affindaNode('Affinda', credential, parameters, { typeVersion: 1 }),
	];
	return workflow(name, nodes, chain(nodes));
}

/** HTTP Request, then Split Out when the answer holds a list of results to turn into items. */
export function httpRequestWorkflow(
	name: string,
	credential: Credential,
	parameters: IDataObject,
	options: { source?: Node; splitField?: string } = {},
): WorkflowJson {
	const nodes = [
		manualTrigger(TRIGGER),
		...(options.source ? [options.source] : []),
		httpRequestNode('HTTP Request', credential, parameters),
		...(options.splitField ? [splitOutNode('Split Out', options.splitField)] : []),
	];
	return workflow(name, nodes, chain(nodes));
}

function chain(nodes: Node[]): Array<[string, string]> {
	return nodes.slice(1).map((node, index) => [nodes[index].name, node.name]);
}
