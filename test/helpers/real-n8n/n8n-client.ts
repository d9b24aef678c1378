/* eslint-disable @n8n/community-nodes/no-restricted-globals -- talks to a real n8n over HTTP */
// Talks to a running n8n as its owner would: the public API (X-N8N-API-KEY) for credentials,
// workflows and executions, and the editor's REST API (session cookie) for the two things the
// public API cannot do: the first owner's setup and running a workflow by hand.
import type { IDataObject, IPinData, IRunExecutionData } from 'n8n-workflow';
import { n8nFetch } from './n8n-fetch';

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

/** A workflow as n8n stores it: what the public API accepts plus what export files carry. */
export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: Array<IDataObject & { name: string; type: string }>;
	connections: IDataObject;
	settings?: IDataObject;
	pinData?: IPinData;
	[key: string]: unknown;
}

export interface Execution {
	id: string;
	status: string;
	finished: boolean;
	mode: string;
	workflowId: string;
	data: IRunExecutionData;
}

const SETTLED = new Set(['success', 'error', 'crashed', 'canceled']);
/** Keys of a node that the public API accepts (its schema forbids any other). */
const NODE_KEYS = new Set([
	'id',
	'name',
	'webhookId',
	'disabled',
	'notesInFlow',
	'notes',
	'type',
	'typeVersion',
	'executeOnce',
	'alwaysOutputData',
	'retryOnFail',
	'maxTries',
	'waitBetweenTries',
	'continueOnFail',
	'onError',
	'position',
	'parameters',
	'credentials',
]);

export class N8nClient {
	private constructor(
		readonly baseUrl: string,
		private readonly cookie: string,
		private readonly apiKey: string,
	) {}

	/** Sets up the owner of a fresh n8n, logs in and creates an API key with every scope. */
	static async bootstrap(baseUrl: string, owner: Owner): Promise<N8nClient> {
		await request(baseUrl, 'POST', '/rest/owner/setup', { body: owner });
		return await N8nClient.logIn(baseUrl, owner);
	}

	/** Logs in as the owner of an n8n already set up, and creates an API key with every scope. */
	static async logIn(baseUrl: string, owner: Owner): Promise<N8nClient> {
		const login = await n8nFetch(`${baseUrl}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
		});
		if (!login.ok) throw new Error(`n8n login failed: ${login.status} ${await login.text()}`);
		const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
		const scopes = (await request(baseUrl, 'GET', '/rest/api-keys/scopes', { cookie })) as {
			data: string[];
		};
		const key = (await request(baseUrl, 'POST', '/rest/api-keys', {
			cookie,
			// Labels are unique per user: a login after a restart makes a key of its own.
			body: { label: `e2e ${new Date().toISOString()}`, expiresAt: null, scopes: scopes.data },
		})) as { data: { rawApiKey: string } };
		return new N8nClient(baseUrl, cookie, key.data.rawApiKey);
	}

	api(method: string, path: string, body?: unknown): Promise<unknown> {
		return request(this.baseUrl, method, `/api/v1${path}`, { apiKey: this.apiKey, body });
	}

	rest(method: string, path: string, body?: unknown): Promise<unknown> {
		return request(this.baseUrl, method, `/rest${path}`, { cookie: this.cookie, body });
	}

	/** Node types n8n has loaded, as `<package>.<node>` (the editor's own list). */
	async nodeTypes(): Promise<Array<{ name: string; version: number | number[] }>> {
		return (await request(this.baseUrl, 'GET', '/types/nodes.json', {
			cookie: this.cookie,
		})) as Array<{
			name: string;
			version: number | number[];
		}>;
	}

	async createCredential(
		name: string,
		type: string,
		data: IDataObject,
	): Promise<{ id: string; name: string }> {
		// n8n 2.8's credential schema requires this field on every credential created through the API.
		const body = { name, type, data: { allowedHttpRequestDomains: 'all', ...data } };
		return (await this.api('POST', '/credentials', body)) as { id: string; name: string };
	}

	/** Creates the workflow (an export file's extra keys are left out); returns it as n8n stored it. */
	async createWorkflow(workflow: WorkflowJson): Promise<WorkflowJson & { id: string }> {
		return (await this.api('POST', '/workflows', apiWorkflow(workflow))) as WorkflowJson & {
			id: string;
		};
	}

	/** Replaces a stored workflow's nodes and connections, as saving an edit in the editor does. */
	async updateWorkflow(id: string, workflow: WorkflowJson): Promise<WorkflowJson & { id: string }> {
		return (await this.api('PUT', `/workflows/${id}`, apiWorkflow(workflow))) as WorkflowJson & {
			id: string;
		};
	}

	async activateWorkflow(id: string): Promise<void> {
		await this.api('POST', `/workflows/${id}/activate`);
	}

	/**
	 * Activates a workflow with a webhook trigger and waits until n8n answers on the webhook: newer
	 * n8n (2.41) registers production webhooks a moment after activation returns and answers 404
	 * meanwhile. The probe is a CORS preflight, which n8n answers without running anything.
	 */
	async activateWebhookWorkflow(id: string, path: string, method = 'POST'): Promise<void> {
		await this.activateWorkflow(id);
		const deadline = Date.now() + 60_000;
		for (;;) {
			const probe = await n8nFetch(`${this.baseUrl}/webhook/${path}`, {
				method: 'OPTIONS',
				headers: { origin: this.baseUrl, 'access-control-request-method': method },
			});
			const allowed = probe.headers.get('access-control-allow-methods') ?? '';
			if (probe.ok && allowed.split(/,\s*/).includes(method)) return;
			if (Date.now() > deadline)
				throw new Error(
					`n8n had not registered ${method} /webhook/${path} a minute after activating workflow ${id}: ${probe.status} ${await probe.text()}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}

	/**
	 * Runs a stored workflow the way the editor's "Execute workflow" button does, from the given
	 * trigger. Pinned data on the trigger stands in for what it would have received (an email, a
	 * schedule tick): it is saved on the workflow first, as the editor does, because newer n8n
	 * (2.41) runs with the stored workflow's pinned data, not the data sent with the run request.
	 * Resolves when the execution has finished, successfully or not.
	 */
	async runManually(
		workflow: WorkflowJson & { id: string },
		trigger: string,
		pinData: IPinData = {},
	): Promise<Execution> {
		const saved = (await this.rest('PATCH', `/workflows/${workflow.id}?forceSave=true`, {
			pinData,
		})) as { data: WorkflowJson & { id: string } };
		const started = (await this.rest('POST', `/workflows/${workflow.id}/run`, {
			workflowData: { ...saved.data, pinData },
			triggerToStartFrom: { name: trigger },
		})) as { data: { executionId?: string; waitingForWebhook?: boolean } };
		const { executionId } = started.data;
		if (!executionId)
			throw new Error(`n8n did not start "${workflow.name}": ${JSON.stringify(started.data)}`);
		return await this.waitForExecution(executionId);
	}

	/** Polls until the execution has settled; n8n writes the row a moment after it starts. */
	async waitForExecution(id: string, timeoutMs = 60_000): Promise<Execution> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = (await this.api('GET', `/executions/${id}?includeData=true`).catch(
				() => undefined,
			)) as Execution | undefined;
			if (execution && SETTLED.has(execution.status)) return execution;
			if (Date.now() > deadline) {
				throw new Error(
					`Execution ${id} had not finished after ${timeoutMs} ms: ${execution?.status ?? 'not found'}`,
				);
			}
			await new Promise((resolve) => setTimeout(resolve, 150));
		}
	}

	/** The newest execution of a workflow (for webhook-triggered runs, whose id the caller never sees). */
	async latestExecution(workflowId: string): Promise<Execution> {
		const list = (await this.api('GET', `/executions?workflowId=${workflowId}&limit=1`)) as {
			data: Array<{ id: string }>;
		};
		if (list.data.length === 0) throw new Error(`Workflow ${workflowId} has no execution`);
		return await this.waitForExecution(list.data[0].id);
	}
}

/** What the public API accepts of a workflow (its schema refuses an export file's extra keys). */
function apiWorkflow(workflow: WorkflowJson): WorkflowJson {
	return {
		name: workflow.name,
		nodes: workflow.nodes.map(
			(node) =>
				Object.fromEntries(
					Object.entries(node).filter(([key]) => NODE_KEYS.has(key)),
				) as WorkflowJson['nodes'][number],
		),
		connections: workflow.connections,
		settings: { executionOrder: workflow.settings?.executionOrder ?? 'v1' },
	};
}

async function request(
	baseUrl: string,
	method: string,
	path: string,
	options: { cookie?: string; apiKey?: string; body?: unknown },
): Promise<unknown> {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (options.cookie) headers.cookie = options.cookie;
	if (options.apiKey) headers['x-n8n-api-key'] = options.apiKey;
	const response = await n8nFetch(`${baseUrl}${path}`, {
		method,
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	const text = await response.text();
	if (!response.ok)
		throw new Error(`n8n ${method} ${path} answered ${response.status}: ${text.slice(0, 2000)}`);
	return text ? JSON.parse(text) : undefined;
}
