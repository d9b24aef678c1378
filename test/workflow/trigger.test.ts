/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
/**
 * The Affinda Trigger in n8n-core's own hook and webhook contexts, behind a real HTTP server,
 * against the emulator: every subscription call, handshake and event crosses the wire.
 */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';

import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator, type ReceivedRequest } from '../emulator';
import { SAME_CV_ROW } from '../fixtures/documents/same-cv';
import { clientFor, type Client } from '../emulator/test-client';
import { listSearchInProcess } from '../helpers/load-options-in-process';
import { PACKAGE_DIR, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import {
	startRecordingServer,
	type RecordingServer,
	type Responder,
} from '../helpers/recording-server';
import { AFFINDA_TRIGGER_TYPE, startTriggerHost, type TriggerHost } from '../helpers/trigger-host';

let emulator: Emulator;
let api: Client;
let host: TriggerHost | undefined;
/** The credential the hosted node reads on every call: tests may edit it, as a user would. */
let credential: ICredentialDataDecryptedObject;

const recruitment = () => emulator.fixtures.workspaces.recruitment.identifier;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const signatureKey = () => emulator.fixtures.organization.resthookSignatureKey;

function credentials(extra: ICredentialDataDecryptedObject = {}) {
	credential = {
		apiKey: emulator.fixtures.key,
		region: 'custom',
		baseUrl: emulator.url,
		webhookSecret: signatureKey(),
		...extra,
	};
	return { affindaApi: credential };
}

async function hostWith(
	parameters: IDataObject,
	extra: ICredentialDataDecryptedObject = {},
): Promise<TriggerHost> {
	host = await startTriggerHost({
		parameters: {
			events: ['document.parse.succeeded'],
			scope: 'workspace',
			workspace: byId(recruitment()),
			...parameters,
		},
		credentials: credentials(extra),
	});
	return host;
}

function requestsTo(method: string, path: string | RegExp): ReceivedRequest[] {
	return emulator.received.filter(
		(request) =>
			request.method === method &&
			(typeof path === 'string' ? request.path === path : path.test(request.path)),
	);
}

async function subscriptions(): Promise<IDataObject[]> {
	return (await api.get('/v3/resthook_subscriptions?limit=100')).body.results as IDataObject[];
}

async function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
	const until = Date.now() + 20_000;
	for (;;) {
		const value = await read();
		if (done(value) || Date.now() > until) return value;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

async function uploadResume(workspace = recruitment()): Promise<string> {
	const answer = await api.upload(emulator.fixtures.sampleFiles.resumeText, {
		workspace,
		documentType: emulator.fixtures.documentTypes.resume.identifier,
		wait: 'false',
	});
	expect(answer.status).toBe(201);
	return answer.body.meta.identifier as string;
}

/** Signs a body as the service does, for deliveries the test makes itself. */
function signed(body: string, key = signatureKey(), timestamp = Math.floor(Date.now() / 1000)) {
	const hex = createHmac('sha256', key).update(body).digest('hex');
	return { 'X-Hook-Signature': `${timestamp}.${hex}` };
}

async function deliver(
	target: TriggerHost,
	body: string | Buffer,
	headers: Record<string, string>,
	mode: 'production' | 'test' = 'production',
) {
	const response = await fetch(target.webhookUrl(mode), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: typeof body === 'string' ? body : new Uint8Array(body),
	});
	return { status: response.status, body: await response.text() };
}

function eventBody(overrides: IDataObject = {}, payload: IDataObject = {}): string {
	return JSON.stringify({
		id: `evt-${Math.random().toString(16).slice(2)}`,
		event: 'document.parse.succeeded',
		timestamp: Math.floor(Date.now() / 1000),
		payload: {
			identifier: 'docForged1',
			ready: true,
			failed: false,
			workspace: { identifier: recruitment(), name: 'Recruitment' },
			...payload,
		},
		...overrides,
	});
}

beforeAll(async () => {
	emulator = await startEmulator({
		resumeCount: 30,
		jobDescriptionCount: 2,
		seed: 'trigger',
		parseDelayMs: 30,
		webhookRetryDelaysMs: [10, 10],
	});
	api = clientFor(emulator);
});

beforeEach(() => emulator.clearReceived());

afterEach(async () => {
	await host?.deactivate().catch(() => undefined);
	await host?.stop();
	host = undefined;
	// Every test starts with no subscription left at the service.
	for (const subscription of await subscriptions())
		await api.delete(`/v3/resthook_subscriptions/${String(subscription.id)}`);
});

afterAll(async () => {
	await emulator.stop();
	stopN8nCoreTimers();
});

describe('the scope pickers', () => {
	const pick = (method: string, baseUrl = emulator.url) =>
		listSearchInProcess(method, {
			nodeType: AFFINDA_TRIGGER_TYPE,
			credentials: {
				affindaApi: { apiKey: emulator.fixtures.key, region: 'custom', baseUrl },
			},
		});

	test('organizations and workspaces come from the account', async () => {
		expect(await pick('searchOrganizations')).toEqual({
			results: [
				{
					name: emulator.fixtures.organization.name,
					value: emulator.fixtures.organization.identifier,
				},
			],
		});
		expect((await pick('searchWorkspaces')).results.map((w) => w.value).sort()).toEqual(
			[recruitment(), emulator.fixtures.workspaces.finance.identifier].sort(),
		);
	});

	test('an answer that is not the list of organizations is said so', async () => {
		const service = await startRecordingServer(() => ({ body: { count: 1, results: [] } }));
		try {
			await expect(pick('searchOrganizations', service.url)).rejects.toThrow(
				'Could not load the organizations: GET /v3/organizations answered with an object with count, results, not a list',
			);
		} finally {
			await service.stop();
		}
	});
});

describe('activation: one subscription per event, confirmed by the handshake', () => {
	test('create POSTs each event for the workspace, answers the X-Hook-Secret with 200 and activates with it', async () => {
		const trigger = await hostWith({
			events: ['document.parse.succeeded', 'document.parse.failed', 'document.rejected'],
		});
		await trigger.activate();

		expect(requestsTo('POST', '/v3/resthook_subscriptions').map((r) => r.body)).toEqual(
			['document.parse.succeeded', 'document.parse.failed', 'document.rejected'].map((event) => ({
				targetUrl: trigger.webhookUrl(),
				event,
				workspace: recruitment(),
				version: 'v3',
			})),
		);
		// The service sent one handshake per subscription; each was answered 200 and its secret
		// came back to the activate endpoint.
		const handshakes = emulator.webhookDeliveries.filter(
			(d) => d.kind === 'handshake' && d.targetUrl === trigger.webhookUrl(),
		);
		expect(
			await eventually(
				() => handshakes.map((d) => d.status),
				(statuses) => !statuses.includes(null),
			),
		).toEqual([200, 200, 200]);
		const activations = requestsTo('POST', '/v3/resthook_subscriptions/activate');
		expect(activations.map((r) => r.headers['x-hook-secret']).sort()).toEqual(
			handshakes.map((d) => d.headers['X-Hook-Secret']).sort(),
		);
		expect(
			activations.every((r) => r.headers.authorization === `Bearer ${emulator.fixtures.key}`),
		).toBe(true);
		const stored = await subscriptions();
		expect(stored.map((s) => [s.event, s.active, s.targetUrl])).toEqual(
			['document.parse.succeeded', 'document.parse.failed', 'document.rejected'].map((event) => [
				event,
				true,
				trigger.webhookUrl(),
			]),
		);
		expect(trigger.staticData).toEqual({
			'node:Affinda Trigger': { subscriptionIds: stored.map((s) => s.id) },
		});
		// Nothing ran: a handshake starts no workflow.
		expect(trigger.runs).toEqual([]);
		expect(await trigger.checkExists()).toBe(true);
	});

	test('organization scope sends the organization picked, or none when left empty', async () => {
		const organization = emulator.fixtures.organization.identifier;
		const trigger = await hostWith({ scope: 'organization', organization: byId(organization) });
		await trigger.activate();
		await trigger.deactivate();
		trigger.setParameters({ organization: { __rl: true, mode: 'list', value: '' } });
		await trigger.activate();
		expect(requestsTo('POST', '/v3/resthook_subscriptions').map((r) => r.body)).toEqual([
			{
				targetUrl: trigger.webhookUrl(),
				event: 'document.parse.succeeded',
				organization,
				version: 'v3',
			},
			{ targetUrl: trigger.webhookUrl(), event: 'document.parse.succeeded', version: 'v3' },
		]);
		expect(await trigger.checkExists()).toBe(true);
	});

	test('checkExists: false until created, and false again for another event or workspace', async () => {
		const trigger = await hostWith({});
		expect(await trigger.checkExists()).toBe(false);
		await trigger.activate();
		expect(await trigger.checkExists()).toBe(true);
		trigger.setParameters({ events: ['document.parse.succeeded', 'document.rejected'] });
		expect(await trigger.checkExists()).toBe(false);
		trigger.setParameters({
			events: ['document.parse.succeeded'],
			workspace: byId(emulator.fixtures.workspaces.finance.identifier),
		});
		expect(await trigger.checkExists()).toBe(false);
		// Re-activating with the new settings replaces the old subscription instead of adding one.
		await trigger.activate();
		const stored = await subscriptions();
		expect(stored.map((s) => (s.workspace as IDataObject).identifier)).toEqual([
			emulator.fixtures.workspaces.finance.identifier,
		]);
	});

	test('deactivating deletes every subscription for the URL, even one the node did not record', async () => {
		const trigger = await hostWith({
			events: ['document.parse.succeeded', 'document.parse.completed'],
		});
		await trigger.activate();
		// A stray subscription for the same URL (made by hand, say): it goes too.
		await api.post('/v3/resthook_subscriptions', {
			targetUrl: trigger.webhookUrl(),
			event: 'document.rejected',
			workspace: recruitment(),
		});
		const ids = (await subscriptions()).map((s) => s.id);
		emulator.clearReceived();
		await trigger.deactivate();
		expect(
			requestsTo('DELETE', /^\/v3\/resthook_subscriptions\/\d+$/)
				.map((r) => r.path)
				.sort(),
		).toEqual(ids.map((id) => `/v3/resthook_subscriptions/${String(id)}`).sort());
		expect(await subscriptions()).toEqual([]);
		expect(trigger.staticData).toEqual({ 'node:Affinda Trigger': {} });
	});

	test('a subscription deleted behind its back is simply gone: deactivation still succeeds', async () => {
		const trigger = await hostWith({});
		await trigger.activate();
		const [subscription] = await subscriptions();
		await api.delete(`/v3/resthook_subscriptions/${String(subscription.id)}`);
		// The node's DELETE of the recorded id answers 404: taken as done, not as a failure.
		await expect(trigger.deactivate()).resolves.toBeUndefined();
		expect(
			requestsTo('DELETE', `/v3/resthook_subscriptions/${String(subscription.id)}`),
		).toHaveLength(2);
	});

	test('after the service auto-deactivates the subscription, re-activation replaces it and events flow again', async () => {
		const trigger = await hostWith({});
		await trigger.activate();
		const [original] = await subscriptions();
		// n8n unreachable: three events fail every retry, and the service switches the hook off.
		trigger.offline = true;
		for (let i = 0; i < 3; i++) await uploadResume();
		const [deactivated] = await eventually(
			subscriptions,
			(list) => list[0]?.autoDeactivated === true,
		);
		expect(deactivated).toMatchObject({ id: original.id, active: false, autoDeactivated: true });
		trigger.offline = false;

		// n8n restarts (or the user re-activates): checkExists sees it is not serving, create replaces it.
		expect(await trigger.checkExists()).toBe(false);
		emulator.clearReceived();
		await trigger.activate('production', 'init');
		expect(requestsTo('DELETE', `/v3/resthook_subscriptions/${String(original.id)}`)).toHaveLength(
			1,
		);
		const [replacement] = await subscriptions();
		expect(replacement).toMatchObject({
			active: true,
			autoDeactivated: false,
			targetUrl: trigger.webhookUrl(),
		});
		expect(replacement.id).not.toBe(original.id);

		const identifier = await uploadResume();
		await eventually(
			() => trigger.runs,
			(runs) => runs.length === 1,
		);
		expect(trigger.runs[0][0].json).toMatchObject({
			identifier,
			event: 'document.parse.succeeded',
		});
	});
});

describe('events: verified, fresh and new, or refused', () => {
	test('an upload starts the workflow once, with the event at the top level of one item', async () => {
		const trigger = await hostWith({});
		await trigger.activate();
		const identifier = await uploadResume();
		await eventually(
			() => trigger.runs,
			(runs) => runs.length > 0,
		);

		expect(trigger.runs).toHaveLength(1);
		const [item] = trigger.runs[0];
		const delivery = emulator.webhookDeliveries.find(
			(d) => d.kind === 'event' && d.targetUrl === trigger.webhookUrl(),
		)!;
		const sent = JSON.parse(delivery.body) as IDataObject;
		expect(item.json).toEqual({
			event: 'document.parse.succeeded',
			eventId: sent.id,
			time: new Date((sent.timestamp as number) * 1000).toISOString(),
			identifier,
			customIdentifier: null,
			fileName: 'olivia-nguyen.txt',
			state: 'ready',
			workspace: recruitment(),
			verified: true,
			payload: sent.payload,
		});
		// The emulator records the answer once it has read it, a moment after the run began.
		expect(
			await eventually(
				() => delivery.status,
				(status) => status !== null,
			),
		).toBe(200);
	});

	test('Fetch Document gets the parsed document before the workflow starts', async () => {
		const trigger = await hostWith({ fetchDocument: true, output: 'raw' });
		await trigger.activate();
		const identifier = await uploadResume();
		await eventually(
			() => trigger.runs,
			(runs) => runs.length > 0,
		);
		expect(requestsTo('GET', `/v3/documents/${identifier}`)).toHaveLength(1);
		const { document } = trigger.runs[0][0].json as { document: IDataObject };
		expect(document.meta).toMatchObject({ identifier, ready: true });
		expect(document.data).toHaveProperty('name');
	});

	test('Fetch Document, Output Flat Row (the default): the document as one row, the item fields as before', async () => {
		const trigger = await hostWith({
			fetchDocument: true,
			options: { includeFields: ['fileName'] },
		});
		await trigger.activate();
		const identifier = await uploadResume();
		await eventually(
			() => trigger.runs,
			(runs) => runs.length > 0,
		);
		const item = trigger.runs[0][0].json as { identifier: string; document: IDataObject };
		expect(item.identifier).toBe(identifier);
		expect(Object.keys(item.document)).toEqual([...Object.keys(SAME_CV_ROW), 'fileName']);
		expect(item.document).toMatchObject({ identifier, fullName: expect.any(String) });
	});

	test('forged, altered, missing, malformed, stale and replayed deliveries are refused and start nothing', async () => {
		const trigger = await hostWith({});
		await trigger.activate();
		const body = eventBody();
		const stale = eventBody({ timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
		const future = eventBody({ timestamp: Math.floor(Date.now() / 1000) + 6 * 60 });
		// One byte of the signed body changed: "ready":true → "ready":tru3 would not parse, so flip a letter.
		const altered = Buffer.from(body);
		altered[altered.indexOf('docForged1') + 3] ^= 0x01;

		const answers = {
			wrongKey: await deliver(trigger, body, signed(body, 'not-the-key')),
			alteredByOneByte: await deliver(trigger, altered, signed(body)),
			missing: await deliver(trigger, body, {}),
			notHex: await deliver(trigger, body, { 'X-Hook-Signature': `${Date.now()}.zz` }),
			noTimestamp: await deliver(trigger, body, {
				'X-Hook-Signature': signed(body)['X-Hook-Signature'].split('.')[1],
			}),
			stale: await deliver(trigger, stale, signed(stale)),
			future: await deliver(trigger, future, signed(future)),
		};
		expect(
			Object.fromEntries(Object.entries(answers).map(([name, a]) => [name, a.status])),
		).toEqual({
			wrongKey: 401,
			alteredByOneByte: 401,
			missing: 401,
			notHex: 401,
			noTimestamp: 401,
			stale: 401,
			future: 401,
		});
		expect(JSON.parse(answers.stale.body)).toEqual({
			message: expect.stringMatching(
				/^Refused: the event's timestamp \d+ is outside the replay window of 5 min$/,
			),
		});
		expect(trigger.runs).toEqual([]);

		// The genuine delivery starts it; the same event id again (a replay, or a retry after a lost
		// answer) is acknowledged and starts nothing.
		expect((await deliver(trigger, body, signed(body))).status).toBe(200);
		expect((await deliver(trigger, body, signed(body))).status).toBe(200);
		expect(trigger.runs).toHaveLength(1);
		expect(trigger.runs[0][0].json).toMatchObject({ identifier: 'docForged1', verified: true });
	});

	test('a signed event without an id, replayed within the window, starts one run; another body its own', async () => {
		const trigger = await hostWith({});
		await trigger.activate();
		const body = eventBody({ id: undefined });
		const other = eventBody({ id: undefined }, { identifier: 'docForged2' });
		const answers = [];
		for (const delivery of [body, body, other, body]) {
			answers.push(await deliver(trigger, delivery, signed(delivery)));
		}
		expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
		expect(JSON.parse(answers[1].body)).toEqual({
			message: 'Already received: this event (the same body, without an id)',
		});
		expect(trigger.runs.map((run) => run[0].json.identifier)).toEqual(['docForged1', 'docForged2']);
	});

	test('the replay window is an option', async () => {
		const trigger = await hostWith({ options: { replayWindow: 10 } });
		await trigger.activate();
		const sevenMinutesOld = eventBody({ timestamp: Math.floor(Date.now() / 1000) - 7 * 60 });
		expect((await deliver(trigger, sevenMinutesOld, signed(sevenMinutesOld))).status).toBe(200);
		expect(trigger.runs).toHaveLength(1);
	});

	test('an event the node did not ask for is acknowledged and starts nothing', async () => {
		const trigger = await hostWith({});
		await trigger.activate();
		const body = eventBody({ event: 'document.rejected' });
		expect(await deliver(trigger, body, signed(body))).toEqual({
			status: 200,
			body: JSON.stringify({
				message: "Ignored: document.rejected is not one of this trigger's events",
			}),
		});
		expect(trigger.runs).toEqual([]);
	});
});

describe('without a Webhook Signature Key', () => {
	test('activation fails before any request, saying where the key is, while Require Signature is on', async () => {
		const trigger = await hostWith({}, { webhookSecret: '' });
		await expect(trigger.activate()).rejects.toThrow(
			'The Affinda API credential has no Webhook Signature Key, so events cannot be verified and Require Signature would refuse every one',
		);
		expect(emulator.received).toEqual([]);
	});

	test('with Require Signature off, activation warns that events are unverified, and items say so', async () => {
		const trigger = await hostWith({ options: { requireSignature: false } }, { webhookSecret: '' });
		await trigger.activate();
		expect(trigger.warnings).toEqual([expect.stringContaining('events are unverified')]);
		const body = eventBody();
		expect((await deliver(trigger, body, {})).status).toBe(200);
		expect(trigger.runs[0][0].json).toMatchObject({ verified: false });
	});

	test('a key removed from the credential after activation makes every event refused', async () => {
		const trigger = await hostWith({});
		await trigger.activate();
		delete credential.webhookSecret;
		const body = eventBody();
		expect(await deliver(trigger, body, signed(body))).toEqual({
			status: 401,
			body: JSON.stringify({
				message: 'Refused: the credential has no Webhook Signature Key and Require Signature is on',
			}),
		});
		expect(trigger.runs).toEqual([]);
	});
	test('an event id longer than 128 characters is refused, so an unsigned caller cannot fill the memory of ids', async () => {
		const trigger = await hostWith({ options: { requireSignature: false } }, { webhookSecret: '' });
		await trigger.activate();
		const answers = [];
		for (let i = 0; i < 8; i++) {
			answers.push(await deliver(trigger, eventBody({ id: String(i).repeat(1_000_000) }), {}));
		}
		expect(answers).toEqual(
			Array.from({ length: 8 }, () => ({
				status: 400,
				body: JSON.stringify({
					message: 'Refused: the event id is longer than 128 characters (1000000)',
				}),
			})),
		);
		expect(trigger.runs).toEqual([]);
		expect((await deliver(trigger, eventBody({ id: 'x'.repeat(128) }), {})).status).toBe(200);
		expect(trigger.runs).toHaveLength(1);
	});
});

describe('test mode: listening in the editor', () => {
	test('subscribes the test URL, runs once on the first event, then removes the subscription', async () => {
		const trigger = await hostWith({});
		await trigger.activate('test');
		const [subscription] = await subscriptions();
		expect(subscription).toMatchObject({ targetUrl: trigger.webhookUrl('test'), active: true });
		expect(trigger.webhookUrl('test')).toMatch(/\/webhook-test\//);

		const identifier = await uploadResume();
		await eventually(subscriptions, (list) => list.length === 0);
		expect(trigger.runs.map((run) => run[0].json.identifier)).toEqual([identifier]);
		expect(await subscriptions()).toEqual([]);
	});
});

describe('when the service does not play along (a scripted service)', () => {
	let service: RecordingServer;
	/** The module n8n loaded the trigger from: its activation wait, shortened for these tests. */
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- the very module n8n-core loaded
	const loaded = require(join(PACKAGE_DIR, 'dist/nodes/AffindaTrigger/subscriptions.js')) as {
		activationWait: { timeoutMs: number };
	};
	const { activationWait } = loaded;
	const subscription = (id: number, body: IDataObject, active = false) => ({
		id,
		event: body.event,
		targetUrl: body.targetUrl,
		organization: null,
		workspace: { identifier: body.workspace, name: 'Recruitment' },
		active,
		autoDeactivated: false,
		autoDeactivateReason: '',
		version: 'v3',
	});

	beforeEach(async () => {
		service = await startRecordingServer();
		activationWait.timeoutMs = 300;
	});
	afterEach(async () => {
		activationWait.timeoutMs = 30_000;
		await host?.stop();
		host = undefined;
		await service.stop();
	});

	const hostOnService = async (parameters: IDataObject = {}) => {
		host = await startTriggerHost({
			parameters: {
				events: ['document.parse.succeeded'],
				scope: 'workspace',
				workspace: byId('wsRecruit'),
				...parameters,
			},
			credentials: {
				affindaApi: {
					apiKey: 'scripted-key',
					region: 'custom',
					baseUrl: service.url,
					webhookSecret: 'a'.repeat(64),
				},
			},
		});
		return host;
	};
	const calls = () => service.requests.map((r) => `${r.method} ${r.path}`);
	/** A service that makes subscription `id` (active at once, or never by itself) and lists none. */
	const makesSubscription =
		(id: number, active: boolean): Responder =>
		(request) => {
			if (request.method === 'POST')
				return { status: 201, body: subscription(id, request.body as IDataObject, active) };
			if (request.path === `/v3/resthook_subscriptions/${id}`)
				return request.method === 'GET'
					? { body: subscription(id, { event: 'document.parse.succeeded' }, active) }
					: { status: 204 };
			return { body: { count: 0, next: null, previous: null, results: [] } };
		};

	test('no handshake arrives (n8n unreachable from the service): activation fails and leaves nothing behind', async () => {
		service.respondWith(makesSubscription(41, false));
		const trigger = await hostOnService();
		await expect(trigger.activate()).rejects.toThrow(
			`Affinda did not activate the webhook at ${trigger.webhookUrl()} within 0.3 s`,
		);
		const made = calls();
		expect(made.slice(0, 3)).toEqual([
			'GET /v3/resthook_subscriptions', // checkExists
			'GET /v3/resthook_subscriptions', // create: leftovers for this URL
			'POST /v3/resthook_subscriptions',
		]);
		// Waiting for activation, then the clean-up: what it made, then anything else for the URL.
		expect(made.slice(3, -2).every((call) => call === 'GET /v3/resthook_subscriptions/41')).toBe(
			true,
		);
		expect(made.slice(-2)).toEqual([
			'DELETE /v3/resthook_subscriptions/41',
			'GET /v3/resthook_subscriptions',
		]);
		expect(trigger.staticData).toEqual({});
	});

	test("the service refuses the second event: the first subscription is removed, the service's words reported", async () => {
		let created = 0;
		service.respondWith((request) => {
			if (request.method === 'POST' && created++ === 0)
				return { status: 201, body: subscription(7, request.body as IDataObject) };
			if (request.method === 'POST')
				return {
					status: 400,
					body: {
						type: 'validation_error',
						errors: [
							{ attr: 'workspace', code: 'does_not_exist', detail: 'Object does not exist.' },
						],
					},
				};
			if (request.method === 'DELETE') return { status: 204 };
			return { body: { count: 0, next: null, previous: null, results: [] } };
		});
		const trigger = await hostOnService({
			events: ['document.parse.succeeded', 'document.rejected'],
		});
		await expect(trigger.activate()).rejects.toThrow(
			'Affinda rejected the request: workspace: Object does not exist.',
		);
		expect(calls()).toEqual([
			'GET /v3/resthook_subscriptions',
			'GET /v3/resthook_subscriptions',
			'POST /v3/resthook_subscriptions',
			'POST /v3/resthook_subscriptions',
			'DELETE /v3/resthook_subscriptions/7',
			'GET /v3/resthook_subscriptions',
		]);
	});

	test("every page of the subscription list is read to find this URL's subscriptions", async () => {
		service.respondWith((request, self) => {
			if (request.method === 'DELETE') return { status: 204 };
			const offset = Number(request.query.offset ?? 0);
			const mine = {
				...subscription(
					offset + 1,
					{
						event: 'document.parse.succeeded',
						targetUrl: host!.webhookUrl(),
						workspace: 'wsRecruit',
					},
					true,
				),
			};
			const other = { ...mine, id: offset + 2, targetUrl: 'https://elsewhere.example/hook' };
			return {
				body: {
					count: 4,
					next: offset === 0 ? `${self.url}/v3/resthook_subscriptions?limit=2&offset=2` : null,
					previous: null,
					results: [mine, other],
				},
			};
		});
		const trigger = await hostOnService();
		// Two subscriptions for this URL and event, one per page: not exactly what is wanted.
		expect(await trigger.checkExists()).toBe(false);
		await trigger.deactivate();
		expect(calls().filter((call) => call.startsWith('DELETE'))).toEqual([
			'DELETE /v3/resthook_subscriptions/1',
			'DELETE /v3/resthook_subscriptions/3',
		]);
	});

	test('a retry arriving while the first delivery still fetches its document is answered 409, not acknowledged; after the first fails, the next retry starts the run', async () => {
		let releaseFetch = () => {};
		const fetchHeld = new Promise<void>((release) => (releaseFetch = release));
		let documentAnswer: IDataObject = { status: 404, body: { detail: 'Not found.' } };
		service.respondWith(async (request) => {
			if (request.path === '/v3/documents/docForged1') {
				await fetchHeld;
				return documentAnswer;
			}
			return makesSubscription(5, true)(request, service);
		});
		const trigger = await hostOnService({ fetchDocument: true, output: 'raw' });
		await trigger.activate();
		const body = eventBody();
		const headers = signed(body, 'a'.repeat(64));
		const first = deliver(trigger, body, headers);
		await eventually(calls, (made) => made.includes('GET /v3/documents/docForged1'));
		const { id } = JSON.parse(body) as { id: string };
		expect(await deliver(trigger, body, headers)).toEqual({
			status: 409,
			body: JSON.stringify({ message: `Still receiving: event ${id}; deliver it again later` }),
		});
		releaseFetch();
		expect((await first).status).toBe(500);
		documentAnswer = { body: { meta: { identifier: 'docForged1' }, data: {} } };
		expect((await deliver(trigger, body, headers)).status).toBe(200);
		expect(trigger.runs).toHaveLength(1);
		expect(trigger.runs[0][0].json).toMatchObject({
			eventId: id,
			document: { meta: { identifier: 'docForged1' } },
		});
	});

	test.each([
		['a Confidence Threshold of 80', { confidenceThreshold: 80 }],
		['an unknown Lists As', { listsAs: 'csv' }],
		['a Custom Data Point named __proto__', { customDataPoints: '__proto__' }],
	])('%s is refused at activation, before any subscription is made', async (_, options) => {
		service.respondWith(makesSubscription(5, true));
		const trigger = await hostOnService({ fetchDocument: true, options });
		await expect(trigger.activate()).rejects.toThrow(/^Parameter "/);
		expect(service.requests).toEqual([]);
	});

	test('an event whose row cannot be built fails and is not marked received: the retry starts the run', async () => {
		const deep = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
		let documentText = `{"meta":{"identifier":"docForged1"},"data":{"deep":${deep}}}`;
		service.respondWith((request) =>
			request.path === '/v3/documents/docForged1'
				? { text: documentText, headers: { 'content-type': 'application/json' } }
				: makesSubscription(5, true)(request, service),
		);
		const trigger = await hostOnService({ fetchDocument: true });
		await trigger.activate();
		const body = eventBody();
		const headers = signed(body, 'a'.repeat(64));
		expect((await deliver(trigger, body, headers)).status).toBe(500);
		expect(trigger.runs).toHaveLength(0);
		documentText = '{"meta":{"identifier":"docForged1"},"data":{"deep":1}}';
		expect((await deliver(trigger, body, headers)).status).toBe(200);
		expect(trigger.runs).toHaveLength(1);
		expect(trigger.runs[0][0].json).toMatchObject({ document: { identifier: 'docForged1' } });
	});

	test('a handshake while no subscription is being made (ten POSTs to the URL of an active trigger): each refused 403, nothing sent to the service', async () => {
		service.respondWith(makesSubscription(5, true));
		const trigger = await hostOnService();
		// Activated (the scripted service says so without a handshake), so n8n routes the path.
		await trigger.activate();
		service.requests.length = 0;
		const answers = [];
		for (let i = 0; i < 10; i++) {
			answers.push(await deliver(trigger, '{}', { 'X-Hook-Secret': `${i}`.repeat(64) }));
		}
		expect(answers).toEqual(
			Array.from({ length: 10 }, () => ({
				status: 403,
				body: JSON.stringify({ message: 'Refused: this trigger is not waiting for a handshake' }),
			})),
		);
		expect(service.requests).toEqual([]);
		expect(trigger.runs).toEqual([]);
	});

	test('while its subscription is being made: the handshake is answered 200 and activates once, never retried; a second one, or a malformed one, is refused', async () => {
		activationWait.timeoutMs = 1500;
		service.respondWith((request) => {
			if (request.path === '/v3/resthook_subscriptions/activate')
				return { status: 503, body: { type: 'server_error', errors: [] } };
			return makesSubscription(5, false)(request, service);
		});
		const trigger = await hostOnService();
		const activating = trigger.activate();
		activating.catch(() => undefined);
		await eventually(calls, (made) => made.includes('POST /v3/resthook_subscriptions'));
		const secret = 'f'.repeat(64);
		expect(await deliver(trigger, '{}', { 'X-Hook-Secret': secret })).toEqual({
			status: 200,
			body: JSON.stringify({ message: 'Handshake received' }),
		});
		// Answered before the activation call is made: wait for its outcome in n8n's log.
		await eventually(
			() => trigger.warnings,
			(warnings) => warnings.length > 0,
		);
		const activations = () =>
			service.requests.filter((r) => r.path === '/v3/resthook_subscriptions/activate');
		expect(
			activations().map((r) => [r.method, r.headers['x-hook-secret'], r.headers.authorization]),
		).toEqual([['POST', secret, 'Bearer scripted-key']]);
		expect(trigger.warnings.at(-1)).toMatch(
			/could not activate its subscription: Affinda could not process the request \(HTTP 503\)/,
		);
		// One subscription, one handshake: another secret, or the same again, is not taken.
		expect((await deliver(trigger, '{}', { 'X-Hook-Secret': 'e'.repeat(64) })).status).toBe(403);
		expect((await deliver(trigger, '{}', { 'X-Hook-Secret': secret })).status).toBe(403);
		expect((await deliver(trigger, '{}', { 'X-Hook-Secret': 'short' })).status).toBe(400);
		await expect(activating).rejects.toThrow('Affinda did not activate the webhook');
		expect(activations()).toHaveLength(1);
		expect(trigger.runs).toEqual([]);
	});
});
