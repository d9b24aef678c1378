/* eslint-disable @n8n/community-nodes/no-restricted-globals -- waits for a state in a test */
/**
 * Upload → If Already Uploaded, on the wire: a run repeated with the same Custom Identifier (a
 * retry, a re-run, a crashed worker's execution run again) sends one look-up and no upload, and
 * outputs the document Affinda has; Fail names it; a look-up that fails never uploads blindly;
 * two items with one identifier in one run upload once. Against the emulator (which filters the
 * documents list by custom identifier as the service does) and, for faults, the fault server.
 */
import type { IDataObject, INodeExecutionData, OnError } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { clientFor } from '../emulator/test-client';
import { useFastRetries } from '../helpers/fast-retries';
import { startFaultServer, type Fault, type FaultServer } from '../helpers/fault-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';

/** Locators as the panel saves them when an identifier is typed. */
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

async function cvItem(text: string, json: IDataObject = {}): Promise<INodeExecutionData> {
	const file = await storeBinaryFile(Buffer.from(text), 'cv.txt', 'text/plain');
	return { json, binary: { data: file } };
}

describe('Upload → If Already Uploaded, against the emulator', () => {
	let emulator: Emulator;
	const workspace = () => emulator.fixtures.workspaces.recruitment.identifier;
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const upload = (ifAlreadyUploaded: string | undefined, extra: IDataObject = {}) => ({
		resource: 'document',
		operation: 'upload',
		output: 'document',
		workspace: locator(workspace()),
		options: {
			customIdentifier: '={{ $json.ref }}',
			...(ifAlreadyUploaded ? { ifAlreadyUploaded } : {}),
		},
		...extra,
	});
	const run = async (parameters: IDataObject, input: INodeExecutionData[], onError?: OnError) =>
		await runWorkflow(affindaWorkflow(parameters, onError ? { onError } : {}), {
			credentials: credentials(),
			input,
		});
	const wire = () => emulator.received.map((request) => `${request.method} ${request.path}`);
	const uploads = () =>
		emulator.received.filter((r) => r.method === 'POST' && r.path === '/v3/documents');
	const cv = async (ref: string) =>
		await cvItem(`Jane Doe\nSoftware Engineer, Python, AWS\nReference ${ref}\n`, { ref });

	beforeAll(async () => {
		emulator = await startEmulator({
			resumeCount: 20,
			jobDescriptionCount: 2,
			seed: 'if-already-uploaded',
			parseDelayMs: 50,
		});
	});
	beforeEach(() => emulator.clearReceived());
	afterAll(async () => {
		emulator.clock.resume();
		await emulator.stop();
		stopN8nCoreTimers();
	});

	test('Use the Existing Document: the first run looks up and uploads; run again, one look-up, no upload, the same document, reused: true, paired', async () => {
		const first = await run(upload('useExisting'), [await cv('cand-100')]);
		expect(first.error()).toBeUndefined();
		expect(wire()).toEqual(['GET /v3/documents', 'POST /v3/documents']);
		expect(emulator.received[0].query).toEqual({
			custom_identifier: 'cand-100',
			workspace: workspace(),
			ordering: '-created_dt',
			limit: '1',
			include_data: 'true',
		});
		const [made] = first.output(AFFINDA_NODE_NAME);
		expect(made.json).toMatchObject({ customIdentifier: 'cand-100', ready: true, reused: false });
		expect(made.pairedItem).toEqual({ item: 0 });

		emulator.clearReceived();
		const again = await run(upload('useExisting'), [await cv('cand-100')]);
		expect(again.error()).toBeUndefined();
		expect(wire()).toEqual(['GET /v3/documents']);
		const [reused] = again.output(AFFINDA_NODE_NAME);
		expect(reused.json).toEqual({ ...made.json, reused: true });
		expect(reused.pairedItem).toEqual({ item: 0 });
		expect(
			emulator.store.allDocuments().filter((d) => d.customIdentifier === 'cand-100'),
		).toHaveLength(1);
	});

	test('Fail: the item fails naming the existing document, and nothing is uploaded', async () => {
		await run(upload('useExisting'), [await cv('cand-200')]);
		const [existing] = emulator.store
			.allDocuments()
			.filter((d) => d.customIdentifier === 'cand-200');
		emulator.clearReceived();

		const again = await run(upload('fail'), [await cv('cand-200')]);
		expect(again.error()?.message).toBe(
			`Affinda already has a document with Custom Identifier "cand-200": ${existing.identifier} (cv.txt) [item 0]`,
		);
		expect(again.error()?.description).toMatch(
			/^Nothing was uploaded, as If Already Uploaded is set to Fail\./,
		);
		expect(wire()).toEqual(['GET /v3/documents']);
	});

	test('two items with the same Custom Identifier in one run: one look-up, one upload; the second item reuses it (or, with Fail, fails naming it)', async () => {
		const input = [await cv('cand-300'), await cv('cand-300'), await cv('cand-301')];
		const reusing = await run(upload('useExisting'), input);
		expect(reusing.error()).toBeUndefined();
		expect(
			uploads()
				.map((r) => (r.body as { fields: IDataObject }).fields.customIdentifier)
				.sort(),
		).toEqual(['cand-300', 'cand-301']);
		expect(wire().filter((line) => line === 'GET /v3/documents')).toHaveLength(2);
		const items = reusing.output(AFFINDA_NODE_NAME);
		expect(
			items.map((item) => [item.pairedItem, item.json.customIdentifier, item.json.reused]),
		).toEqual([
			[{ item: 0 }, 'cand-300', false],
			[{ item: 1 }, 'cand-300', true],
			[{ item: 2 }, 'cand-301', false],
		]);
		expect(items[1].json.identifier).toBe(items[0].json.identifier);

		emulator.clearReceived();
		const failing = await run(
			upload('fail'),
			[await cv('cand-400'), await cv('cand-400')],
			'continueErrorOutput',
		);
		expect(uploads()).toHaveLength(1);
		const [made] = failing.output(AFFINDA_NODE_NAME, 0);
		expect(made.pairedItem).toEqual({ item: 0 });
		const [refused] = failing.output(AFFINDA_NODE_NAME, 1);
		expect(refused.pairedItem).toEqual({ item: 1 });
		expect(refused.json.error).toBe(
			`Affinda already has a document with Custom Identifier "cand-400": ${String(made.json.identifier)} (cv.txt) [item 1]`,
		);
	});

	test('with Wait for Parsing, an existing document still parsing is waited for like a new one', async () => {
		emulator.clock.pause();
		const started = await clientFor(emulator).upload(emulator.fixtures.sampleFiles.resumeText, {
			workspace: workspace(),
			customIdentifier: 'cand-500',
			wait: 'false',
		});
		const identifier = started.body.meta.identifier as string;
		emulator.clearReceived();
		const running = run(upload('useExisting'), [await cv('cand-500')]);
		// The look-up found it unparsed, and the node looks at it again until it is ready.
		const deadline = Date.now() + 60_000;
		while (!wire().includes(`GET /v3/documents/${identifier}`) && Date.now() < deadline)
			await new Promise((resolve) => setTimeout(resolve, 50));
		emulator.clock.resume();
		const result = await running;
		expect(result.error()).toBeUndefined();
		expect(wire()[0]).toBe('GET /v3/documents');
		expect(
			wire()
				.slice(1)
				.every((line) => line === `GET /v3/documents/${identifier}`),
		).toBe(true);
		expect(result.output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([
			expect.objectContaining({ identifier, ready: true, reused: true }),
		]);
	});

	test('Upload Again (the default) sends no look-up, and its output is as before', async () => {
		const result = await run(upload(undefined), [await cv('cand-600')]);
		expect(result.error()).toBeUndefined();
		expect(wire()).toEqual(['POST /v3/documents']);
		expect(result.output(AFFINDA_NODE_NAME)[0].json).not.toHaveProperty('reused');
	});

	test('an item with several files and Use the Existing Document is refused before any request', async () => {
		const item = await cv('cand-700');
		const letter = await storeBinaryFile(Buffer.from('Dear team'), 'letter.txt', 'text/plain');
		item.binary!.second = letter;
		const result = await run(upload('useExisting', { binaryPropertyName: 'data, second' }), [item]);
		expect(result.error()?.message).toMatch(
			/^Parameter "If Already Uploaded" \(ifAlreadyUploaded\) is "Use the Existing Document", but must be Upload Again when the item has several files \(it has 2\)/,
		);
		expect(emulator.received).toEqual([]);
	});
});

describe('Upload → If Already Uploaded: a look-up that fails never falls back to uploading', () => {
	let server: FaultServer;
	useFastRetries();

	beforeEach(async () => {
		server = await startFaultServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const lookUps = (fault: Fault) =>
		server.plan((request) =>
			request.method === 'GET' && request.path === '/v3/documents' ? fault : undefined,
		);
	const run = async (extraOptions: IDataObject = {}) =>
		await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'upload',
				output: 'document',
				workspace: locator('ws1'),
				options: {
					customIdentifier: 'cand-1',
					ifAlreadyUploaded: 'useExisting',
					...extraOptions,
				},
			}),
			{ credentials: affindaCredentials(server.url), input: [await cvItem('Jane Doe')] },
		);

	test.each([
		['429, every time', { kind: 'status', status: 429, body: { detail: 'Too many requests' } }],
		['503, every time', { kind: 'status', status: 503 }],
		['500, every time', { kind: 'status', status: 500 }],
	] as Array<[string, Fault]>)('%s: retried, then the item fails; no upload', async (_, fault) => {
		lookUps(fault);
		const result = await run();
		expect(result.error()?.description).toMatch(
			/Nothing was uploaded: without the look-up the node cannot tell whether Affinda already has this document/,
		);
		expect(server.requests.length).toBeGreaterThan(1);
		expect(server.requests.every((r) => r.method === 'GET')).toBe(true);
		expect(server.documents).toEqual([]);
	});

	test('a look-up answering a document with another Custom Identifier: the item fails saying so; no upload, no reuse', async () => {
		lookUps({
			kind: 'patch',
			body: {
				count: 1,
				results: [{ meta: { identifier: 'docUnrelated', customIdentifier: 'cand-99' } }],
			},
		});
		const result = await run();
		expect(result.error()?.message).toBe(
			'Affinda\'s answer to the look-up of Custom Identifier "cand-1" named document docUnrelated, whose Custom Identifier is "cand-99": the service did not filter by it [item 0]',
		);
		expect(server.requests.map((r) => r.method)).toEqual(['GET']);
		expect(server.documents).toEqual([]);
	});

	test('no answer within Request Timeout: the item fails; no upload', async () => {
		lookUps({ kind: 'hold' });
		const result = await run({ requestTimeout: 1 });
		expect(result.error()).toBeDefined();
		expect(server.requests.map((r) => r.method)).toEqual(['GET']);
		expect(server.documents).toEqual([]);
	});
});
