/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// Resthooks end to end, with a real receiver: the X-Hook-Secret handshake, activation, a parse
// event whose X-Hook-Signature verifies with the organization's key (checked here with our own
// HMAC, as a receiver would), scopes, retries and 410.

import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startEmulator, verifySignature, type Emulator } from './index';
import { clientFor, type Client } from './test-client';

interface Delivery {
	headers: IncomingHttpHeaders;
	raw: string;
}

/** A subscriber: records what it gets, answers with `status()`, and activates on the handshake. */
class Receiver {
	readonly deliveries: Delivery[] = [];
	status = (): number => 200;
	private server!: Server;
	url = '';

	constructor(private readonly api: Client) {}

	async start(): Promise<void> {
		this.server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				this.deliveries.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
				const secret = req.headers['x-hook-secret'];
				res.writeHead(secret ? 200 : this.status()).end();
				// As the service's docs describe: answer 200, then activate with the secret.
				if (typeof secret === 'string')
					void this.api.fetch('/v3/resthook_subscriptions/activate', {
						method: 'POST',
						headers: { 'X-Hook-Secret': secret },
					});
			});
		});
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
	}

	stop(): Promise<void> {
		this.server.closeAllConnections();
		return new Promise((resolve) => this.server.close(() => resolve()));
	}

	events(): Delivery[] {
		return this.deliveries.filter((d) => !d.headers['x-hook-secret']);
	}
}

async function eventually<T>(
	read: () => T | Promise<T>,
	done: (value: T) => boolean,
	timeoutMs = 10_000,
): Promise<T> {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (done(value) || Date.now() > until) return value;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

let emulator: Emulator;
let api: Client;
let receiver: Receiver;

beforeEach(async () => {
	emulator = await startEmulator({
		resumeCount: 20,
		jobDescriptionCount: 2,
		parseDelayMs: 30,
		webhookRetryDelaysMs: [20, 20],
	});
	api = clientFor(emulator);
	receiver = new Receiver(api);
	await receiver.start();
});
afterEach(async () => {
	await emulator.stop();
	await receiver.stop();
});

async function subscribe(body: Record<string, unknown>) {
	const created = await api.post('/v3/resthook_subscriptions', {
		targetUrl: receiver.url,
		...body,
	});
	expect(created.status).toBe(201);
	const id = created.body.id;
	return eventually(
		async () => (await api.get(`/v3/resthook_subscriptions/${id}`)).body,
		(s) => s.active === true,
	);
}

it('handshakes, activates, and signs the parse event so the receiver can verify it', async () => {
	const created = await api.post('/v3/resthook_subscriptions', {
		targetUrl: receiver.url,
		event: 'document.parse.completed',
	});
	expect(created.body).toMatchObject({
		id: expect.any(Number),
		event: 'document.parse.completed',
		targetUrl: receiver.url,
		active: false,
		autoDeactivated: false,
		version: 'v3',
		organization: { identifier: emulator.fixtures.organization.identifier },
	});
	const active = await eventually(
		async () => (await api.get(`/v3/resthook_subscriptions/${created.body.id}`)).body,
		(s) => s.active,
	);
	expect(active.active).toBe(true);
	const handshake = receiver.deliveries[0];
	expect(handshake.headers['x-hook-secret']).toMatch(/^[0-9a-f]{64}$/);

	const uploaded = await api.upload(emulator.fixtures.sampleFiles.resumeText, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		wait: 'false',
	});
	const [event] = await eventually(
		() => receiver.events(),
		(e) => e.length > 0,
	);
	expect(event).toBeDefined();

	const key = (await api.get('/v3/organizations')).body[0].resthookSignatureKey;
	expect(key).toBe(emulator.fixtures.organization.resthookSignatureKey);
	const [timestamp, signature] = String(event.headers['x-hook-signature']).split('.');
	expect(signature).toBe(createHmac('sha256', key).update(event.raw).digest('hex'));
	expect(verifySignature(key, event.raw, String(event.headers['x-hook-signature']))).toBe(true);
	expect(verifySignature(key, `${event.raw} `, String(event.headers['x-hook-signature']))).toBe(
		false,
	);
	expect(verifySignature('another-key', event.raw, String(event.headers['x-hook-signature']))).toBe(
		false,
	);

	const body = JSON.parse(event.raw);
	expect(body).toMatchObject({
		id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		event: 'document.parse.completed',
		timestamp: Number(timestamp),
		payload: {
			identifier: uploaded.body.meta.identifier,
			ready: true,
			failed: false,
			fileName: 'olivia-nguyen.txt',
			workspace: {
				identifier: emulator.fixtures.workspaces.recruitment.identifier,
				name: 'Recruitment',
			},
		},
	});
	expect(Math.abs(body.timestamp - Date.now() / 1000)).toBeLessThan(600);
	// The event arrives when the document is ready.
	expect((await api.get(`/v3/documents/${body.payload.identifier}`)).body.meta.ready).toBe(true);
});

it('only fires active subscriptions in scope, for their event', async () => {
	const finance = emulator.fixtures.workspaces.finance.identifier;
	await subscribe({ event: 'document.parse.succeeded', workspace: finance });
	await subscribe({ event: 'invoice.parse.completed' });
	const inactive = await api.post('/v3/resthook_subscriptions', {
		targetUrl: 'http://127.0.0.1:9/never',
		event: 'document.parse.completed',
	});
	expect(inactive.body.active).toBe(false);

	await api.upload(emulator.fixtures.sampleFiles.resumeText, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
	});
	await api.upload(emulator.fixtures.sampleFiles.invoiceText, { workspace: finance });
	const events = await eventually(
		() => receiver.events(),
		(e) => e.length >= 2,
	);
	await new Promise((resolve) => setTimeout(resolve, 50));
	expect(
		receiver
			.events()
			.map((e) => JSON.parse(e.raw).event)
			.sort(),
	).toEqual(['document.parse.succeeded', 'invoice.parse.completed']);
	expect(events.every((e) => JSON.parse(e.raw).payload.workspace.identifier === finance)).toBe(
		true,
	);
});

it('retries failed deliveries, and a 410 deletes the subscription', async () => {
	const subscription = await subscribe({ event: 'document.parse.completed' });
	receiver.status = () => 500;
	await api.upload(emulator.fixtures.sampleFiles.resumeText, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
	});
	// The receiver sees an attempt before the emulator has read its answer: wait for both.
	const eventDeliveries = () =>
		emulator.webhookDeliveries.filter((d) => d.kind === 'event').map((d) => [d.attempt, d.status]);
	await eventually(
		eventDeliveries,
		(d) => d.length >= 3 && d.every(([, status]) => status !== null),
	);
	const attempts = receiver.events();
	expect(attempts).toHaveLength(3);
	expect(new Set(attempts.map((a) => a.raw)).size).toBe(1);
	expect(eventDeliveries()).toEqual([
		[1, 500],
		[2, 500],
		[3, 500],
	]);

	receiver.status = () => 410;
	await api.upload(emulator.fixtures.sampleFiles.resumeText, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
	});
	await eventually(
		async () => (await api.get(`/v3/resthook_subscriptions/${subscription.id}`)).status,
		(s) => s === 404,
	);
	expect((await api.get(`/v3/resthook_subscriptions/${subscription.id}`)).status).toBe(404);
});

it('validates subscriptions and activation, and manages them', async () => {
	const bad = await api.post('/v3/resthook_subscriptions', {
		targetUrl: 'not a url',
		event: 'document.exploded',
		colour: 1,
	});
	expect(bad.status).toBe(400);
	expect(bad.body.errors.map((e: { attr: string }) => e.attr).sort()).toEqual([
		'colour',
		'event',
		'targetUrl',
	]);
	expect(
		(
			await api.post('/v3/resthook_subscriptions', {
				targetUrl: receiver.url,
				event: 'document.parse.completed',
				workspace: 'nOsUcHws',
			})
		).status,
	).toBe(400);
	expect((await api.fetch('/v3/resthook_subscriptions/activate', { method: 'POST' })).status).toBe(
		400,
	);
	expect(
		(
			await api.fetch('/v3/resthook_subscriptions/activate', {
				method: 'POST',
				headers: { 'X-Hook-Secret': 'f'.repeat(64) },
			})
		).status,
	).toBe(400);

	const subscription = await subscribe({ event: 'document.parse.completed', version: 'v2' });
	const patched = await api.patch(`/v3/resthook_subscriptions/${subscription.id}`, {
		event: 'document.parse.failed',
		workspace: emulator.fixtures.workspaces.finance.identifier,
	});
	expect(patched.body).toMatchObject({
		event: 'document.parse.failed',
		version: 'v2',
		workspace: { identifier: emulator.fixtures.workspaces.finance.identifier },
	});
	const listed = await api.get('/v3/resthook_subscriptions');
	expect(listed.body).toMatchObject({
		count: 1,
		next: null,
		previous: null,
		results: [{ id: subscription.id }],
	});
	expect((await api.delete(`/v3/resthook_subscriptions/${subscription.id}`)).status).toBe(204);
	expect((await api.get('/v3/resthook_subscriptions')).body.count).toBe(0);
});
