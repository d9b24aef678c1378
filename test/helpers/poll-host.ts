/* eslint-disable @n8n/community-nodes/require-node-api-error */
/**
 * The part of n8n a polling trigger lives in, in-process: the built Affinda Polling Trigger
 * (dist/) in n8n-core's own PollContext, called as n8n's active workflows call it. Activation
 * runs the first poll and throws what it throws; a scheduled poll that throws is recorded as n8n
 * records a failed poll (an error execution), and the next one runs as usual. Each run the node
 * starts (`__emit`) is kept. The node's static data lives in the Workflow as n8n keeps it, and
 * `restart()` carries it over as n8n does through its database: serialised and read back.
 */
import { PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { credentialsHelper, loadPackage, loggerInto, TestNodeTypes } from './n8n-in-process';

export const AFFINDA_POLLING_TRIGGER_TYPE = 'n8n-nodes-affinda.affindaPollingTrigger';

export interface PollHostOptions {
	parameters: IDataObject;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/**
	 * As n8n's durable poll cursors (2.41 and later) do: a scheduled poll that throws keeps none of
	 * the node's static data it changed (only runs it started keep theirs, as here always).
	 */
	discardStateOfFailedPoll?: boolean;
}

export interface PollHost {
	/** Each run the trigger started, in order: the items it started with. */
	runs: INodeExecutionData[][];
	/** The errors of scheduled polls that failed, as n8n would record them. */
	failures: Error[];
	/** What the node logged at warn level. */
	warnings: string[];
	/** The node's static data as n8n last stored it (at activation and with each run it started). */
	storedStaticData(): IDataObject;
	/** As n8n activates a polling workflow: the first poll, whose error fails the activation. */
	activate(activation?: WorkflowActivateMode): Promise<void>;
	/** A scheduled poll; resolves whether it succeeded or failed (see `failures`). */
	poll(): Promise<void>;
	/** The editor's "Fetch Test Event": a manual-mode poll, answered with its items. */
	testPoll(): Promise<INodeExecutionData[][] | null>;
	/** The node's static data as it is in memory now, stored or not. */
	currentStaticData(): IDataObject;
	/** n8n stops and starts again: a new workflow object with the stored static data. */
	restart(): void;
	/**
	 * The node renamed and the workflow saved, as the editor does: n8n keeps the node's static data
	 * under its name, so the renamed node finds none of its own; the workflow's is kept. Then
	 * `activate('update')`, as n8n reactivates a saved active workflow.
	 */
	rename(name: string): void;
	/** Changes the stored static data, as an earlier build of the node may have left it. */
	editStoredStaticData(edit: (stored: IDataObject) => void): void;
	setParameters(parameters: IDataObject): void;
}

export async function startPollHost(options: PollHostOptions): Promise<PollHost> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const nodeTypesByName = new TestNodeTypes(nodeTypes);
	const nodeType = nodeTypes[AFFINDA_POLLING_TRIGGER_TYPE] as INodeType;
	if (!nodeType?.poll)
		throw new Error(`${AFFINDA_POLLING_TRIGGER_TYPE} is not in dist/: build first`);

	const node: INode = {
		id: 'polling-trigger-node',
		name: 'Affinda Polling Trigger',
		type: AFFINDA_POLLING_TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		credentials: { affindaApi: { id: 'affindaTestCred', name: 'Affinda (test)' } },
		parameters: {},
	};
	// As the editor saves a node: every shown parameter, defaults included.
	const applyParameters = (parameters: IDataObject) => {
		node.parameters =
			NodeHelpers.getNodeParameters(
				nodeType.description.properties,
				parameters as INode['parameters'],
				true,
				false,
				node,
				nodeType.description,
			) ?? {};
	};
	let given = options.parameters;
	applyParameters(given);

	let stored: IDataObject = {};
	const newWorkflow = () =>
		new Workflow({
			id: 'wfPollTest',
			name: 'Polling trigger test',
			nodes: [node],
			connections: {},
			nodeTypes: nodeTypesByName,
			active: true,
			staticData: JSON.parse(JSON.stringify(stored)) as IDataObject,
			settings: { executionOrder: 'v1' },
		});
	let workflow = newWorkflow();
	const save = () => {
		stored = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		delete stored.__dataChanged;
	};

	const runs: INodeExecutionData[][] = [];
	const failures: Error[] = [];
	const warnings: string[] = [];
	const withLogger = loggerInto(warnings);
	const additionalData = {
		credentialsHelper: credentialsHelper(options.credentials, credentialTypes),
		restApiUrl: 'http://localhost/rest',
		instanceBaseUrl: 'http://localhost/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;

	const contextFor = (mode: 'trigger' | 'manual', activation: WorkflowActivateMode) =>
		withLogger(
			new PollContext(
				workflow,
				node,
				additionalData,
				mode,
				activation,
				(data: INodeExecutionData[][]) => {
					// n8n saves the static data with every run it starts.
					save();
					runs.push(data[0]);
				},
				(error: Error) => failures.push(error),
			),
		);
	// One context per activation, as n8n makes: every poll of it goes through the same one.
	let context = contextFor('trigger', 'activate');

	const runPoll = async (testingTrigger: boolean) => {
		const nodeKey = `node:${node.name}`;
		const before = JSON.stringify(workflow.staticData[nodeKey] ?? {});
		const runsBefore = runs.length;
		try {
			const answer = await nodeType.poll!.call(context);
			if (answer !== null) context.__emit(answer);
		} catch (error) {
			if (testingTrigger) throw error;
			// Not what the runs it started kept: those were saved with them (`stored`).
			if (options.discardStateOfFailedPoll && runs.length === runsBefore) {
				workflow.staticData[nodeKey] = JSON.parse(before) as IDataObject;
			}
			context.__emitError(error as Error);
		}
	};

	return {
		runs,
		failures,
		warnings,
		storedStaticData: () => JSON.parse(JSON.stringify(stored)) as IDataObject,
		currentStaticData: () => {
			const copy = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			delete copy.__dataChanged;
			return copy;
		},
		activate: async (activation = 'activate') => {
			context = contextFor('trigger', activation);
			await runPoll(true);
			// n8n saves the static data once the workflow is active.
			save();
		},
		poll: async () => await runPoll(false),
		testPoll: async () => await nodeType.poll!.call(contextFor('manual', 'manual')),
		restart: () => {
			workflow = newWorkflow();
			context = contextFor('trigger', 'init');
		},
		rename: (name) => {
			// Deactivated first: n8n saves the static data as it is in memory.
			save();
			node.name = name;
			workflow = newWorkflow();
		},
		editStoredStaticData: (edit) => {
			edit(stored);
			workflow = newWorkflow();
			context = contextFor('trigger', 'init');
		},
		setParameters: (parameters) => {
			given = { ...given, ...parameters };
			applyParameters(given);
		},
	};
}
