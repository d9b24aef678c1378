// End to end: the Affinda Trigger in a real n8n 2.8.4 against the emulator. Activation subscribes
// at the emulator, whose handshake reaches n8n's production webhook; an upload's parse event, sent
// and signed by the emulator, starts the workflow once; a forged and a replayed delivery start
// nothing; deactivation removes the subscription. n8n's own body handling is what feeds the
// signature check here, so this is where the raw-body contract with n8n is proven.
import { createHmac } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator, type WebhookDelivery } from '../emulator';
import { clientFor, type Client } from '../emulator/test-client';
import { AFFINDA_CREDENTIAL_TYPE, startRealN8n, type RealN8n } from '../helpers/real-n8n/real-n8n';
import { executionError, outputItems } from '../helpers/real-n8n/run-data';
import { startRecordingServer } from '../helpers/recording-server';
import {
	AFFINDA_TRIGGER_TYPE,
	CV_PARSED_TRIGGER,
	importExample,
	type ExampleSetup,
} from './examples';
import { affindaTrigger, noOp, workflow, type Credential } from './test-workflows';
import {
	applicationEmail,
	EMAIL_TRIGGER,
	eventually,
	executionsOf,
	executionsReaching,
	PARSED_TRIGGER,
	runParsedCvExample,
	uploadOpenRole,
} from './trigger-example';
import { SETUP_TIMEOUT_MS } from './setup';
import { n8nFetch } from '../helpers/real-n8n/n8n-fetch';

const API_KEY = 'e2e-trigger-key';
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
			affindaTrigger(
				'CV parsed',
				credential,
				WEBHOOK_ID,
				emulator.fixtures.workspaces.recruitment.identifier,
			),
			noOp('Next step'),
		],
		[['CV parsed', 'Next step']],
	);
}

async function subscriptions(): Promise<IDataObject[]> {
	return (await api.get('/v3/resthook_subscriptions?limit=100')).body.results as IDataObject[];
}

async function deliver(url: string, body: string, headers: Record<string, string>) {
	const response = await n8nFetch(url, {
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
	expect(types.find((type) => type.name === AFFINDA_TRIGGER_TYPE)).toMatchObject({ version: 1 });
});

test('activated: a parsed upload runs the workflow once; forged and replayed deliveries start nothing; deactivated: no subscription left', async () => {
	const stored = await n8n.client.createWorkflow(triggerWorkflow('Affinda Trigger e2e'));
	const productionUrl = `${n8n.baseUrl}/webhook/${WEBHOOK_ID}/webhook`;

	// Activation: n8n runs checkExists, then create, which waits for the emulator's handshake to
	// reach n8n's production webhook and the node to activate the subscription.
	await n8n.client.activateWorkflow(stored.id);
	const [subscription] = await eventually(subscriptions, (list) => list[0]?.active === true);
	expect(subscription).toMatchObject({
		event: 'document.parse.succeeded',
		targetUrl: productionUrl,
		active: true,
		workspace: { identifier: emulator.fixtures.workspaces.recruitment.identifier },
	});
	const handshakes = emulator.webhookDeliveries.filter(
		(d) => d.kind === 'handshake' && d.targetUrl === productionUrl,
	);
	expect(
		await eventually(
			async () => handshakes.map((d) => d.status),
			(statuses) => !statuses.includes(null),
		),
	).toEqual([200]);
	expect(await executionsOf(n8n.client, stored.id)).toEqual([]);

	// A CV is uploaded without waiting; when parsing ends the emulator POSTs the signed event.
	const upload = await api.upload(emulator.fixtures.sampleFiles.resumePdf, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		documentType: emulator.fixtures.documentTypes.resume.identifier,
		wait: 'false',
	});
	expect(upload.status).toBe(201);
	const identifier = upload.body.meta.identifier as string;
	const [first] = await executionsReaching(n8n.client, stored.id, 1);
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
	// The emulator records n8n's answer once it has read it.
	expect(
		await eventually(
			async () => delivered.status,
			(status) => status !== null,
		),
	).toBe(200);

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
	const executions = await executionsReaching(n8n.client, stored.id, 2);
	expect(executions).toHaveLength(2);
	expect(outputItems(executions[1], 'CV parsed')[0].json).toMatchObject({
		eventId: 'e2e-fresh-event',
		identifier,
	});

	// Deactivation: n8n runs delete, and the emulator holds no subscription any more.
	await n8n.client.api('POST', `/workflows/${stored.id}/deactivate`);
	expect(await eventually(subscriptions, (list) => list.length === 0)).toEqual([]);
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
	const [execution] = await executionsReaching(n8n.client, stored.id, 1);
	expect(execution.mode).toBe('manual');
	expect(outputItems(execution, 'CV parsed')[0].json).toMatchObject({
		identifier: upload.body.meta.identifier,
		verified: true,
	});
	// A test webhook serves one run; n8n then takes it down, and the node's delete with it.
	expect(await eventually(subscriptions, (list) => list.length === 0)).toEqual([]);
});

test(`${CV_PARSED_TRIGGER}: the emailed CV is uploaded without waiting, and its parse event ranks the candidate and tells the recruiter`, async () => {
	const inbox = await startRecordingServer(() => ({ status: 200, body: { ok: true } }));
	try {
		const openRole = await uploadOpenRole(emulator);
		const setup: ExampleSetup = {
			credential,
			workspace: emulator.fixtures.workspaces.recruitment.identifier,
			openRoles: [openRole],
			notifyUrl: inbox.url,
		};
		const example = await importExample(n8n.client, CV_PARSED_TRIGGER, setup);
		expect(example.triggers).toEqual([EMAIL_TRIGGER, PARSED_TRIGGER]);
		emulator.clearReceived();

		const sender = 'Olivia Nguyen <olivia.nguyen@example.com>';
		const { emailHalf, parsedHalf } = await runParsedCvExample(
			n8n.client,
			example,
			applicationEmail(sender, emulator.fixtures.sampleFiles.resumeText),
		);
		expect([executionError(emailHalf), executionError(parsedHalf)]).toEqual([undefined, undefined]);

		// The email half: one upload, not waiting for parsing, the sender kept as custom identifier.
		const uploads = emulator.received.filter(
			(r) => r.method === 'POST' && r.path === '/v3/documents',
		);
		expect(uploads.map((r) => r.body)).toEqual([
			expect.objectContaining({
				fields: expect.objectContaining({ wait: 'false', customIdentifier: sender }),
			}),
		]);
		const [sent] = outputItems(emailHalf, 'Send CV to Affinda');
		const identifier = sent.json.identifier as string;
		expect(Object.keys(emailHalf.data.resultData.runData).sort()).toEqual(
			[EMAIL_TRIGGER, 'Send CV to Affinda'].sort(),
		);

		// The parsed half, started by the event for that very document.
		expect(outputItems(parsedHalf, PARSED_TRIGGER).map((item) => item.json)).toEqual([
			expect.objectContaining({
				event: 'document.parse.succeeded',
				identifier,
				customIdentifier: sender,
				verified: true,
			}),
		]);
		const bodiesOf = (method: string, path: string) =>
			emulator.received.filter((r) => r.method === method && r.path === path).map((r) => r.body);
		expect(bodiesOf('POST', '/v3/index/all-resumes/documents')).toEqual([{ document: identifier }]);
		expect(bodiesOf('POST', '/v2/resume_search')).toEqual([
			{ indices: ['all-resumes'], jobDescription: openRole },
		]);
		expect(
			outputItems(parsedHalf, 'Is the new candidate shortlisted?').map(
				(item) => item.json.identifier,
			),
		).toEqual([identifier]);
		expect(inbox.requests).toHaveLength(1);
		expect((inbox.requests[0].body as { text: string }).text).toMatch(
			/^New applicant Olivia Nguyen is shortlisted \(score \d\.\d\d\) for the open role\. CV olivia-nguyen\.txt from Olivia Nguyen <olivia\.nguyen@example\.com>, parsed \d{4}-\d\d-\d\dT/,
		);
		// Listening ended with that run: the test URL's subscription is gone.
		expect(await eventually(subscriptions, (list) => list.length === 0)).toEqual([]);
	} finally {
		await inbox.stop();
	}
});
