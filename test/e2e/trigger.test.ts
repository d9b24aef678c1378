/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// End to end: the Affinda Trigger in a real n8n 2.8.4 against the emulator. Activation subscribes
// at the emulator, whose handshake reaches n8n's production webhook; an upload's parse event, sent
// and signed by the emulator, starts the workflow once; a forged and a replayed delivery start
// nothing; deactivation removes the subscription. n8n's own body handling is what feeds the
// signature check here, so this is where the raw-body contract with n8n is proven.
import { createHmac } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator, type WebhookDelivery } from '../emulator';
import { clientFor, type Client } from '../emulator/test-client';
import type { Execution } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE, startRealN8n, type RealN8n } from '../helpers/real-n8n/real-n8n';
import { executionError, outputItems } from '../helpers/real-n8n/run-data';
import { noOp, workflow, type Credential } from './test-workflows';

/** Installing the runtime on a fresh machine takes minutes (sqlite3 compiles); later runs reuse it. */
const SETUP_TIMEOUT_MS = 15 * 60_000;
const API_KEY = 'e2e-trigger-key';
const TRIGGER_TYPE = 'n8n-nodes-affinda.affindaTrigger';
const WEBHOOK_ID = '0b7e9a52-5d1c-4f3e-9a61-affinda-e2e';

let emulator: Emulator;
let api: Client;
let n8n: RealN8n;
let credential: Credential;

beforeAll(async () => {
	emulator = await startEmulator({ key: API_KEY, seed: 'e2e-trigger', parseDelayMs: 100 });
	api = clientFor(emulator);
	n8n = await startRealN8n();
	credential = await n8n.client.createCredential('Affinda (emulator)', AFFINDA_CREDENTIAL_TYPE, {
		apiKey: API_KEY,
		region: 'custom',
		baseUrl: emulator.url,
		webhookSecret: emulator.fixtures.organization.resthookSignatureKey,
	});
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	await n8n?.stop();
	await emulator?.stop();
});

function triggerWorkflow(name: string) {
	return workflow(
		name,
		[
			{
				name: 'CV parsed',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				webhookId: WEBHOOK_ID,
				credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
				parameters: {
					events: ['document.parse.succeeded'],
					scope: 'workspace',
					workspace: {
						__rl: true,
						mode: 'id',
						value: emulator.fixtures.workspaces.recruitment.identifier,
					},
				},
			},
			noOp('Next step'),
		],
		[['CV parsed', 'Next step']],
	);
}

async function subscriptions(): Promise<IDataObject[]> {
	return (await api.get('/v3/resthook_subscriptions?limit=100')).body.results as IDataObject[];
}

async function executionsOf(workflowId: string): Promise<Array<{ id: string }>> {
	const list = (await n8n.client.api('GET', `/executions?workflowId=${workflowId}&limit=50`)) as {
		data: Array<{ id: string }>;
	};
	return list.data;
}

/** Waits (generously: the machine is shared) until the workflow has `count` executions. */
async function executionsReaching(workflowId: string, count: number): Promise<Execution[]> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const listed = await executionsOf(workflowId);
		if (listed.length >= count) {
			const executions: Execution[] = [];
			for (const { id } of listed) executions.push(await n8n.client.waitForExecution(id));
			return executions.sort((a, b) => Number(a.id) - Number(b.id));
		}
		if (Date.now() > deadline)
			throw new Error(`Workflow ${workflowId} has ${listed.length} executions, not ${count}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

async function deliver(url: string, body: string, headers: Record<string, string>) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body,
	});
	return { status: response.status, text: await response.text() };
}

function signed(body: string, key: string): Record<string, string> {
	const hex = createHmac('sha256', key).update(body).digest('hex');
	return { 'X-Hook-Signature': `${Math.floor(Date.now() / 1000)}.${hex}` };
}

test('n8n loads the trigger from the Community Nodes folder', async () => {
	const types = await n8n.client.nodeTypes();
	expect(types.find((type) => type.name === TRIGGER_TYPE)).toMatchObject({ version: 1 });
});

test('activated: a parsed upload runs the workflow once; forged and replayed deliveries start nothing; deactivated: no subscription left', async () => {
	const stored = await n8n.client.createWorkflow(triggerWorkflow('Affinda Trigger e2e'));
	const productionUrl = `${n8n.baseUrl}/webhook/${WEBHOOK_ID}/webhook`;

	// Activation: n8n runs checkExists, then create, which waits for the emulator's handshake to
	// reach n8n's production webhook and the node to activate the subscription.
	await n8n.client.activateWorkflow(stored.id);
	const [subscription] = await subscriptions();
	expect(subscription).toMatchObject({
		event: 'document.parse.succeeded',
		targetUrl: productionUrl,
		active: true,
		workspace: { identifier: emulator.fixtures.workspaces.recruitment.identifier },
	});
	const handshakes = emulator.webhookDeliveries.filter((d) => d.kind === 'handshake');
	expect(handshakes.map((d) => [d.targetUrl, d.status])).toEqual([[productionUrl, 200]]);
	expect(await executionsOf(stored.id)).toEqual([]);

	// A CV is uploaded without waiting; when parsing ends the emulator POSTs the signed event.
	const upload = await api.upload(emulator.fixtures.sampleFiles.resumePdf, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		documentType: emulator.fixtures.documentTypes.resume.identifier,
		wait: 'false',
	});
	expect(upload.status).toBe(201);
	const identifier = upload.body.meta.identifier as string;
	const [first] = await executionsReaching(stored.id, 1);
	expect({ status: first.status, mode: first.mode, error: executionError(first) }).toEqual({
		status: 'success',
		mode: 'webhook',
		error: undefined,
	});
	const [item] = outputItems(first, 'CV parsed');
	expect(item.json).toMatchObject({
		event: 'document.parse.succeeded',
		identifier,
		state: 'ready',
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		verified: true,
	});
	expect(outputItems(first, 'Next step').map((next) => next.json.identifier)).toEqual([identifier]);
	const delivered = emulator.webhookDeliveries.find(
		(d): d is WebhookDelivery => d.kind === 'event' && d.targetUrl === productionUrl,
	)!;
	expect(delivered.status).toBe(200);

	// Forged: the same body signed with another key. Replayed: the emulator's delivery sent again
	// byte for byte, signature and all.
	const forged = await deliver(productionUrl, delivered.body, signed(delivered.body, 'forged'));
	expect(forged.status).toBe(401);
	const replayed = await deliver(productionUrl, delivered.body, delivered.headers);
	expect(replayed).toEqual({
		status: 200,
		text: JSON.stringify({
			message: `Already received: event ${(JSON.parse(delivered.body) as { id: string }).id}`,
		}),
	});
	// A genuine new event afterwards runs once more: by then, anything the two above had started
	// would be listed too.
	const fresh = JSON.stringify({
		...(JSON.parse(delivered.body) as IDataObject),
		id: 'e2e-fresh-event',
		timestamp: Math.floor(Date.now() / 1000),
	});
	const freshAnswer = await deliver(
		productionUrl,
		fresh,
		signed(fresh, emulator.fixtures.organization.resthookSignatureKey),
	);
	expect(freshAnswer.status).toBe(200);
	const executions = await executionsReaching(stored.id, 2);
	expect(executions).toHaveLength(2);
	expect(outputItems(executions[1], 'CV parsed')[0].json).toMatchObject({
		eventId: 'e2e-fresh-event',
		identifier,
	});

	// Deactivation: n8n runs delete, and the emulator holds no subscription any more.
	await n8n.client.api('POST', `/workflows/${stored.id}/deactivate`);
	expect(await subscriptions()).toEqual([]);
	const afterwards = await deliver(productionUrl, fresh, signed(fresh, 'x'));
	expect(afterwards.status).toBe(404);
});

test("listening in the editor: the test URL is subscribed, the first event runs the workflow, then n8n's clean-up removes the subscription", async () => {
	const stored = await n8n.client.createWorkflow(triggerWorkflow('Affinda Trigger e2e, test mode'));
	const testUrl = `${n8n.baseUrl}/webhook-test/${WEBHOOK_ID}/webhook`;

	// What the editor's "Execute step" on the trigger sends: no pinned data, so n8n waits for a call.
	const started = (await n8n.client.rest('POST', `/workflows/${stored.id}/run`, {
		workflowData: { ...stored, pinData: {} },
		triggerToStartFrom: { name: 'CV parsed' },
	})) as { data: { waitingForWebhook?: boolean } };
	expect(started.data.waitingForWebhook).toBe(true);
	const [subscription] = await subscriptions();
	expect(subscription).toMatchObject({ targetUrl: testUrl, active: true });

	const upload = await api.upload(emulator.fixtures.sampleFiles.resumeText, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		documentType: emulator.fixtures.documentTypes.resume.identifier,
		wait: 'false',
	});
	const [execution] = await executionsReaching(stored.id, 1);
	expect(execution.mode).toBe('manual');
	expect(outputItems(execution, 'CV parsed')[0].json).toMatchObject({
		identifier: upload.body.meta.identifier,
		verified: true,
	});
	// A test webhook serves one run; n8n then takes it down, and the node's delete with it.
	const deadline = Date.now() + 30_000;
	while ((await subscriptions()).length > 0 && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 200));
	expect(await subscriptions()).toEqual([]);
});
