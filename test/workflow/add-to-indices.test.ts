/* eslint-disable @n8n/community-nodes/no-restricted-imports -- reads the fixtures */
/**
 * Options → Add to Index Names or IDs on Document → Upload, Resume → Parse and Create From Data,
 * on the wire: what the service receives, in order, and what the item says. Against the emulator
 * (which answers the add as the service does: 201, `unique` on a second add, 404 for an unknown
 * index) and, for faults the emulator does not make, a proxy in front of it that answers for it
 * (before it sees the request) or loses its answer (after it has done the work). Whatever
 * happens, one document per file, and never a parsed document left out of an index silently.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { IDataObject, INodeExecutionData, OnError } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { startEmulatorProxy, type ProxyFault } from '../helpers/emulator-proxy';
import { useFastRetries } from '../helpers/fast-retries';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import { PROJECT_ROOT } from '../helpers/project-root';
import type { RecordingServer } from '../helpers/recording-server';

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const FIXTURES = join(PROJECT_ROOT, 'test/fixtures');
const CV = join(FIXTURES, 'resumes/sofia-marin.txt');
const CV_2 = join(FIXTURES, 'resumes/daniel-okafor.txt');
const JOB = join(FIXTURES, 'job-descriptions/senior-backend-engineer.txt');

async function fileItem(paths: string[], json: IDataObject = {}): Promise<INodeExecutionData> {
	const binary: INodeExecutionData['binary'] = {};
	for (const [index, path] of paths.entries()) {
		binary[index === 0 ? 'data' : `data_${index}`] = await storeBinaryFile(
			readFileSync(path),
			basename(path),
			'text/plain',
		);
	}
	return { json, binary };
}

let emulator: Emulator;
let proxy: RecordingServer | undefined;
let indexCount = 0;

beforeAll(async () => {
	emulator = await startEmulator({
		resumeCount: 30,
		jobDescriptionCount: 3,
		seed: 'add-to-indices',
		parseDelayMs: 20,
	});
});
beforeEach(() => emulator.clearReceived());
afterEach(async () => {
	await proxy?.stop();
	proxy = undefined;
});
afterAll(async () => {
	await emulator.stop();
	stopN8nCoreTimers();
});

/** A new empty index of the emulator's, so each test sees only its own members. */
function newIndex(docType: 'resumes' | 'job_descriptions' = 'resumes'): string {
	const name = `intake-${++indexCount}`;
	emulator.store.createIndex(name, docType);
	return name;
}

const members = (name: string) => emulator.store.requireIndex(name).documents;
const wire = () => emulator.received.map((request) => `${request.method} ${request.path}`);
const uploads = () =>
	emulator.received.filter((r) => r.method === 'POST' && r.path === '/v3/documents');
const adds = (name: string) =>
	emulator.received.filter((r) => r.method === 'POST' && r.path === `/v3/index/${name}/documents`);
const workspace = () => emulator.fixtures.workspaces.recruitment.identifier;

function upload(indices: unknown, extra: IDataObject = {}, options: IDataObject = {}) {
	return {
		resource: 'document',
		operation: 'upload',
		workspace: locator(workspace()),
		options: { addToIndices: indices, ...options },
		...extra,
	};
}

async function run(
	parameters: IDataObject,
	input: INodeExecutionData[],
	{ onError, via }: { onError?: OnError; via?: ProxyFault } = {},
) {
	let url = emulator.url;
	if (via) {
		proxy = await startEmulatorProxy(emulator.url, via);
		url = proxy.url;
	}
	return await runWorkflow(affindaWorkflow(parameters, onError ? { onError } : {}), {
		credentials: affindaCredentials(url, emulator.fixtures.key),
		input,
	});
}

describe('Add to Indices: the document is added once it is parsed', () => {
	test('Upload: the index looked up, the file uploaded, the parsed document added; indexed on the item; Resume → Search finds it', async () => {
		const index = newIndex();
		const result = await run(upload([index]), [await fileItem([CV])]);
		expect(result.error()).toBeUndefined();
		const [item] = result.output(AFFINDA_NODE_NAME);
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({ fullName: 'Sofia Marin', indexed: [index] });
		const identifier = String(item.json.identifier);
		expect(wire()[0]).toBe('GET /v3/index');
		expect(emulator.received[0].query).toEqual({ name: index, limit: '1' });
		expect(wire().filter((line) => line.startsWith('POST'))).toEqual([
			'POST /v3/documents',
			`POST /v3/index/${index}/documents`,
		]);
		expect(adds(index)[0].body).toEqual({ document: identifier });
		expect(members(index)).toEqual([identifier]);

		const search = await run(
			{
				resource: 'resume',
				operation: 'search',
				indices: [index],
				searchMode: 'custom',
				criteria: { jobTitles: { jobTitles: 'Engineering Manager' } },
			},
			[{ json: {} }],
		);
		expect(search.error()).toBeUndefined();
		expect(search.output(AFFINDA_NODE_NAME).map((row) => row.json.identifier)).toEqual([
			identifier,
		]);
	});

	test('Resume → Parse, All Files of the Item, two indices: each CV in both, one add each, indexed on each row', async () => {
		const [first, second] = [newIndex(), newIndex()];
		const result = await run(
			{ ...upload([first, second]), resource: 'resume', operation: 'parse', binaryFiles: 'all' },
			[await fileItem([CV, CV_2])],
		);
		expect(result.error()).toBeUndefined();
		const rows = result.output(AFFINDA_NODE_NAME);
		expect(rows.map((row) => row.json.indexed)).toEqual([
			[first, second],
			[first, second],
		]);
		const identifiers = rows.map((row) => row.json.identifier);
		expect(members(first)).toEqual(identifiers);
		expect(members(second)).toEqual(identifiers);
		expect(uploads()).toHaveLength(2);
		expect(adds(first)).toHaveLength(2);
		// Each index looked up once in the run.
		expect(wire().filter((line) => line === 'GET /v3/index')).toHaveLength(2);
	});

	test('Raw Response and Parsed Data carry indexed too; an expression of names works', async () => {
		const index = newIndex();
		for (const output of ['raw', 'document']) {
			const result = await run(upload(`={{ "${index}" }}`, { output }), [await fileItem([CV])]);
			expect(result.error()).toBeUndefined();
			expect(result.output(AFFINDA_NODE_NAME)[0].json.indexed).toEqual([index]);
		}
		expect(members(index)).toHaveLength(2);
	});

	test('Create From Data: the resume created, then added; indexed on the item', async () => {
		const index = newIndex();
		const result = await run(
			{
				resource: 'document',
				operation: 'createFromData',
				data: JSON.stringify({
					name: { first: 'Ada', last: 'Byron' },
					emails: ['ada@example.com'],
				}),
				options: { addToIndices: [index] },
			},
			[{ json: {} }],
		);
		expect(result.error()).toBeUndefined();
		const [item] = result.output(AFFINDA_NODE_NAME);
		expect(item.json).toMatchObject({ indexed: [index], reused: false });
		expect(wire().filter((line) => line.startsWith('POST'))).toEqual([
			'POST /v3/documents/create_from_data',
			`POST /v3/index/${index}/documents`,
		]);
		expect(members(index)).toEqual([item.json.identifier]);
	});

	test('without the option nothing changes: no look-up, no add, no indexed', async () => {
		const result = await run(
			{ resource: 'document', operation: 'upload', workspace: locator(workspace()) },
			[await fileItem([CV])],
		);
		expect(result.error()).toBeUndefined();
		expect(wire().filter((line) => line.includes('/v3/index'))).toEqual([]);
		expect(result.output(AFFINDA_NODE_NAME)[0].json).not.toHaveProperty('indexed');
	});
});

describe('Add to Indices: refused before the document is made', () => {
	test('Wait for Parsing off: refused before any request, naming both options', async () => {
		const index = newIndex();
		const result = await run(upload([index], { wait: false }), [await fileItem([CV])]);
		expect(result.error()?.message).toBe(
			`Parameter "Add to Index Names or IDs" (addToIndices) is ["${index}"], but must be empty unless Wait for Parsing is on: a document is added to an index once it is parsed (turn Wait for Parsing on, or add it later with Index → Add Document) [item 0]`,
		);
		expect(emulator.received).toEqual([]);
	});

	test('an index that does not exist: one look-up, no upload, the item fails naming it', async () => {
		const result = await run(upload(['no-such-index']), [await fileItem([CV])]);
		expect(result.error()?.message).toBe('Affinda has no index named "no-such-index" [item 0]');
		expect(result.error()?.description).toMatch(/^Nothing was uploaded or created\./);
		expect(wire()).toEqual(['GET /v3/index']);
	});

	test('Resume → Parse into an index of job descriptions: refused after the look-up, before the upload', async () => {
		const index = newIndex('job_descriptions');
		const result = await run({ ...upload([index]), resource: 'resume', operation: 'parse' }, [
			await fileItem([CV]),
		]);
		expect(result.error()?.message).toBe(
			`The index "${index}" holds job descriptions, and this operation makes resumes [item 0]`,
		);
		expect(wire()).toEqual(['GET /v3/index']);
	});

	test('Create From Data into an index that does not exist: nothing created', async () => {
		const result = await run(
			{
				resource: 'document',
				operation: 'createFromData',
				data: '{"name": {"first": "Ada"}}',
				options: { addToIndices: ['gone'] },
			},
			[{ json: {} }],
		);
		expect(result.error()?.message).toBe('Affinda has no index named "gone" [item 0]');
		expect(wire()).toEqual(['GET /v3/index']);
	});
});

describe('Add to Indices: a document of the other kind, once the parse says what it is', () => {
	test('Upload of a job description with a resume index: parsed, not added, the item error names its kind, the index and the identifier; Continue on Fail keeps it', async () => {
		const index = newIndex();
		const result = await run(upload([index]), [await fileItem([JOB])], {
			onError: 'continueRegularOutput',
		});
		const [item] = result.output(AFFINDA_NODE_NAME);
		expect(uploads()).toHaveLength(1);
		const [made] = emulator.store.allDocuments().slice(-1);
		expect(made.extractor).toBe('job-description');
		expect(item.json.error).toBe(
			`Document ${made.identifier} was parsed, but not added to the index "${index}": it is a job description, and the index holds resumes [item 0]`,
		);
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(String((item.error as { description?: string }).description)).toContain(
			`Add it with Index → Add Document (Index ${index}, Document ${made.identifier})`,
		);
		expect(adds(index)).toEqual([]);
	});
});

describe('Add to Indices: Create From Data of a job description, and several files', () => {
	test('Create From Data making a job description, with a resume index: created, not added, the item error names it', async () => {
		const index = newIndex();
		const result = await run(
			{
				resource: 'document',
				operation: 'createFromData',
				data: JSON.stringify({
					jobTitle: { parsed: 'Staff Nurse' },
					organizationName: { parsed: 'Harbour Hospital' },
				}),
				options: { addToIndices: [index] },
			},
			[{ json: {} }],
		);
		const [made] = emulator.store.allDocuments().slice(-1);
		expect(made.extractor).toBe('job-description');
		expect(result.error()?.message).toBe(
			`Document ${made.identifier} was parsed, but not added to the index "${index}": it is a job description, and the index holds resumes [item 0]`,
		);
		expect(adds(index)).toEqual([]);
	});
});

describe('Add to Indices: run again, and faults on the add', () => {
	useFastRetries();

	test('Use the Existing Document, run twice: one upload, the second run adds again (unique), indexed, reused', async () => {
		const index = newIndex();
		const parameters = upload(
			[index],
			{},
			{ customIdentifier: 'drive-1', ifAlreadyUploaded: 'useExisting' },
		);
		const first = await run(parameters, [await fileItem([CV])]);
		expect(first.error()).toBeUndefined();
		const again = await run(parameters, [await fileItem([CV])]);
		expect(again.error()).toBeUndefined();
		const [before, after] = [first, again].map((r) => r.output(AFFINDA_NODE_NAME)[0].json);
		expect(before).toMatchObject({ reused: false, indexed: [index] });
		expect(after).toMatchObject({ reused: true, indexed: [index], identifier: before.identifier });
		expect(uploads()).toHaveLength(1);
		expect(adds(index)).toHaveLength(2);
		expect(members(index)).toEqual([before.identifier]);
	});

	test('429 on the add, then accepted: retried, added once', async () => {
		const index = newIndex();
		let refused = 0;
		const result = await run(upload([index]), [await fileItem([CV])], {
			via: (request, forwarded) =>
				!forwarded && request.path === `/v3/index/${index}/documents` && refused++ === 0
					? { status: 429, headers: { 'retry-after': '0' }, body: { detail: 'Slow down.' } }
					: undefined,
		});
		expect(result.error()).toBeUndefined();
		expect(result.output(AFFINDA_NODE_NAME)[0].json.indexed).toEqual([index]);
		expect(proxy?.requests.filter((r) => r.path === `/v3/index/${index}/documents`)).toHaveLength(
			2,
		);
		expect(adds(index)).toHaveLength(1);
		expect(uploads()).toHaveLength(1);
		expect(members(index)).toHaveLength(1);
	});

	test.each([
		['a 500 after the service added it', { status: 500, body: { detail: 'Server error.' } }],
		['the connection reset after the service added it', { reset: true }],
	])(
		'%s: the retry answers unique, which counts as indexed; one upload, one member',
		async (_, lost) => {
			const index = newIndex();
			let lostOnce = 0;
			const result = await run(upload([index]), [await fileItem([CV])], {
				via: (request, forwarded) =>
					forwarded && request.path === `/v3/index/${index}/documents` && lostOnce++ === 0
						? lost
						: undefined,
			});
			expect(result.error()).toBeUndefined();
			const [item] = result.output(AFFINDA_NODE_NAME);
			expect(item.json.indexed).toEqual([index]);
			// The service received the add twice: applied, then answered unique.
			expect(adds(index)).toHaveLength(2);
			expect(proxy?.requests.filter((r) => r.path === `/v3/index/${index}/documents`)).toHaveLength(
				2,
			);
			expect(uploads()).toHaveLength(1);
			expect(members(index)).toEqual([item.json.identifier]);
		},
	);

	test('503 on every add: the item fails naming the parsed document and how to add it; Continue on Fail keeps the identifier; one upload, nothing indexed', async () => {
		const index = newIndex();
		const result = await run(upload([index]), [await fileItem([CV]), await fileItem([CV_2])], {
			onError: 'continueErrorOutput',
			via: (request, forwarded) =>
				!forwarded && request.path === `/v3/index/${index}/documents`
					? { status: 503, body: { detail: 'Unavailable.' } }
					: undefined,
		});
		const failed = result.output(AFFINDA_NODE_NAME, 1);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const made = emulator.store
			.allDocuments()
			.slice(-2)
			.map((d) => d.identifier);
		expect(new Set(failed.map((item) => String(item.json.error).split(' ')[1]))).toEqual(
			new Set(made),
		);
		expect(String(failed[0].json.error)).toMatch(
			new RegExp(`^Document \\w+ was parsed, but not added to the index "${index}": `),
		);
		expect(String((failed[0].error as { description?: string }).description)).toContain(
			`Add it with Index → Add Document (Index ${index}, Document `,
		);
		expect(uploads()).toHaveLength(2);
		// Each add tried (retried) at the proxy; none reached the service, and none is in the index.
		const tries = proxy?.requests.filter((r) => r.path === `/v3/index/${index}/documents`);
		expect(tries).toHaveLength(8); // 4 tries (3 retries) for each of the 2 documents
		expect(adds(index)).toEqual([]);
		expect(members(index)).toEqual([]);
	});

	test('All Files of the Item, the second add refused: the error names the second document and the first, uploaded and indexed', async () => {
		const index = newIndex();
		let seen = 0;
		const result = await run(
			upload([index], { binaryFiles: 'all' }),
			[await fileItem([CV, CV_2])],
			{
				via: (request, forwarded) =>
					!forwarded && request.path === `/v3/index/${index}/documents` && seen++ >= 1
						? { status: 503, body: { detail: 'Unavailable.' } }
						: undefined,
			},
		);
		const [first, second] = emulator.store
			.allDocuments()
			.slice(-2)
			.map((d) => d.identifier);
		expect(result.error()?.message).toMatch(
			new RegExp(`^Document ${second} was parsed, but not added to the index "${index}": `),
		);
		expect(result.error()?.description).toContain(
			`The item's earlier files were uploaded and parsed: sofia-marin.txt → ${first}`,
		);
		expect(result.error()?.description).toContain(
			`Add it with Index → Add Document (Index ${index}, Document ${second})`,
		);
		expect(members(index)).toEqual([first]);
		expect(uploads()).toHaveLength(2);
	});

	test('the index deleted between the look-up and the add (404): the item error names the document', async () => {
		const index = newIndex();
		const result = await run(upload([index]), [await fileItem([CV])], {
			via: (request, forwarded) => {
				if (!forwarded && request.path === `/v3/index/${index}/documents`)
					emulator.store.indices.delete(index);
				return undefined;
			},
		});
		expect(result.error()?.message).toMatch(
			new RegExp(
				`^Document \\w+ was parsed, but not added to the index "${index}": Affinda found nothing at /v3/index/${index}/documents`,
			),
		);
		// 404 is an answer: the add is not repeated.
		expect(adds(index)).toHaveLength(1);
		expect(uploads()).toHaveLength(1);
	});
});
