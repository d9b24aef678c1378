/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/**
 * The Affinda Polling Trigger in n8n-core's own PollContext (test/helpers/poll-host.ts), against
 * the emulator and a scripted server: what each poll asks for on the wire, which documents start a
 * run, once each and in order, across restarts, failed polls and documents that show up late.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startEmulator, type Emulator, type ReceivedRequest } from '../emulator';
import { clientFor, type Client } from '../emulator/test-client';
import { useFastRetries } from '../helpers/fast-retries';
import { stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startPollHost, type PollHost } from '../helpers/poll-host';
import {
	startRecordingServer,
	type RecordingServer,
	type Responder,
	type ScriptedResponse,
} from '../helpers/recording-server';
import { startTriggerHost } from '../helpers/trigger-host';

let emulator: Emulator;
let api: Client;

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const recruitment = () => emulator.fixtures.workspaces.recruitment.identifier;

function credentials(baseUrl = emulator.url): Record<string, ICredentialDataDecryptedObject> {
	return {
		affindaApi: {
			apiKey: emulator.fixtures.key,
			region: 'custom',
			baseUrl,
			webhookSecret: emulator.fixtures.organization.resthookSignatureKey,
		},
	};
}

async function pollHost(parameters: IDataObject = {}, baseUrl?: string): Promise<PollHost> {
	return await startPollHost({
		parameters: { scope: 'workspace', workspace: byId(recruitment()), ...parameters },
		credentials: credentials(baseUrl),
	});
}

async function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
	const until = Date.now() + 30_000;
	for (;;) {
		const value = await read();
		if (done(value) || Date.now() > until) return value;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

/** Uploads `count` resumes without waiting, then waits until every one is parsed. */
async function uploadResumes(
	count: number,
	fields: Record<string, string> = {},
): Promise<string[]> {
	const identifiers: string[] = [];
	for (let i = 0; i < count; i++) {
		const answer = await api.upload(
			{ name: `cv-${i}.txt`, bytes: Buffer.from(`Jane Doe ${i}\nSoftware engineer\nPython, SQL`) },
			{
				workspace: recruitment(),
				documentType: emulator.fixtures.documentTypes.resume.identifier,
				wait: 'false',
				...fields,
			},
		);
		expect(answer.status).toBe(201);
		identifiers.push(answer.body.meta.identifier as string);
	}
	await eventually(
		() =>
			identifiers.every((identifier) =>
				emulator.store.isReady(emulator.store.document(identifier)!),
			),
		(ready) => ready,
	);
	return identifiers;
}

const listRequests = (): ReceivedRequest[] =>
	emulator.received.filter(
		(request) => request.method === 'GET' && request.path === '/v3/documents',
	);
const identifiersOf = (runs: INodeExecutionData[][]) =>
	runs.map((run) => String(run[0].json.identifier));

/** Every run holds one item, and the runs go in the order the documents reached the event. */
function expectOneItemEachInOrder(runs: INodeExecutionData[][]) {
	for (const run of runs) expect(run).toHaveLength(1);
	const keys = runs.map((run) => [String(run[0].json.time), String(run[0].json.identifier)]);
	const sorted = [...keys].sort(([ta, ia], [tb, ib]) =>
		ta === tb ? (ia < ib ? -1 : 1) : ta < tb ? -1 : 1,
	);
	expect(keys).toEqual(sorted);
}

useFastRetries();

beforeAll(async () => {
	emulator = await startEmulator({
		resumeCount: 30,
		jobDescriptionCount: 2,
		seed: 'polling-trigger',
		parseDelayMs: 5,
	});
	api = clientFor(emulator);
});

beforeEach(() => emulator.clearReceived());

afterAll(async () => {
	await emulator.stop();
	stopN8nCoreTimers();
});

describe('against the emulator', () => {
	test('first activation passes on nothing already there; the next poll only what came after, in one run each', async () => {
		await uploadResumes(3);
		const trigger = await pollHost();
		await trigger.activate();
		await trigger.poll();
		expect(trigger.runs).toEqual([]);

		const fresh = await uploadResumes(2);
		await trigger.poll();
		expect(identifiersOf(trigger.runs).sort()).toEqual([...fresh].sort());
		expectOneItemEachInOrder(trigger.runs);

		// On the wire: the workspace's parsed documents, newest created first, never counted.
		const [first] = listRequests();
		expect(first.query).toEqual({
			workspace: recruitment(),
			ready: 'true',
			failed: 'false',
			ordering: '-created_dt',
			limit: '100',
			count: 'false',
		});
	});

	test('250 documents arriving across three polls start 250 runs, each document once, in order', async () => {
		const trigger = await pollHost();
		await trigger.activate();
		const uploaded: string[] = [];
		const perPoll: number[] = [];
		for (const count of [100, 80, 70]) {
			uploaded.push(...(await uploadResumes(count)));
			const before = trigger.runs.length;
			await trigger.poll();
			perPoll.push(trigger.runs.length - before);
		}
		expect(perPoll).toEqual([100, 80, 70]);
		const delivered = identifiersOf(trigger.runs);
		expect(new Set(delivered).size).toBe(250);
		expect([...delivered].sort()).toEqual([...uploaded].sort());
		expectOneItemEachInOrder(trigger.runs);
		// Within each poll too: the runs of a poll follow the parse order.
		expect(trigger.failures).toEqual([]);
		await trigger.poll();
		expect(trigger.runs).toHaveLength(250);
	});

	test('a restart between polls (static data kept as n8n stores it) repeats nothing and misses nothing', async () => {
		const trigger = await pollHost();
		await trigger.activate();
		const before = await uploadResumes(4);
		await trigger.poll();
		trigger.restart();
		await trigger.poll();
		expect(identifiersOf(trigger.runs).sort()).toEqual([...before].sort());

		// Documents parsed while n8n was down come with the first poll after it.
		trigger.restart();
		const whileDown = await uploadResumes(3);
		await trigger.poll();
		trigger.restart();
		await trigger.poll();
		expect(identifiersOf(trigger.runs).sort()).toEqual([...before, ...whileDown].sort());
		expect(trigger.storedStaticData()).toHaveProperty([
			'node:Affinda Polling Trigger',
			'pollState',
		]);
	});

	test('a failed poll leaves the cursor where it was; the next poll passes on what it missed', async () => {
		const trigger = await pollHost();
		await trigger.activate();
		const kept = trigger.currentStaticData();
		const missed = await uploadResumes(5);
		emulator.setFaults({ errorRate: 1 });
		await trigger.poll();
		emulator.setFaults({});
		expect(trigger.failures).toHaveLength(1);
		expect(trigger.failures[0].message).toMatch(/HTTP 50[03]/);
		expect(trigger.runs).toEqual([]);
		expect(trigger.currentStaticData()).toEqual(kept);

		const after = await uploadResumes(2);
		await trigger.poll();
		expect(identifiersOf(trigger.runs).sort()).toEqual([...missed, ...after].sort());
		expectOneItemEachInOrder(trigger.runs);
	});

	test("items have the webhook trigger's shape for the same event and document", async () => {
		const webhook = await startTriggerHost({
			parameters: {
				events: ['document.parse.succeeded'],
				scope: 'workspace',
				workspace: byId(recruitment()),
			},
			credentials: credentials(),
		});
		const trigger = await pollHost();
		try {
			await webhook.activate();
			await trigger.activate();
			const [identifier] = await uploadResumes(1);
			await eventually(
				() => webhook.runs.length,
				(runs) => runs > 0,
			);
			await trigger.poll();
			const fromWebhook = webhook.runs[0][0].json;
			const fromPoll = trigger.runs[0][0].json;
			expect(Object.keys(fromPoll).sort()).toEqual(Object.keys(fromWebhook).sort());
			const { eventId, time, payload, ...rest } = fromPoll;
			const webhookPayload = fromWebhook.payload as IDataObject;
			const webhookRest = { ...fromWebhook };
			for (const key of ['eventId', 'time', 'payload']) delete webhookRest[key];
			expect(rest).toEqual(webhookRest);
			expect(rest.identifier).toBe(identifier);
			// The payload is the document's metadata: all the webhook's payload holds, and more.
			expect(payload).toMatchObject(webhookPayload);
			// The time is when the document was parsed; the id names the document, event and time.
			expect(time).toBe(emulator.store.document(identifier)!.readyDt);
			expect(eventId).toBe(`${identifier}:document.parse.succeeded:${String(time)}`);
		} finally {
			await webhook.deactivate().catch(() => undefined);
			await webhook.stop();
		}
	});

	test('Fetch Document gets each document whole before its run starts', async () => {
		const trigger = await pollHost({ fetchDocument: true, output: 'raw' });
		await trigger.activate();
		const [identifier] = await uploadResumes(1);
		await trigger.poll();
		expect(emulator.received.filter((r) => r.path === `/v3/documents/${identifier}`)).toHaveLength(
			1,
		);
		const { document } = trigger.runs[0][0].json as { document: IDataObject };
		expect(document.meta).toMatchObject({ identifier, ready: true });
		expect(document.data).toHaveProperty('name');
	});

	test('Fetch Document, Output Flat Row (the default): each document as one row', async () => {
		const trigger = await pollHost({ fetchDocument: true, options: { listsAs: 'array' } });
		await trigger.activate();
		const [identifier] = await uploadResumes(1);
		await trigger.poll();
		const item = trigger.runs[0][0].json as { identifier: string; document: IDataObject };
		expect(item.identifier).toBe(identifier);
		expect(item.document).toMatchObject({
			identifier,
			fullName: expect.any(String),
			skills: expect.any(Array),
		});
		expect(item.document).not.toHaveProperty('data');
	});

	test('Document Validated: documents validated since the last poll, in validation order', async () => {
		const trigger = await pollHost({ event: 'document.validate.completed' });
		const [early, late, never] = await uploadResumes(3);
		await trigger.activate();
		for (const identifier of [late, early]) {
			const answer = await api.patch(`/v3/documents/${identifier}`, { isConfirmed: true });
			expect(answer.status).toBe(200);
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		await trigger.poll();
		expect(identifiersOf(trigger.runs)).toEqual([late, early]);
		expect(trigger.runs.map((run) => run[0].json.state)).toEqual(['validated', 'validated']);
		expect(identifiersOf(trigger.runs)).not.toContain(never);
		expect(listRequests()[0].query).toMatchObject({
			state: 'validated',
			ordering: '-validated_dt',
		});
	});

	test('a document type passes on only documents of that type', async () => {
		const trigger = await pollHost({
			documentType: byId(emulator.fixtures.documentTypes.jobDescription.identifier),
		});
		await trigger.activate();
		await uploadResumes(2);
		const [jobDescription] = await uploadResumes(1, {
			documentType: emulator.fixtures.documentTypes.jobDescription.identifier,
		});
		await trigger.poll();
		expect(identifiersOf(trigger.runs)).toEqual([jobDescription]);
	});

	test('a collection scope lists the collection', async () => {
		const collection = emulator.fixtures.collections.resumes.identifier;
		const trigger = await pollHost({ scope: 'collection', collection: byId(collection) });
		await trigger.activate();
		expect(listRequests()[0].query).toMatchObject({ collection });
		expect(listRequests()[0].query).not.toHaveProperty('workspace');
	});

	test('a manual test returns the newest matching document, and keeps no cursor', async () => {
		// One parsed before the other is uploaded: "newest" is the latest to reach the event, and two
		// parses under way at once may finish in either order.
		await uploadResumes(1);
		const [newest] = await uploadResumes(1);
		const trigger = await pollHost();
		const answer = await trigger.testPoll();
		expect(answer).toHaveLength(1);
		expect(answer![0]).toHaveLength(1);
		expect(answer![0][0].json).toMatchObject({
			identifier: newest,
			event: 'document.parse.succeeded',
		});
		expect(trigger.storedStaticData()).toEqual({});
	});

	test('a late window out of bounds is refused before any request, naming it, the value and the bounds', async () => {
		const trigger = await pollHost({ options: { lateWindow: 0 } });
		await expect(trigger.activate()).rejects.toThrow(
			'Parameter "Late Window (Minutes)" (lateWindow) is 0, but must be a whole number from 1 to 1440',
		);
		expect(emulator.received).toEqual([]);
	});
});

describe('against a scripted documents list', () => {
	let server: RecordingServer;
	/** What the list holds now, newest created first as the service orders it. */
	let listed: Array<{ identifier: string; createdDt: string; readyDt: string }> = [];
	const at = (minutes: number) =>
		new Date(Date.UTC(2026, 10, 24, 12, 0) + minutes * 60_000).toISOString();
	const doc = (identifier: string, createdMinute: number, readyMinute = createdMinute + 0.5) => ({
		identifier,
		createdDt: at(createdMinute),
		readyDt: at(readyMinute),
	});

	const scriptedList: Responder = (request) => {
		const sorted = [...listed].sort((a, b) => (a.createdDt < b.createdDt ? 1 : -1));
		const offset = Number(request.query.offset ?? 0);
		const limit = Number(request.query.limit);
		const page = sorted.slice(offset, offset + limit);
		const next =
			offset + limit < sorted.length
				? `${server.url}/v3/documents?${new URLSearchParams({ ...request.query, offset: String(offset + limit) })}`
				: null;
		return {
			body: {
				count: null,
				next,
				previous: null,
				results: page.map((d) => ({
					extractor: 'resume',
					meta: {
						identifier: d.identifier,
						customIdentifier: null,
						fileName: `${d.identifier}.pdf`,
						ready: true,
						failed: false,
						readyDt: d.readyDt,
						createdDt: d.createdDt,
						documentType: 'resumeType',
						workspace: { identifier: 'wsScript', name: 'Scripted' },
					},
				})),
			},
		};
	};
	beforeAll(async () => {
		server = await startRecordingServer(scriptedList);
	});
	afterAll(async () => await server.stop());

	async function scriptedHost(
		lateWindow = 60,
		parameters: IDataObject = {},
		discardStateOfFailedPoll = false,
	) {
		return await startPollHost({
			discardStateOfFailedPoll,
			parameters: {
				scope: 'workspace',
				workspace: byId('wsScript'),
				options: { lateWindow },
				...parameters,
			},
			credentials: {
				affindaApi: { apiKey: 'scripted-key', region: 'custom', baseUrl: server.url },
			},
		});
	}

	test('a document that shows up late, within the late window, starts one run; one later than the window none', async () => {
		listed = [doc('aaOld', 0), doc('bbFirst', 100)];
		const trigger = await scriptedHost(60);
		await trigger.activate();
		listed.push(doc('ccSecond', 101));
		await trigger.poll();
		expect(identifiersOf(trigger.runs)).toEqual(['ccSecond']);

		// Created 30 minutes before the newest, it appears only now (slow parsing, a lagging list).
		listed.push(doc('ddLate', 71, 102), doc('eeTooLate', 30, 102));
		await trigger.poll();
		await trigger.poll();
		trigger.restart();
		await trigger.poll();
		expect(identifiersOf(trigger.runs)).toEqual(['ccSecond', 'ddLate']);
	});

	test('pages are read down to the late window before the cursor, and no further', async () => {
		listed = Array.from({ length: 250 }, (_, i) => doc(`doc${String(i).padStart(3, '0')}`, i));
		const trigger = await scriptedHost(10);
		server.requests.length = 0;
		await trigger.activate();
		// Newest at minute 249: the window reaches back to minute 239, on the first page.
		expect(server.requests).toHaveLength(1);
		listed.push(
			...Array.from({ length: 150 }, (_, i) => doc(`new${String(i).padStart(3, '0')}`, 250 + i)),
		);
		server.requests.length = 0;
		await trigger.poll();
		// 150 new and the 11 of the window behind the cursor: two pages of 100.
		expect(server.requests.map((r) => r.query.offset ?? '0')).toEqual(['0', '100']);
		expect(trigger.runs).toHaveLength(150);
		expect(identifiersOf(trigger.runs)[0]).toBe('new000');
		expectOneItemEachInOrder(trigger.runs);
		expect(server.requests[0].headers.authorization).toBe('Bearer scripted-key');
	});

	/** 40 documents passed on after the first poll, and the workflow's static data of that poll. */
	async function fortyPassedOn() {
		listed = [doc('aaBase', 0)];
		const trigger = await scriptedHost(60);
		await trigger.activate();
		const firstPoll = trigger.storedStaticData().global as IDataObject;
		listed.push(
			...Array.from({ length: 40 }, (_, i) => doc(`r${String(i).padStart(2, '0')}`, 1 + i)),
		);
		await trigger.poll();
		await trigger.poll();
		expect(trigger.runs).toHaveLength(40);
		return { trigger, firstPoll };
	}

	/** Reactivated after the rename: no run again, then one for a new document. */
	async function expectNothingReplayed(trigger: PollHost) {
		await trigger.activate('update');
		await trigger.poll();
		expect(trigger.runs).toHaveLength(40);
		listed.push(doc('zzAfterRename', 42));
		await trigger.poll();
		expect(identifiersOf(trigger.runs).slice(40)).toEqual(['zzAfterRename']);
	}

	test('renamed after 40 documents were passed on: the next polls start no run again, and a new document one', async () => {
		const { trigger } = await fortyPassedOn();
		trigger.rename('Affinda Polling Trigger (renamed)');
		await expectNothingReplayed(trigger);
	});

	test("a kept copy that cannot vouch for its time (an earlier build's first-poll copy): replaced by a fresh start, nothing replayed", async () => {
		const { trigger, firstPoll } = await fortyPassedOn();
		// As the earlier build left it: the first poll's state, never updated, with no time.
		trigger.rename('Affinda Polling Trigger (renamed)');
		trigger.editStoredStaticData((stored) => {
			const global = stored.global as IDataObject;
			for (const [key, copy] of Object.entries(firstPoll)) {
				const state = { ...(copy as IDataObject) };
				delete state.savedAt;
				global[key] = state;
			}
		});
		await expectNothingReplayed(trigger);
	});

	test('a page that fails mid-poll passes on nothing and keeps the cursor; the next poll passes on all', async () => {
		listed = [doc('aaBase', 0)];
		const trigger = await scriptedHost(60);
		await trigger.activate();
		const kept = trigger.currentStaticData();
		listed.push(
			...Array.from({ length: 120 }, (_, i) => doc(`m${String(i).padStart(3, '0')}`, 1 + i / 10)),
		);
		server.respondWith((request, self) => {
			if (request.query.offset === '100')
				return { status: 500, body: { type: 'server_error', errors: [] } };
			return scriptedList(request, self);
		});
		await trigger.poll();
		expect(trigger.failures).toHaveLength(1);
		expect(trigger.runs).toEqual([]);
		expect(trigger.currentStaticData()).toEqual(kept);
		server.respondWith(scriptedList);
		await trigger.poll();
		expect(trigger.runs).toHaveLength(120);
		expectOneItemEachInOrder(trigger.runs);
	});
	test("a document dated after Affinda's own clock is passed on once and reported, and the documents after it still are", async () => {
		listed = [doc('aaBase', 0)];
		const trigger = await scriptedHost(60);
		await trigger.activate();
		// Dated in 2100 (a skewed or garbage date), listed first by the newest-first order.
		listed.push(doc('zzFuture', 74 * 365 * 24 * 60), doc('bbNext', 1));
		await trigger.poll();
		listed.push(doc('ccLater', 2));
		await trigger.poll();
		await trigger.poll();
		expect(identifiersOf(trigger.runs)).toEqual(['bbNext', 'zzFuture', 'ccLater']);
		expect(trigger.warnings).toEqual([
			expect.stringMatching(
				/document zzFuture is dated 2100-.*, after Affinda's own clock; it is passed on, but later documents are not measured from it$/,
			),
		]);
	});

	test('a poll that starts while the previous one is still running (held by the service) passes nothing on twice', async () => {
		listed = [doc('aaBase', 0)];
		const trigger = await scriptedHost(60);
		await trigger.activate();
		listed.push(doc('bbNew', 1));
		let releaseList = () => {};
		const listHeld = new Promise<void>((release) => (releaseList = release));
		server.respondWith(async (request, self) => {
			await listHeld;
			return scriptedList(request, self);
		});
		const asked = server.requests.length;
		const first = trigger.poll();
		await eventually(
			() => server.requests.length,
			(count) => count > asked,
		);
		server.respondWith(scriptedList);
		await trigger.poll();
		releaseList();
		await first;
		expect(identifiersOf(trigger.runs)).toEqual(['bbNew']);
		expect(trigger.warnings).toEqual([
			expect.stringContaining('the previous poll is still running, so this one is skipped'),
		]);
		await trigger.poll();
		expect(identifiersOf(trigger.runs)).toEqual(['bbNew']);
	});

	/** The scripted list, and each document fetched as `fetch` answers (the document by default). */
	const withFetch = (fetch: (identifier: string) => ScriptedResponse | undefined) =>
		server.respondWith((request, self) => {
			if (request.path === '/v3/documents') return scriptedList(request, self);
			const identifier = request.path.split('/').at(-1) as string;
			return fetch(identifier) ?? { body: { meta: { identifier }, data: {} } };
		});

	test.each([
		[404, 'not_found', 'bbGone', 'Affinda found nothing at /v3/documents/bbGone: Not found.'],
		[403, 'permission_denied', 'bbDenied', 'Affinda refused access: Not allowed.'],
	])(
		'Fetch Document: a document answered %i is reported once, counted as seen, and never started',
		async (status, type, gone, words) => {
			listed = [doc('aaBase', 0)];
			const trigger = await scriptedHost(60, { fetchDocument: true, output: 'raw' });
			await trigger.activate();
			listed.push(doc(gone, 1), doc('ccFine', 2));
			server.requests.length = 0;
			let broken = true;
			withFetch((identifier) =>
				identifier === gone && broken
					? {
							status,
							body: {
								type,
								errors: [{ detail: type === 'not_found' ? 'Not found.' : 'Not allowed.' }],
							},
						}
					: undefined,
			);
			await trigger.poll();
			expect(identifiersOf(trigger.runs)).toEqual(['ccFine']);
			expect(trigger.runs[0][0].json.document).toEqual({
				meta: { identifier: 'ccFine' },
				data: {},
			});
			expect(trigger.failures).toHaveLength(1);
			expect(trigger.failures[0].message).toBe(`Could not fetch document ${gone} (${words})`);
			expect((trigger.failures[0] as { description?: string }).description).toBe(
				'1 other document started the workflow. Fetching it again would fail the same way, so the next polls pass it over; get it with the Affinda node (Document → Get) once it can be read.',
			);
			// Later polls: not fetched again, not reported again, not started even once it could be.
			await trigger.poll();
			broken = false;
			await trigger.poll();
			trigger.restart();
			await trigger.poll();
			expect(identifiersOf(trigger.runs)).toEqual(['ccFine']);
			expect(trigger.failures).toHaveLength(1);
			expect(server.requests.filter((r) => r.path === `/v3/documents/${gone}`)).toHaveLength(1);
		},
	);

	test('Fetch Document, with durable poll cursors (a failed poll keeps no state): a document answered 404, alone in its poll, is reported once and passed over', async () => {
		listed = [doc('aaBase', 0)];
		const trigger = await scriptedHost(60, { fetchDocument: true, output: 'raw' }, true);
		await trigger.activate();
		listed.push(doc('bbGoneAlone', 1));
		server.requests.length = 0;
		withFetch((identifier) =>
			identifier === 'bbGoneAlone'
				? { status: 404, body: { type: 'not_found', errors: [{ detail: 'Not found.' }] } }
				: undefined,
		);
		await trigger.poll();
		await trigger.poll();
		await trigger.poll();
		expect(trigger.failures.map((error) => error.message)).toEqual([
			'Could not fetch document bbGoneAlone (Affinda found nothing at /v3/documents/bbGoneAlone: Not found.)',
		]);
		expect(server.requests.filter((r) => r.path === '/v3/documents/bbGoneAlone')).toHaveLength(1);
		listed.push(doc('ccNext', 2));
		await trigger.poll();
		expect(identifiersOf(trigger.runs)).toEqual(['ccNext']);
		expect(trigger.failures).toHaveLength(1);
	});

	test.each([
		['503', { status: 503, body: { type: 'server_error', errors: [] } }],
		['429', { status: 429, body: { type: 'throttled', errors: [] } }],
	])(
		'Fetch Document: a document answered %s (a failure that can pass) is reported, the others start their runs, and the next poll tries it again',
		async (_status, failure) => {
			listed = [doc('aaBase', 0)];
			const trigger = await scriptedHost(60, { fetchDocument: true, output: 'raw' });
			await trigger.activate();
			listed.push(doc('bbBusy', 1), doc('ccFine', 2));
			let broken = true;
			withFetch((identifier) =>
				identifier === 'bbBusy' && broken ? (failure as ScriptedResponse) : undefined,
			);
			await trigger.poll();
			expect(identifiersOf(trigger.runs)).toEqual(['ccFine']);
			expect(trigger.failures.map((error) => error.message)).toEqual([
				expect.stringMatching(/^Could not fetch document bbBusy \(/),
			]);
			expect((trigger.failures[0] as { description?: string }).description).toBe(
				'1 other document started the workflow. The next poll tries it again, while it is within the Late Window (60 minutes); after that, get it with the Affinda node (Document → Get).',
			);

			// Still failing: reported again, nothing started twice.
			await trigger.poll();
			expect(identifiersOf(trigger.runs)).toEqual(['ccFine']);
			expect(trigger.failures).toHaveLength(2);

			// Fetchable again: its run starts, once.
			broken = false;
			await trigger.poll();
			await trigger.poll();
			server.respondWith(scriptedList);
			expect(identifiersOf(trigger.runs)).toEqual(['ccFine', 'bbBusy']);
			expect(trigger.failures).toHaveLength(2);
		},
	);
});
