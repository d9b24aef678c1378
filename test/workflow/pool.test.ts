/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { PROJECT_ROOT } from '../helpers/project-root';
import {
	startRecordingServer,
	type RecordedRequest,
	type RecordingServer,
	type ScriptedResponse,
} from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { documentAnswer } from '../helpers/document-answers';
import { CUSTOM_TYPE_DOCUMENT } from '../fixtures/documents/same-cv';
import type { IDataObject } from 'n8n-workflow';

/**
 * Keeping the search pool true, against the recording server: Index → Re-index Document and Get
 * Documents, Annotation → Get Many, Validation Result → Get Many, and Re-index In on the updates.
 * Each request is checked against the operation as Affinda's published schema declares it
 * (fixtures/openapi/pool-operations.json): its path, its query parameters, and no body where it
 * declares none. The twin against the emulator is pool-emulator.test.ts.
 */

interface PublishedOperation {
	parameters: Array<{ in: 'query' | 'path'; name: string; required: boolean }>;
	requestBody: boolean;
}
const PUBLISHED: Record<string, PublishedOperation> = JSON.parse(
	readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'openapi', 'pool-operations.json'), 'utf8'),
).operations;

/** The request is one the published operation takes: declared query parameters only, required ones present, no undeclared body. */
function expectPublished(operation: string, request: RecordedRequest): void {
	const [method, template] = operation.split(' ');
	const { parameters, requestBody } = PUBLISHED[operation];
	expect(request.method).toBe(method);
	const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
	expect(request.path).toMatch(pattern);
	const query = parameters.filter((p) => p.in === 'query');
	expect(Object.keys(request.query).filter((name) => !query.some((p) => p.name === name))).toEqual(
		[],
	);
	for (const p of query.filter((q) => q.required)) expect(request.query[p.name]).toBeDefined();
	if (!requestBody) expect(request.body === undefined || request.body === '').toBe(true);
}

const RE_INDEX = 'POST /v3/index/{name}/documents/{identifier}/re_index';
const INDEX_DOCUMENTS = 'GET /v3/index/{name}/documents';
const ANNOTATIONS = 'GET /v3/annotations';
const VALIDATION_RESULTS = 'GET /v3/validation_results';

const NOT_FOUND: ScriptedResponse = {
	status: 404,
	body: { type: 'client_error', errors: [{ attr: null, code: 'not_found', detail: 'Not found.' }] },
};
const page = (results: IDataObject[], next: string | null = null, count = results.length) => ({
	body: { count, next, previous: null, results },
});
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

let server: RecordingServer;
beforeEach(async () => {
	server = await startRecordingServer();
});
afterEach(async () => await server.stop());
afterAll(() => stopN8nCoreTimers());

const run = async (parameters: IDataObject, input: IDataObject[] = [{}], settings = {}) =>
	await runWorkflow(affindaWorkflow(parameters, settings), {
		credentials: affindaCredentials(server.url),
		input: input.map((json) => ({ json })),
	});
const wire = () => server.requests.map((r) => `${r.method} ${r.path}${r.search ?? ''}`);

describe('Index → Re-index Document', () => {
	const reIndex = (document = 'doc1') =>
		run({
			resource: 'index',
			operation: 'reIndexDocument',
			indexName: 'role 42',
			document: locator(document),
		});

	test('posts to re_index with no body; 200 with no body is success', async () => {
		server.respondWith(() => ({ status: 200 }));
		const { output } = await reIndex();
		expect(wire()).toEqual(['POST /v3/index/role%2042/documents/doc1/re_index']);
		expectPublished(RE_INDEX, server.requests[0]);
		expect(output(AFFINDA_NODE_NAME)).toEqual([
			{ json: { index: 'role 42', document: 'doc1', reIndexed: true }, pairedItem: { item: 0 } },
		]);
	});

	test('is safe to repeat: a 502 is retried, and the retry succeeds', async () => {
		let calls = 0;
		server.respondWith(() => (++calls === 1 ? { status: 502, text: 'Bad Gateway' } : {}));
		const { output } = await reIndex();
		expect(wire()).toEqual([
			'POST /v3/index/role%2042/documents/doc1/re_index',
			'POST /v3/index/role%2042/documents/doc1/re_index',
		]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ reIndexed: true });
	}, 30_000);

	test('404 with the index there: the index does not hold the document (one look-up)', async () => {
		server.respondWith(({ method }) =>
			method === 'POST' ? NOT_FOUND : page([{ name: 'role 42', docType: 'resumes' }]),
		);
		const { error } = await reIndex();
		expect(wire()).toEqual([
			'POST /v3/index/role%2042/documents/doc1/re_index',
			'GET /v3/index?name=role%2042&limit=1',
		]);
		expect(error()?.message).toBe('The index "role 42" does not hold the document doc1 [item 0]');
		expect(error()?.description).toMatch(/Index → Add Document/);
	});

	test('404 with no such index: says the index is missing', async () => {
		server.respondWith(({ method }) => (method === 'POST' ? NOT_FOUND : page([])));
		const { error } = await reIndex();
		expect(error()?.message).toBe('Affinda has no index named "role 42" [item 0]');
		expect(server.requests).toHaveLength(2);
	});

	test('an empty document is refused before any request', async () => {
		const { error } = await reIndex('  ');
		expect(error()?.message).toMatch(/^Parameter "Document" \(document\) is empty/);
		expect(server.requests).toHaveLength(0);
	});
});

describe('Index → Get Documents', () => {
	const documentsOf = (from: number, to: number) =>
		Array.from({ length: to - from }, (_, n) => ({ document: `doc${from + n}` }));

	test('Return All follows next; one item per document, paired', async () => {
		server.respondWith(({ query }) =>
			query.offset === '100'
				? page(documentsOf(100, 130), null, 130)
				: page(
						documentsOf(0, 100),
						`${server.url}/v3/index/pool/documents?limit=100&offset=100`,
						130,
					),
		);
		const { output } = await run({
			resource: 'index',
			operation: 'getDocuments',
			indexName: 'pool',
			returnAll: true,
		});
		expect(wire()).toEqual([
			'GET /v3/index/pool/documents?limit=100',
			'GET /v3/index/pool/documents?limit=100&offset=100',
		]);
		for (const request of server.requests) expectPublished(INDEX_DOCUMENTS, request);
		const items = output(AFFINDA_NODE_NAME);
		expect(items).toHaveLength(130);
		expect(items[129]).toEqual({
			json: { index: 'pool', document: 'doc129' },
			pairedItem: { item: 0 },
		});
	});

	test('Include Document Details: each row as Document → Get makes it, at most 5 requests in flight', async () => {
		let inFlight = 0;
		let most = 0;
		server.respondWith(async ({ path }) => {
			if (path.startsWith('/v3/index/')) return page(documentsOf(0, 12));
			inFlight++;
			most = Math.max(most, inFlight);
			// Hold each answer until the next request arrives or a moment passes.
			await new Promise((resolve) => setTimeout(resolve, 30));
			inFlight--;
			return { body: documentAnswer(path.split('/').pop() as string) };
		});
		const { output } = await run({
			resource: 'index',
			operation: 'getDocuments',
			indexName: 'pool',
			limit: 12,
			includeDocumentDetails: true,
		});
		expect(server.requests[0].query).toEqual({ limit: '12' });
		expect(server.requests.slice(1).map((r) => r.path)).toEqual(
			documentsOf(0, 12).map(({ document }) => `/v3/documents/${document}`),
		);
		expect(most).toBeLessThanOrEqual(5);
		const items = output(AFFINDA_NODE_NAME);
		expect(items).toHaveLength(12);
		// The row Document → Get gives by default, after the index and the document.
		const got = await run({ resource: 'document', operation: 'get', identifier: locator('doc3') });
		expect(items[3]).toEqual({
			json: { index: 'pool', document: 'doc3', ...got.output(AFFINDA_NODE_NAME)[0].json },
			pairedItem: { item: 0 },
		});
		expect(items[3].json).toMatchObject({ identifier: 'doc3', email: expect.any(String) });
	});

	test.each([
		['without a document', { id: 7 }],
		['whose document is null', { document: null }],
		['whose document is "undefined"', { document: 'undefined' }],
	])(
		'an index listing entry %s is an error naming it, never GET /v3/documents/undefined',
		async (_case, entry) => {
			server.respondWith(({ path }) =>
				path.startsWith('/v3/index/')
					? page([...documentsOf(0, 2), entry as { document: string }])
					: { body: documentAnswer(path.split('/').pop() as string) },
			);
			for (const includeDocumentDetails of [true, false]) {
				server.requests.length = 0;
				const { error } = await run({
					resource: 'index',
					operation: 'getDocuments',
					indexName: 'pool',
					limit: 3,
					includeDocumentDetails,
				});
				expect(error()?.message).toBe(
					`Affinda's list of the documents in index "pool" holds an entry without a document identifier (entry 3: ${JSON.stringify(entry)}) [item 0]`,
				);
				expect(server.requests.map((r) => r.path)).toEqual(['/v3/index/pool/documents']);
			}
		},
	);

	test("a Limit above the service's page is refused before any request", async () => {
		const { error } = await run({
			resource: 'index',
			operation: 'getDocuments',
			indexName: 'pool',
			limit: 101,
		});
		expect(error()?.message).toMatch(/^Parameter "Limit" \(limit\) is 101, but must be/);
		expect(server.requests).toHaveLength(0);
	});
});

const annotation = (id: number, extra: IDataObject = {}) => ({
	id,
	rectangle: null,
	rectangles: [],
	document: 'doc1',
	pageIndex: 0,
	raw: `raw ${id}`,
	parsed: `value ${id}`,
	confidence: 0.9,
	classificationConfidence: 0.9,
	textExtractionConfidence: 1,
	isVerified: false,
	isClientVerified: false,
	isAutoVerified: false,
	dataPoint: 'skills',
	field: null,
	contentType: 'text',
	...extra,
});

describe('Annotation → Get Many', () => {
	const getMany = (parameters: IDataObject = {}) =>
		run({
			resource: 'annotation',
			operation: 'getMany',
			identifier: locator('doc1'),
			...parameters,
		});

	test('asks by document only, follows next, and makes each annotation a short item', async () => {
		server.respondWith(({ query }) =>
			query.offset === '2'
				? page(
						[annotation(3, { field: 'email', parsed: 'jane@example.com', pageIndex: 1 })],
						null,
						3,
					)
				: page(
						[annotation(1), annotation(2, { isClientVerified: true, isVerified: true })],
						`${server.url}/v3/annotations?document=doc1&limit=2&offset=2`,
						3,
					),
		);
		const { output } = await getMany({ returnAll: true });
		expect(wire()).toEqual([
			'GET /v3/annotations?document=doc1',
			'GET /v3/annotations?document=doc1&limit=2&offset=2',
		]);
		expectPublished(ANNOTATIONS, server.requests[0]);
		expect(output(AFFINDA_NODE_NAME).map((item) => [item.json, item.pairedItem])).toEqual([
			[
				{
					id: 1,
					field: 'skills',
					value: 'value 1',
					raw: 'raw 1',
					confidence: 0.9,
					isVerified: false,
					isClientVerified: false,
					page: 0,
				},
				{ item: 0 },
			],
			[expect.objectContaining({ id: 2, isVerified: true, isClientVerified: true }), { item: 0 }],
			[
				expect.objectContaining({ id: 3, field: 'email', value: 'jane@example.com', page: 1 }),
				{ item: 0 },
			],
		]);
	});

	test('Limit stops reading once it has enough; a field filter keeps that field only', async () => {
		server.respondWith(() =>
			page(
				[annotation(1), annotation(2, { field: 'email' }), annotation(3)],
				`${server.url}/v3/annotations?document=doc1&limit=3&offset=3`,
				6,
			),
		);
		const limited = await getMany({ limit: 2 });
		expect(server.requests).toHaveLength(1);
		expect(limited.output(AFFINDA_NODE_NAME).map((item) => item.json.id)).toEqual([1, 2]);

		server.respondWith(({ query }) =>
			query.offset === '3'
				? page([annotation(4, { field: 'email' })], null, 4)
				: page(
						[annotation(1), annotation(2, { field: 'email' }), annotation(3)],
						`${server.url}/v3/annotations?document=doc1&limit=3&offset=3`,
						4,
					),
		);
		const filtered = await getMany({ limit: 5, filters: { field: 'email' } });
		expect(filtered.output(AFFINDA_NODE_NAME).map((item) => item.json.id)).toEqual([2, 4]);
	});
});

describe('Validation Result → Get Many', () => {
	const results = [
		{
			id: 7,
			annotations: [11],
			passed: false,
			ruleSlug: 'email-present',
			message: 'No email.',
			document: 'doc1',
		},
		{ id: 8, annotations: [], passed: null, ruleSlug: 'visa-check', message: '', document: 'doc1' },
	];

	test('asks by document with limit and offset; one item per result', async () => {
		server.respondWith(() => ({ body: results }));
		const { output } = await run({
			resource: 'validationResult',
			operation: 'getMany',
			identifier: locator('doc1'),
			returnAll: true,
		});
		expect(wire()).toEqual(['GET /v3/validation_results?document=doc1&limit=100&offset=0']);
		expectPublished(VALIDATION_RESULTS, server.requests[0]);
		expect(output(AFFINDA_NODE_NAME)).toEqual([
			{
				json: {
					id: 7,
					document: 'doc1',
					rule: 'email-present',
					passed: false,
					message: 'No email.',
					annotations: [11],
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					id: 8,
					document: 'doc1',
					rule: 'visa-check',
					passed: null,
					message: '',
					annotations: [],
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('an answer that is not a list of results fails the item, naming it', async () => {
		server.respondWith(() => ({ body: { results } }));
		const { error } = await run({
			resource: 'validationResult',
			operation: 'getMany',
			identifier: locator('doc1'),
			limit: 1,
		});
		expect(error()?.message).toMatch(
			/^Affinda's answer to GET \/v3\/validation_results was .*, not a list of validation results/,
		);
	});
});

describe('Re-index In: once per run per document per index, after its last update', () => {
	/** PATCH answers the annotation of the document the test names by id; re_index answers 200. */
	const documentOfAnnotation: Record<number, string> = { 1: 'docA', 2: 'docA', 3: 'docB' };
	const answering = (failing: (request: RecordedRequest) => boolean = () => false) =>
		server.respondWith((request) => {
			if (failing(request)) return { status: 400, body: { type: 'validation_error', errors: [] } };
			if (request.path.endsWith('/re_index')) return { status: 200 };
			const id = Number(request.path.split('/').pop());
			return { body: annotation(id, { document: documentOfAnnotation[id] }) };
		});
	const reIndexes = () =>
		wire()
			.filter((r) => r.endsWith('/re_index'))
			.sort();
	const update = (settings = {}) =>
		run(
			{
				resource: 'annotation',
				operation: 'update',
				id: '={{ $json.id }}',
				updateFields: { raw: 'corrected' },
				options: { reIndexIn: ['pool', 'role 42'] },
			},
			[{ id: 1 }, { id: 2 }, { id: 3 }],
			settings,
		);

	test('Annotation → Update: three updates of two documents, then each document once per index', async () => {
		answering();
		const { output } = await update();
		const requests = wire();
		expect(requests.slice(0, 3).sort()).toEqual([
			'PATCH /v3/annotations/1',
			'PATCH /v3/annotations/2',
			'PATCH /v3/annotations/3',
		]);
		expect(requests.slice(3).sort()).toEqual([
			'POST /v3/index/pool/documents/docA/re_index',
			'POST /v3/index/pool/documents/docB/re_index',
			'POST /v3/index/role%2042/documents/docA/re_index',
			'POST /v3/index/role%2042/documents/docB/re_index',
		]);
		for (const request of server.requests.slice(3)) expectPublished(RE_INDEX, request);
		expect(
			output(AFFINDA_NODE_NAME).map((item) => [item.json.id, item.json.reIndexed, item.pairedItem]),
		).toEqual([
			[1, ['pool', 'role 42'], { item: 0 }],
			[2, ['pool', 'role 42'], { item: 1 }],
			[3, ['pool', 'role 42'], { item: 2 }],
		]);
	});

	test('never after a failed update: the document whose only update failed is not re-indexed', async () => {
		answering((request) => request.path === '/v3/annotations/3');
		const { output } = await update({ onError: 'continueErrorOutput' });
		expect(reIndexes()).toEqual([
			'POST /v3/index/pool/documents/docA/re_index',
			'POST /v3/index/role%2042/documents/docA/re_index',
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json.id)).toEqual([1, 2]);
		expect(output(AFFINDA_NODE_NAME, 1).map((item) => item.pairedItem)).toEqual([{ item: 2 }]);
	});

	test('a failed re-index is an item error that says the update went through', async () => {
		answering((request) => request.path === '/v3/index/role%2042/documents/docB/re_index');
		const { output } = await update({ onError: 'continueErrorOutput' });
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json.reIndexed)).toEqual([
			['pool', 'role 42'],
			['pool', 'role 42'],
		]);
		const [failed] = output(AFFINDA_NODE_NAME, 1);
		expect(failed.pairedItem).toEqual({ item: 2 });
		expect(failed.json.error).toMatch(
			/^The update went through, but re-indexing document docB in "role 42" failed: /,
		);
		// Sent once each: the update is never sent again.
		expect(wire().filter((r) => r === 'PATCH /v3/annotations/3')).toHaveLength(1);
	});

	test('Annotation → Batch Update: 50 annotations of one document are one re-index per index', async () => {
		server.respondWith(({ path, body }) =>
			path.endsWith('/re_index')
				? { status: 200 }
				: {
						body: (body as IDataObject[]).map((a) =>
							annotation(a.id as number, { document: 'docA' }),
						),
					},
		);
		const { output } = await run(
			{
				resource: 'annotation',
				operation: 'batchUpdate',
				source: 'inputItems',
				options: { reIndexIn: ['pool'] },
			},
			Array.from({ length: 50 }, (_, n) => ({ id: n + 1, isClientVerified: true })),
		);
		expect(wire()).toEqual([
			'POST /v3/annotations/batch_update',
			'POST /v3/index/pool/documents/docA/re_index',
		]);
		const items = output(AFFINDA_NODE_NAME);
		expect(items).toHaveLength(50);
		expect(items.every((item) => JSON.stringify(item.json.reIndexed) === '["pool"]')).toBe(true);
		expect(items[49].pairedItem).toEqual({ item: 49 });
	});

	const batchUpdate = (settings = {}) =>
		run(
			{
				resource: 'annotation',
				operation: 'batchUpdate',
				source: 'inputItems',
				options: { reIndexIn: ['pool'] },
			},
			[
				{ id: 1, raw: 'a' },
				{ id: 2, raw: 'b' },
				{ id: 3, raw: 'c' },
			],
			settings,
		);

	test('Batch Update: an annotation the answer does not confirm is an item error saying so, never another annotation at its place; its document is not re-indexed', async () => {
		// Annotation 1 (of docC) is missing from the answer; 2 and 3 come back, 3 first.
		server.respondWith(({ path }) =>
			path.endsWith('/re_index')
				? { status: 200 }
				: { body: [annotation(3, { document: 'docB' }), annotation(2, { document: 'docA' })] },
		);
		const { output } = await batchUpdate({ onError: 'continueErrorOutput' });
		expect(
			output(AFFINDA_NODE_NAME).map((item) => [item.json.id, item.json.document, item.pairedItem]),
		).toEqual([
			[2, 'docA', { item: 1 }],
			[3, 'docB', { item: 2 }],
		]);
		const failed = output(AFFINDA_NODE_NAME, 1);
		expect(failed.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[
				"Affinda's answer to the batch update does not confirm annotation 1: whether it was updated is not known [item 0]",
				{ item: 0 },
			],
		]);
		expect(reIndexes()).toEqual([
			'POST /v3/index/pool/documents/docA/re_index',
			'POST /v3/index/pool/documents/docB/re_index',
		]);
	});

	test('Batch Update: a 200 that is not a list is no success: every item of the request an error, nothing re-indexed', async () => {
		server.respondWith(() => ({ body: { detail: 'Accepted.' } }));
		const { output } = await batchUpdate({ onError: 'continueErrorOutput' });
		expect(output(AFFINDA_NODE_NAME)).toEqual([]);
		expect(output(AFFINDA_NODE_NAME, 1).map((item) => [item.json.error, item.pairedItem])).toEqual(
			[0, 1, 2].map((item) => [
				'Affinda answered the batch update with an object with detail, not the list of the annotations updated',
				{ item },
			]),
		);
		expect(wire()).toEqual(['POST /v3/annotations/batch_update']);
	});

	test('an update that went through but whose row then fails is re-indexed, and its error says the update went through', async () => {
		const deep = `${'['.repeat(200)}1${']'.repeat(200)}`;
		// A document type of the customer's, whose row reads every field: one nests too deep.
		const text = JSON.stringify({
			...CUSTOM_TYPE_DOCUMENT,
			data: { ...(CUSTOM_TYPE_DOCUMENT.data as IDataObject), deep: 'DEEP' },
		}).replace('"DEEP"', deep);
		server.respondWith(({ path }) =>
			path.endsWith('/re_index')
				? { status: 200 }
				: { text, headers: { 'content-type': 'application/json' } },
		);
		const parameters = {
			resource: 'document',
			operation: 'updateData',
			identifier: locator('docA'),
			data: '{"skills": [{"name": "Rust"}]}',
			options: { reIndexIn: ['pool'] },
		};
		const message =
			'The update went through (document docA re-indexed in "pool"), but A value in the document is nested more than 100 levels deep, more than a Flat Row reads: choose Output → Parsed Data or Raw Response for this document [item 0]';
		const stopped = await run(parameters);
		expect(stopped.error()?.message).toBe(message);
		expect(stopped.error()?.description).toMatch(/^Do not run the update again: it was applied\./);
		const continued = await run(parameters, undefined, { onError: 'continueErrorOutput' });
		expect(continued.output(AFFINDA_NODE_NAME, 1).map((item) => item.json.error)).toEqual([
			message,
		]);
		expect(wire()).toEqual(
			[1, 2].flatMap(() => [
				'POST /v3/documents/docA/update_data',
				'POST /v3/index/pool/documents/docA/re_index',
			]),
		);
	});

	test('Document → Update Data re-indexes the document it changed', async () => {
		server.respondWith(({ path }) =>
			path.endsWith('/re_index') ? { status: 200 } : { body: documentAnswer('docA') },
		);
		const { output } = await run({
			resource: 'document',
			operation: 'updateData',
			identifier: locator('docA'),
			data: '{"skills": [{"name": "Rust"}]}',
			options: { reIndexIn: ['pool'] },
		});
		expect(wire()).toEqual([
			'POST /v3/documents/docA/update_data',
			'POST /v3/index/pool/documents/docA/re_index',
		]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
			identifier: 'docA',
			reIndexed: ['pool'],
		});
	});

	test('without Re-index In nothing is re-indexed', async () => {
		answering();
		await run({
			resource: 'annotation',
			operation: 'update',
			id: 1,
			updateFields: { raw: 'x' },
		});
		expect(wire()).toEqual(['PATCH /v3/annotations/1']);
	});
});
