/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
/**
 * The part of n8n a webhook trigger lives in, in-process: a real HTTP server standing where n8n's
 * /webhook and /webhook-test routes are, n8n-core's own HookContext and WebhookContext around the
 * built Affinda Trigger (dist/), and the lifecycle n8n runs: checkExists → create on activation,
 * delete on deactivation, and in test mode delete after the first run. Request bodies reach the
 * node as n8n hands them over: JSON read into `rawBody` and parsed, anything else on request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, parseIncomingMessage, WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IWebhookData,
	IWebhookDescription,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { credentialsHelper, loadPackage, loggerInto, TestNodeTypes } from './n8n-in-process';

export const AFFINDA_TRIGGER_TYPE = 'n8n-nodes-affinda.affindaTrigger';
const WEBHOOK_ID = '6d1f7c2a-trigger-test';

export type TriggerMode = 'production' | 'test';

export interface HostedRequest {
	mode: TriggerMode;
	headers: IncomingMessage['headers'];
	body: Buffer;
	status: number;
	answer: string;
}

export interface TriggerHostOptions {
	parameters: IDataObject;
	credentials: Record<string, ICredentialDataDecryptedObject>;
}

export interface TriggerHost {
	/** e.g. http://127.0.0.1:40123 */
	url: string;
	webhookUrl(mode?: TriggerMode): string;
	/** Each run the trigger started: the items it emitted. */
	runs: INodeExecutionData[][];
	/** Every request the webhook received, with what it answered. */
	requests: HostedRequest[];
	/** What the node logged at warn level. */
	warnings: string[];
	/** The node's static data, as n8n would store it with the workflow. */
	staticData: IDataObject;
	checkExists(mode?: TriggerMode): Promise<boolean>;
	/** As n8n activates: create only when checkExists says there is nothing serving. */
	activate(mode?: TriggerMode, activation?: WorkflowActivateMode): Promise<void>;
	deactivate(mode?: TriggerMode): Promise<void>;
	/** While true, every request is answered 503 before it reaches the node (n8n down or unreachable). */
	offline: boolean;
	/** Changes parameters, as a user editing the node (takes effect on the next activation). */
	setParameters(parameters: IDataObject): void;
	stop(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

export async function startTriggerHost(options: TriggerHostOptions): Promise<TriggerHost> {
	const { nodeTypes, credentialTypes } = await loadPackage();
	const nodeType = nodeTypes[AFFINDA_TRIGGER_TYPE] as INodeType;
	if (!nodeType?.webhook) throw new Error(`${AFFINDA_TRIGGER_TYPE} is not in dist/: build first`);
	const description = nodeType.description.webhooks?.[0] as IWebhookDescription;

	const node: INode = {
		id: 'trigger-node',
		name: 'Affinda Trigger',
		type: AFFINDA_TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		webhookId: WEBHOOK_ID,
		credentials: { affindaApi: { id: 'affindaTestCred', name: 'Affinda (test)' } },
		parameters: options.parameters as INode['parameters'],
	};
	const staticData: IDataObject = {};
	const workflowFor = () =>
		new Workflow({
			id: 'wfTriggerTest',
			name: 'Trigger test',
			nodes: [node],
			connections: {},
			nodeTypes: new TestNodeTypes(nodeTypes),
			active: true,
			staticData,
			settings: { executionOrder: 'v1' },
		});
	const runs: INodeExecutionData[][] = [];
	const requests: HostedRequest[] = [];
	const warnings: string[] = [];
	let url = '';
	const additionalData = (extra: IDataObject = {}) =>
		({
			credentialsHelper: credentialsHelper(options.credentials, credentialTypes),
			webhookBaseUrl: `${url}/webhook`,
			webhookTestBaseUrl: `${url}/webhook-test`,
			restApiUrl: `${url}/rest`,
			instanceBaseUrl: `${url}/`,
			variables: {},
			...extra,
		}) as unknown as IWorkflowExecuteAdditionalData;
	const webhookData = (mode: TriggerMode, data: IWorkflowExecuteAdditionalData): IWebhookData => ({
		httpMethod: 'POST',
		node: node.name,
		path: `${WEBHOOK_ID}/${String(description.path)}`,
		webhookDescription: description,
		workflowId: 'wfTriggerTest',
		workflowExecuteAdditionalData: data,
		webhookId: WEBHOOK_ID,
		isTest: mode === 'test',
	});
	/** The methods a node's hooks run in, with the node's log lines kept. */
	const withLogger = loggerInto(warnings);

	const hook = (mode: TriggerMode, activation: WorkflowActivateMode) => {
		const data = additionalData();
		return withLogger(
			new HookContext(
				workflowFor(),
				node,
				data,
				mode === 'test' ? 'manual' : 'trigger',
				activation,
				webhookData(mode, data),
			),
		);
	};
	const lifecycle = nodeType.webhookMethods!.default!;

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const path = new URL(req.url ?? '/', 'http://host.local').pathname;
		const mode: TriggerMode | undefined =
			path === `/webhook/${WEBHOOK_ID}/webhook`
				? 'production'
				: path === `/webhook-test/${WEBHOOK_ID}/webhook`
					? 'test'
					: undefined;
		const record = (status: number, answer: string, body: Buffer) =>
			requests.push({ mode: mode ?? 'production', headers: req.headers, body, status, answer });
		if (host.offline) {
			const body = await readBody(req);
			res.writeHead(503).end();
			record(503, '', body);
			return;
		}
		if (!mode || req.method !== 'POST' || !active.has(mode)) {
			const body = await readBody(req);
			res.writeHead(404, { 'content-type': 'application/json' });
			res.end('{"message":"The requested webhook is not registered."}');
			record(404, 'not registered', body);
			return;
		}
		// As n8n's rawBodyReader and body parser do.
		parseIncomingMessage(req);
		req.readRawBody = async () => {
			req.rawBody ??= await readBody(req);
		};
		if (req.contentType === 'application/json') {
			await req.readRawBody();
			(req as IncomingMessage & { body?: unknown }).body = JSON.parse(
				req.rawBody.toString('utf8') || '{}',
			);
		}
		const end = res.end.bind(res);
		let answered = '';
		res.end = ((chunk?: unknown) => {
			answered = chunk === undefined ? '' : String(chunk);
			return end(chunk as string);
		}) as ServerResponse['end'];

		const data = additionalData({ httpRequest: req, httpResponse: res });
		const context = withLogger(
			new WebhookContext(
				workflowFor(),
				node,
				data,
				mode === 'test' ? 'manual' : 'webhook',
				webhookData(mode, data),
				[],
				null,
			),
		);
		try {
			const result = await nodeType.webhook!.call(context);
			if (result.workflowData) {
				runs.push(result.workflowData[0]);
				if (!res.headersSent) {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.end('{"message":"Workflow was started"}');
				}
				// A test webhook serves one run, then n8n takes it down.
				if (mode === 'test') await deactivate('test');
			} else if (!res.headersSent) {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"message":"Webhook call received"}');
			}
		} catch (error) {
			warnings.push((error as Error).message);
			if (!res.headersSent) {
				res.writeHead(500, { 'content-type': 'application/json' });
				res.end('{"code":0,"message":"Workflow Webhook Error: Workflow could not be started!"}');
			}
		}
		record(res.statusCode, answered, req.rawBody ?? Buffer.alloc(0));
	};

	const active = new Set<TriggerMode>();
	const server = createServer((req, res) => void handle(req, res));
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	const checkExists = async (mode: TriggerMode = 'production') =>
		await lifecycle.checkExists.call(hook(mode, 'activate'));
	const deactivate = async (mode: TriggerMode = 'production') => {
		active.delete(mode);
		await lifecycle.delete.call(hook(mode, 'activate'));
	};

	const host: TriggerHost = {
		offline: false,
		get url() {
			return url;
		},
		webhookUrl: (mode = 'production') =>
			`${url}/${mode === 'test' ? 'webhook-test' : 'webhook'}/${WEBHOOK_ID}/webhook`,
		runs,
		requests,
		warnings,
		staticData,
		checkExists,
		activate: async (mode = 'production', activation = 'activate') => {
			// n8n routes the path before it runs create(), so the handshake finds the node.
			active.add(mode);
			try {
				if (await lifecycle.checkExists.call(hook(mode, activation))) return;
				await lifecycle.create.call(hook(mode, activation));
			} catch (error) {
				active.delete(mode);
				throw error;
			}
		},
		deactivate,
		setParameters: (parameters) => {
			node.parameters = { ...node.parameters, ...parameters } as INode['parameters'];
		},
		stop: () =>
			new Promise<void>((closed) => {
				server.closeAllConnections();
				server.close(() => closed());
			}),
	};
	return host;
}
