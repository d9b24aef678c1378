/**
 * Runs real workflow JSON in-process with n8n-core's WorkflowExecute and the built package
 * (dist/), loaded the way n8n loads a community package. No n8n app, no database.
 */

import { Container } from '@n8n/di';
import {
	BinaryDataConfig,
	BinaryDataService,
	ExecutionLifecycleHooks,
	PackageDirectoryLoader,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	IExecuteFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, Workflow } from 'n8n-workflow';

import { PROJECT_ROOT } from './project-root';

export const PACKAGE_DIR = PROJECT_ROOT;
export const AFFINDA_NODE_TYPE = 'n8n-nodes-affinda.affinda';
export const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';

/** A stand-in for n8n's Manual Trigger that emits the items the test hands it. */
class TestTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Manual Trigger',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Starts the test workflow',
		defaults: { name: 'Start' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

interface LoadedPackage {
	nodeTypes: Record<string, INodeType | IVersionedNodeType>;
	credentialTypes: Record<string, ICredentialType>;
}

let loaded: Promise<LoadedPackage> | undefined;

/** Loads dist/ through n8n-core's PackageDirectoryLoader (which also checks package.json). */
export function loadPackage(): Promise<LoadedPackage> {
	loaded ??= (async () => {
		const loader = new PackageDirectoryLoader(PACKAGE_DIR);
		await loader.loadAll();
		const nodeTypes: LoadedPackage['nodeTypes'] = { [MANUAL_TRIGGER_TYPE]: new TestTrigger() };
		for (const [name, { type }] of Object.entries(loader.nodeTypes)) {
			nodeTypes[`${loader.packageName}.${name}`] = type;
		}
		const credentialTypes: LoadedPackage['credentialTypes'] = {};
		for (const [name, { type }] of Object.entries(loader.credentialTypes)) {
			credentialTypes[name] = type;
		}
		return { nodeTypes, credentialTypes };
	})();
	return loaded;
}

export class TestNodeTypes implements INodeTypes {
	constructor(private readonly types: LoadedPackage['nodeTypes']) {}

	getByName(name: string) {
		return this.types[name];
	}

	getByNameAndVersion(name: string, version?: number) {
		const type = this.types[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return NodeHelpers.getVersionedNodeType(type, version);
	}

	getKnownTypes() {
		return {};
	}
}

/** Applies a credential type's generic `authenticate` the way n8n does, from plaintext data. */
function applyGenericAuth(
	credentialType: ICredentialType | undefined,
	credentials: ICredentialDataDecryptedObject,
	options: IHttpRequestOptions,
): IHttpRequestOptions {
	const authenticate = credentialType?.authenticate;
	if (!authenticate || typeof authenticate === 'function') return options;
	const resolveTemplate = (template: string) =>
		template
			.replace(/^=/, '')
			.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) => String(credentials[key]));
	const headers = (authenticate.properties.headers ?? {}) as Record<string, string>;
	options.headers = { ...options.headers };
	for (const [name, template] of Object.entries(headers)) {
		options.headers[name] = resolveTemplate(template);
	}
	return options;
}

export function credentialsHelper(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	credentialTypes: LoadedPackage['credentialTypes'],
	reads = { count: 0 },
) {
	return {
		getParentTypes: () => [],
		authenticate: async (
			data: ICredentialDataDecryptedObject,
			typeName: string,
			options: IHttpRequestOptions,
		) => applyGenericAuth(credentialTypes[typeName], data, options),
		// Present, as in n8n: a 401 makes the helper re-authenticate and send once more.
		preAuthentication: async () => undefined,
		getDecrypted: async (_data: unknown, _node: unknown, type: string) => {
			if (!credentials[type]) throw new Error(`No test credentials of type ${type}`);
			reads.count++;
			return { ...credentials[type] };
		},
		getCredentials: async () => {
			throw new Error('not used in tests');
		},
		updateCredentials: async () => {},
		updateCredentialsOauthTokenData: async () => {},
		getCredentialsProperties: (type: string) => credentialTypes[type]?.properties ?? [],
		isCredentialUsableByNode: () => true,
	};
}

export interface RunOptions {
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Items the trigger emits. */
	input?: INodeExecutionData[];
	/** When this settles, the execution is cancelled, as the editor's Stop button does. */
	cancel?: Promise<unknown>;
}

export interface WorkflowRun {
	run: IRun;
	/** The items a node sent out of output `outputIndex` (0 = main, 1 = error output when enabled). */
	output(nodeName: string, outputIndex?: number): INodeExecutionData[];
	/** The error a node stopped the workflow with, if any. */
	error(): (Error & IDataObject) | undefined;
	/** How often the run loaded and decrypted a credential. */
	credentialReads: number;
}

export async function runWorkflow(
	workflowData: IWorkflowBase | IDataObject,
	{ credentials = {}, input = [{ json: {} }], cancel }: RunOptions = {},
): Promise<WorkflowRun> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const data = workflowData as IWorkflowBase;
	const workflow = new Workflow({
		id: String(data.id ?? 'test-workflow'),
		name: data.name,
		nodes: data.nodes,
		connections: data.connections,
		nodeTypes: new TestNodeTypes(nodeTypes),
		active: false,
		settings: data.settings ?? { executionOrder: 'v1' },
	});

	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', data);
	const finished = new Promise<IRun>((done) => {
		hooks.addHandler('workflowExecuteAfter', (run) => done(run));
	});
	const credentialReads = { count: 0 };
	const additionalData = {
		hooks,
		credentialsHelper: credentialsHelper(credentials, credentialTypes, credentialReads),
		executionId: 'test-execution',
		userId: 'test-user',
		restApiUrl: 'http://localhost/rest',
		instanceBaseUrl: 'http://localhost/',
		webhookBaseUrl: 'http://localhost/webhook',
		webhookWaitingBaseUrl: 'http://localhost/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost/webhook-test',
		formWaitingBaseUrl: 'http://localhost/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not supported in tests');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Code nodes are not supported in tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;

	const start = workflow.getStartNode();
	if (!start) throw new Error('The workflow has no start node');
	const runExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [{ node: start, data: { main: [input] }, source: null }],
		},
	} as unknown as IRunExecutionData;

	const execution = new WorkflowExecute(
		additionalData,
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	void cancel?.then(() => execution.cancel());
	// A cancelled execution's promise never settles; n8n's hook still reports the run.
	await (cancel ? Promise.race([execution, finished]) : execution);
	const run = await finished;
	return {
		run,
		output: (nodeName, outputIndex = 0) =>
			run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[outputIndex] ?? [],
		error: () => run.data.resultData.error as (Error & IDataObject) | undefined,
		credentialReads: credentialReads.count,
	};
}

let filesystemBinaryData: Promise<BinaryDataService> | undefined;

/**
 * Puts n8n-core's binary data service in filesystem mode, n8n's default on a single instance:
 * files live under N8N_USER_FOLDER and items carry only an id, so a node that read `binary.data`
 * itself would find nothing. Once on, it stays on for the rest of the test file.
 */
export function useFilesystemBinaryData(): Promise<BinaryDataService> {
	filesystemBinaryData ??= (async () => {
		Container.get(BinaryDataConfig).mode = 'filesystem';
		const service = Container.get(BinaryDataService);
		await service.init();
		return service;
	})();
	return filesystemBinaryData;
}

/** Files a binary in filesystem mode, as an upstream node would, for a test's input item. */
export async function storeBinaryFile(
	content: Buffer,
	fileName: string,
	mimeType: string,
): Promise<IBinaryData> {
	const service = await useFilesystemBinaryData();
	const location = {
		type: 'execution' as const,
		workflowId: 'test-workflow',
		executionId: 'test-execution',
	};
	return await service.store(location, content, { data: '', fileName, mimeType });
}

/** Stops n8n-core's background timers so jest can exit without --forceExit. */
export function stopN8nCoreTimers(): void {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Container } = require('@n8n/di');
	for (const [modulePath, exportName, stop] of [
		['n8n-core/dist/execution-engine/ssh-clients-manager', 'SSHClientsManager', 'onShutdown'],
		[
			'n8n-core/dist/execution-engine/scheduled-task-manager',
			'ScheduledTaskManager',
			'deregisterAllCrons',
		],
	] as const) {
		try {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const service = Container.get(require(modulePath)[exportName]);
			service[stop]();
		} catch {
			// not started in this run
		}
	}
}

/**
 * Gives a node's context a logger that keeps its warn and error lines in `lines`, as n8n's log
 * would show them: `const withLogger = loggerInto(warnings)`, then `withLogger(context)`.
 */
export function loggerInto(lines: string[]): <T extends object>(context: T) => T {
	const logger = {
		warn: (message: string) => lines.push(message),
		error: (message: string) => lines.push(message),
		info: () => {},
		debug: () => {},
	};
	return (context) => Object.defineProperty(context, 'logger', { value: logger });
}
