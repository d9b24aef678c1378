import type { IDataObject } from 'n8n-workflow';

import { useFastRetries } from '../helpers/fast-retries';
import { listSearchInProcess } from '../helpers/load-options-in-process';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
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

/**
 * Document → Add Tag and Remove Tag, and the Tag resource, on the wire: the one batch request per
 * tag, the tag looked up (and created) by name, each output paired with its item, and bad values
 * refused before any request. The emulator twin is tags-emulator.test.ts.
 */

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const byName = (name: string) => ({ __rl: true, mode: 'name', value: name });
const documents = (...identifiers: string[]) => identifiers.map((id) => ({ json: { id } }));

/** Answers as the service does: tags, documents' workspaces, and 204 to batches. */
function service(
	tags: IDataObject[],
	workspaceOf: Record<string, string> = {},
): (request: RecordedRequest) => ScriptedResponse {
	let nextId = 50;
	return ({ method, path, query, body }) => {
		if (method === 'GET' && path === '/v3/tags') {
			const matching = tags.filter(
				(t) =>
					(!query.workspace || t.workspace === query.workspace) &&
					(!query.name || t.name === query.name),
			);
			const offset = Number(query.offset ?? 0);
			return { body: matching.slice(offset, offset + Number(query.limit)) };
		}
		if (method === 'POST' && path === '/v3/tags') {
			const tag = { id: nextId++, ...(body as IDataObject), documentCount: 0 };
			tags.push(tag);
			return { status: 201, body: tag };
		}
		const document = /^\/v3\/documents\/(\w+)$/.exec(path);
		if (method === 'GET' && document) {
			return {
				body: {
					meta: { identifier: document[1], workspace: { identifier: workspaceOf[document[1]] } },
				},
			};
		}
		return { status: 204 };
	};
}

const wire = (server: RecordingServer) =>
	server.requests.map((r) =>
		r.method === 'GET' ? [r.method, r.path, r.query] : [r.method, r.path, r.body],
	);

describe('Document → Add Tag and Remove Tag, on the wire', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('a tag by ID: one request for all the documents, each output paired', async () => {
		server.respondWith(service([]));
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'addTag',
				identifier: '={{ $json.id }}',
				tag: byId(12),
			}),
			{ credentials: affindaCredentials(server.url), input: documents('docA', 'docB', 'docC') },
		);
		expect(wire(server)).toEqual([
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docA', 'docB', 'docC'], tag: 12 }],
		]);
		expect(output(AFFINDA_NODE_NAME)).toEqual(
			['docA', 'docB', 'docC'].map((identifier, item) => ({
				json: { identifier, tag: { id: 12 } },
				pairedItem: { item },
			})),
		);
	});

	test('Remove Tag sends batch_remove_tag; a document named twice is sent once', async () => {
		server.respondWith(service([]));
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'removeTag',
				identifier: '={{ $json.id }}',
				tag: { __rl: true, mode: 'list', value: '7' },
			}),
			{ credentials: affindaCredentials(server.url), input: documents('docA', 'docA', 'docB') },
		);
		expect(wire(server)).toEqual([
			['POST', '/v3/documents/batch_remove_tag', { identifiers: ['docA', 'docB'], tag: 7 }],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	test('items with different tags: one request per tag, outputs in input order', async () => {
		server.respondWith(service([]));
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'addTag',
				identifier: '={{ $json.id }}',
				tag: { __rl: true, mode: 'id', value: '={{ $json.tag }}' },
			}),
			{
				credentials: affindaCredentials(server.url),
				input: [
					{ json: { id: 'docA', tag: 1 } },
					{ json: { id: 'docB', tag: 2 } },
					{ json: { id: 'docC', tag: 1 } },
				],
			},
		);
		expect(wire(server)).toEqual([
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docA', 'docC'], tag: 1 }],
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docB'], tag: 2 }],
		]);
		expect(
			output(AFFINDA_NODE_NAME).map((item) => [item.json.identifier, item.pairedItem]),
		).toEqual([
			['docA', { item: 0 }],
			['docB', { item: 1 }],
			['docC', { item: 2 }],
		]);
	});

	test('250 documents go in chunks of 100', async () => {
		server.respondWith(service([]));
		const ids = Array.from({ length: 250 }, (_, n) => `doc${n}`);
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'addTag',
				identifier: '={{ $json.id }}',
				tag: byId(3),
			}),
			{ credentials: affindaCredentials(server.url), input: documents(...ids) },
		);
		expect(server.requests.map((r) => (r.body as IDataObject).identifiers)).toEqual([
			ids.slice(0, 100),
			ids.slice(100, 200),
			ids.slice(200),
		]);
		expect(output(AFFINDA_NODE_NAME)).toHaveLength(250);
	});

	test('by name in the picked workspace, created if missing, once for all items', async () => {
		server.respondWith(service([{ id: 4, name: 'shortlisted', workspace: 'wsFinance' }]));
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'addTag',
				identifier: '={{ $json.id }}',
				tag: byName('shortlisted'),
				workspace: { __rl: true, mode: 'id', value: 'wsRecruit' },
				createIfMissing: true,
			}),
			{ credentials: affindaCredentials(server.url), input: documents('docA', 'docB') },
		);
		expect(wire(server)).toEqual([
			[
				'GET',
				'/v3/tags',
				{ workspace: 'wsRecruit', name: 'shortlisted', limit: '100', offset: '0' },
			],
			['POST', '/v3/tags', { name: 'shortlisted', workspace: 'wsRecruit' }],
			// Looked up again: should another run have made one at once, the oldest is kept.
			[
				'GET',
				'/v3/tags',
				{ workspace: 'wsRecruit', name: 'shortlisted', limit: '100', offset: '0' },
			],
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docA', 'docB'], tag: 50 }],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual(
			['docA', 'docB'].map((identifier) => ({
				identifier,
				tag: { id: 50, name: 'shortlisted', workspace: 'wsRecruit' },
				tagCreated: true,
			})),
		);
	});

	test("by name without a workspace: each document's own workspace, its tag of that name", async () => {
		server.respondWith(
			service(
				[
					{ id: 4, name: 'shortlisted', workspace: 'wsRecruit' },
					{ id: 9, name: 'shortlisted', workspace: 'wsAgency' },
				],
				{ docA: 'wsRecruit', docB: 'wsAgency' },
			),
		);
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'addTag',
				identifier: '={{ $json.id }}',
				tag: byName('shortlisted'),
			}),
			{ credentials: affindaCredentials(server.url), input: documents('docA', 'docB') },
		);
		expect(wire(server)).toEqual([
			['GET', '/v3/documents/docA', {}],
			[
				'GET',
				'/v3/tags',
				{ workspace: 'wsRecruit', name: 'shortlisted', limit: '100', offset: '0' },
			],
			['GET', '/v3/documents/docB', {}],
			[
				'GET',
				'/v3/tags',
				{ workspace: 'wsAgency', name: 'shortlisted', limit: '100', offset: '0' },
			],
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docA'], tag: 4 }],
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docB'], tag: 9 }],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json.tag)).toEqual([
			{ id: 4, name: 'shortlisted', workspace: 'wsRecruit' },
			{ id: 9, name: 'shortlisted', workspace: 'wsAgency' },
		]);
	});

	test('a name the workspace lacks, without Create If Missing, fails before tagging', async () => {
		server.respondWith(service([{ id: 4, name: 'Shortlisted', workspace: 'wsRecruit' }]));
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'removeTag',
				identifier: 'docA',
				tag: byName('shortlisted'),
				workspace: { __rl: true, mode: 'id', value: 'wsRecruit' },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe('Workspace wsRecruit has no tag named "shortlisted" [item 0]');
		expect(server.requests.map((r) => r.path)).toEqual(['/v3/tags']);
	});

	test.each([
		[
			byId('abc'),
			'Parameter "Tag" (tag) is "abc", but must be a tag ID (a whole number of 1 or more)',
		],
		[byId(0), 'Parameter "Tag" (tag) is "0", but must be a tag ID (a whole number of 1 or more)'],
		[byName(' '), 'Parameter "Tag" (tag) is empty, but must be a tag\'s name'],
	])('a bad tag (%j) is refused with no request', async (tag, message) => {
		const { error } = await runWorkflow(
			affindaWorkflow({ resource: 'document', operation: 'addTag', identifier: 'docA', tag }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(`${message} [item 0]`);
		expect(server.requests).toHaveLength(0);
	});

	test('Continue on Fail: a bad item goes to the error output paired, the rest is tagged', async () => {
		server.respondWith(service([]));
		const { run, output } = await runWorkflow(
			affindaWorkflow(
				{
					resource: 'document',
					operation: 'addTag',
					identifier: '={{ $json.id }}',
					tag: byId(5),
				},
				{ onError: 'continueErrorOutput' },
			),
			{
				credentials: affindaCredentials(server.url),
				input: [
					{ json: { id: 'docA' } },
					{ json: { id: { nested: true } } },
					{ json: { id: 'docC' } },
				],
			},
		);
		expect(run.status).toBe('success');
		expect(wire(server)).toEqual([
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docA', 'docC'], tag: 5 }],
		]);
		expect(output(AFFINDA_NODE_NAME, 0).map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 2 },
		]);
		const failed = output(AFFINDA_NODE_NAME, 1);
		expect(failed.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[
				{ item: 1 },
				'Parameter "Document" (identifier) is {"nested": true}, but must be a document identifier [item 1]',
			],
		]);
	});

	test("a refused batch fails each of its items, paired, with the service's words", async () => {
		server.respondWith(() => ({
			status: 400,
			body: {
				type: 'validation_error',
				errors: [
					{
						attr: 'tag',
						code: 'does_not_exist',
						detail: 'Invalid pk "5" - object does not exist.',
					},
				],
			},
		}));
		const { output } = await runWorkflow(
			affindaWorkflow(
				{ resource: 'document', operation: 'addTag', identifier: '={{ $json.id }}', tag: byId(5) },
				{ onError: 'continueErrorOutput' },
			),
			{ credentials: affindaCredentials(server.url), input: documents('docA', 'docB') },
		);
		expect(server.requests).toHaveLength(1);
		expect(output(AFFINDA_NODE_NAME, 1).map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 0 }, 'Affinda rejected the request: tag: Invalid pk "5" - object does not exist.'],
			[{ item: 1 }, 'Affinda rejected the request: tag: Invalid pk "5" - object does not exist.'],
		]);
	});
});

describe('Tag → Get Many, Create, Delete, on the wire', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const many = Array.from({ length: 130 }, (_, n) => ({
		id: n + 1,
		name: `tag-${n}`,
		workspace: 'wsRecruit',
		documentCount: n,
	}));

	test('Get Many with filters and a Limit: one request', async () => {
		server.respondWith(service([...many]));
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'tag',
				operation: 'getMany',
				limit: 3,
				filters: { workspace: { __rl: true, mode: 'id', value: 'wsRecruit' } },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(wire(server)).toEqual([
			['GET', '/v3/tags', { workspace: 'wsRecruit', limit: '3', offset: '0' }],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json.name)).toEqual([
			'tag-0',
			'tag-1',
			'tag-2',
		]);
	});

	test('Get Many with Return All reads on until a short list', async () => {
		server.respondWith(service([...many]));
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'tag',
				operation: 'getMany',
				returnAll: true,
				filters: { name: 'x' },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(wire(server)).toEqual([['GET', '/v3/tags', { name: 'x', limit: '100', offset: '0' }]]);
		expect(output(AFFINDA_NODE_NAME)).toHaveLength(0);

		server.requests.length = 0;
		const all = await runWorkflow(
			affindaWorkflow({ resource: 'tag', operation: 'getMany', returnAll: true }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(wire(server)).toEqual([
			['GET', '/v3/tags', { limit: '100', offset: '0' }],
			['GET', '/v3/tags', { limit: '100', offset: '100' }],
		]);
		expect(all.output(AFFINDA_NODE_NAME).map((item) => item.json.id)).toEqual(
			many.map((t) => t.id),
		);
	});

	test('Create looks for the name first: creates it once, then returns it', async () => {
		server.respondWith(service([]));
		const create = () =>
			runWorkflow(
				affindaWorkflow({
					resource: 'tag',
					operation: 'create',
					name: 'REQ-1042',
					workspace: { __rl: true, mode: 'list', value: 'wsRecruit' },
				}),
				{ credentials: affindaCredentials(server.url) },
			);
		const first = await create();
		const second = await create();
		expect(wire(server)).toEqual([
			['GET', '/v3/tags', { workspace: 'wsRecruit', name: 'REQ-1042', limit: '100', offset: '0' }],
			['POST', '/v3/tags', { name: 'REQ-1042', workspace: 'wsRecruit' }],
			['GET', '/v3/tags', { workspace: 'wsRecruit', name: 'REQ-1042', limit: '100', offset: '0' }],
			['GET', '/v3/tags', { workspace: 'wsRecruit', name: 'REQ-1042', limit: '100', offset: '0' }],
		]);
		const tag = { id: 50, name: 'REQ-1042', workspace: 'wsRecruit', documentCount: 0 };
		expect(first.output(AFFINDA_NODE_NAME)[0].json).toEqual({ ...tag, created: true });
		expect(second.output(AFFINDA_NODE_NAME)[0].json).toEqual({ ...tag, created: false });
	});

	test('Create: an uncertain failure is not sent again, and says running again is safe', async () => {
		server.respondWith(({ method }) =>
			method === 'GET' ? { body: [] } : { status: 502, text: 'Bad Gateway' },
		);
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'tag',
				operation: 'create',
				name: 'REQ-1042',
				workspace: { __rl: true, mode: 'id', value: 'wsRecruit' },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		expect(String(error()?.description)).toMatch(/running again is safe/);
	});

	test('Create without a workspace is refused with no request', async () => {
		const { error } = await runWorkflow(
			affindaWorkflow({ resource: 'tag', operation: 'create', name: 'x', workspace: '={{ "" }}' }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Parameter "Workspace" (workspace) is empty, but must be a workspace identifier [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('Delete: 204 is deleted; 404 is "deleted already", not an error', async () => {
		server.respondWith(({ path }) =>
			path.endsWith('/12')
				? { status: 204 }
				: {
						status: 404,
						body: {
							type: 'client_error',
							errors: [{ attr: null, code: 'not_found', detail: 'Not found.' }],
						},
					},
		);
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'tag',
				operation: 'delete',
				tag: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			}),
			{
				credentials: affindaCredentials(server.url),
				input: [{ json: { id: 12 } }, { json: { id: 13 } }],
			},
		);
		expect(wire(server)).toEqual([
			['DELETE', '/v3/tags/12', ''],
			['DELETE', '/v3/tags/13', ''],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([
			{ id: 12, deleted: true },
			{ id: 13, deleted: false, reason: 'Affinda has no tag with this ID: it was deleted already' },
		]);
	});
});

describe('the Tag list (From List)', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const catalog =
		(tags: unknown) =>
		(request: RecordedRequest): ScriptedResponse => {
			if (request.path === '/v3/organizations')
				return { body: [{ identifier: 'org1', name: 'Acme' }] };
			if (request.path === '/v3/workspaces')
				return {
					body: [
						{ identifier: 'wsRecruit', name: 'Recruitment' },
						{ identifier: 'wsAgency', name: 'Agency' },
					],
				};
			return { body: tags };
		};

	test("names each tag with its workspace's name; the value is its ID; only the chosen workspace's", async () => {
		server.respondWith(
			catalog([
				{ id: 4, name: 'shortlisted', workspace: 'wsRecruit', documentCount: 1 },
				{ id: 9, name: 'shortlisted', workspace: 'wsAgency', documentCount: 0 },
				{ id: 2, name: 'REQ-7', workspace: 'wsRecruit', documentCount: 5 },
			]),
		);
		const listed = await listSearchInProcess('searchTags', {
			credentials: affindaCredentials(server.url),
			parameters: { resource: 'document', operation: 'addTag' },
			filter: 'short',
		});
		expect(listed.results).toEqual([
			{ name: 'shortlisted (Agency)', value: '9' },
			{ name: 'shortlisted (Recruitment)', value: '4' },
		]);
		server.requests.length = 0;
		await listSearchInProcess('searchTags', {
			credentials: affindaCredentials(server.url),
			parameters: {
				resource: 'document',
				operation: 'addTag',
				workspace: { __rl: true, mode: 'list', value: 'wsAgency' },
			},
		});
		expect(server.requests.find((r) => r.path === '/v3/tags')?.query).toEqual({
			workspace: 'wsAgency',
			limit: '100',
			offset: '0',
		});
	});

	test('an answer that is not a list of tags: a message saying so, not an empty list', async () => {
		server.respondWith(catalog({ count: 0, results: [] }));
		const error = await listSearchInProcess('searchTags', {
			credentials: affindaCredentials(server.url),
			parameters: { resource: 'tag', operation: 'delete' },
		}).then(
			() => undefined,
			(thrown: unknown) => thrown as Error,
		);
		expect(error?.message).toBe(
			'Affinda\'s answer to GET /v3/tags was an object with count, results, not a list of tags (each with a number "id" and a "name")',
		);
	});
});

describe('Tags under attack and faults (issue 38)', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());
	useFastRetries();

	const run = (parameters: IDataObject, input: Array<{ json: IDataObject }> = documents('docA')) =>
		runWorkflow(affindaWorkflow(parameters), {
			credentials: affindaCredentials(server.url),
			input,
		});
	const addByName = {
		resource: 'document',
		operation: 'addTag',
		identifier: '={{ $json.id }}',
		tag: byName('shortlisted'),
		workspace: byId('wsRecruit'),
		createIfMissing: true,
	};
	const createTag = {
		resource: 'tag',
		operation: 'create',
		name: 'shortlisted',
		workspace: byId('wsRecruit'),
	};

	test('a by-name look-up that finds two tags of the name takes the oldest (lowest id)', async () => {
		server.respondWith(
			service([
				{ id: 9, name: 'shortlisted', workspace: 'wsRecruit' },
				{ id: 4, name: 'shortlisted', workspace: 'wsRecruit' },
			]),
		);
		const { output } = await run(addByName);
		expect(server.requests.at(-1)?.body).toEqual({ identifiers: ['docA'], tag: 4 });
		expect(output(AFFINDA_NODE_NAME)[0].json.tag).toMatchObject({ id: 4 });
	});

	test('another run created the name at the same moment: both converge on the oldest, this run’s removed', async () => {
		const tags: IDataObject[] = [];
		const answer = service(tags);
		server.respondWith((request) => {
			if (request.method === 'POST' && request.path === '/v3/tags') {
				// The other run's create lands first: its tag has the lower id.
				tags.push({ id: 49, name: 'shortlisted', workspace: 'wsRecruit' });
			}
			return answer(request);
		});
		const { output } = await run(addByName);
		expect(wire(server).slice(1)).toEqual([
			['POST', '/v3/tags', { name: 'shortlisted', workspace: 'wsRecruit' }],
			[
				'GET',
				'/v3/tags',
				{ workspace: 'wsRecruit', name: 'shortlisted', limit: '100', offset: '0' },
			],
			['DELETE', '/v3/tags/50', ''],
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docA'], tag: 49 }],
		]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({
			identifier: 'docA',
			tag: { id: 49, name: 'shortlisted', workspace: 'wsRecruit' },
		});
	});

	test('a tag create answered {} is an error saying so: no batch request, no tagCreated', async () => {
		server.respondWith(({ method, path }) =>
			method === 'GET'
				? { body: [] }
				: path === '/v3/tags'
					? { status: 201, body: {} }
					: { status: 204 },
		);
		const { error } = await run(addByName);
		expect(error()?.message).toBe(
			'Affinda\'s answer to POST /v3/tags was an empty answer, not a tag (with a number "id" and a "name") [item 0]',
		);
		expect(server.requests.map((r) => r.path)).toEqual(['/v3/tags', '/v3/tags']);
	});

	test('an endless tag list stops at the pager’s 1,000 pages with a clear error', async () => {
		let page = 0;
		server.respondWith(({ query }) => {
			page++;
			// Ends after 1,001 pages, so that code without a cap finishes (and fails this test).
			if (page > 1001) return { body: [] };
			const offset = Number(query.offset);
			return {
				body: Array.from({ length: Number(query.limit) }, (_, n) => ({
					id: offset + n + 1,
					name: `tag-${offset + n}`,
					workspace: 'wsRecruit',
				})),
			};
		});
		const { error } = await run({ resource: 'tag', operation: 'getMany', returnAll: true }, [
			{ json: {} },
		]);
		expect(error()?.message).toBe(
			'Stopped after 1000 pages of GET /v3/tags (100000 read) without reaching the last page [item 0]',
		);
		expect(server.requests).toHaveLength(1000);
	}, 60_000);

	test('Tag → Create whose answer was lost: the look-up finds the tag it made, created: true', async () => {
		const answer = service([]);
		server.respondWith((request) => {
			const answered = answer(request);
			return request.method === 'POST' ? { reset: true } : answered;
		});
		const { output } = await run(createTag, [{ json: {} }]);
		expect(server.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ id: 50, created: true });
	});

	test('Add Tag by name whose create’s answer was lost keeps tagCreated', async () => {
		const answer = service([]);
		server.respondWith((request) => {
			const answered = answer(request);
			return request.method === 'POST' && request.path === '/v3/tags' ? { reset: true } : answered;
		});
		const { output } = await run(addByName);
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ tag: { id: 50 }, tagCreated: true });
	});

	test('a tag that existed before is still created: false', async () => {
		server.respondWith(service([{ id: 4, name: 'shortlisted', workspace: 'wsRecruit' }]));
		const { output } = await run(createTag, [{ json: {} }]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ id: 4, created: false });
	});

	test('Tag → Delete whose first attempt went through, its answer lost: deleted: true, not "already"', async () => {
		let deletes = 0;
		server.respondWith(({ method }) =>
			method === 'DELETE' && ++deletes === 1
				? { reset: true }
				: {
						status: 404,
						body: { type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.' }] },
					},
		);
		const { output } = await run({ resource: 'tag', operation: 'delete', tag: byId(7) }, [
			{ json: {} },
		]);
		expect(server.requests.map((r) => [r.method, r.path])).toEqual([
			['DELETE', '/v3/tags/7'],
			['DELETE', '/v3/tags/7'],
		]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({ id: 7, deleted: true });
	});

	test('Tag → Delete answered 404 at once: deleted already, as before', async () => {
		server.respondWith(() => ({ status: 404, body: { detail: 'Not found.' } }));
		const { output } = await run({ resource: 'tag', operation: 'delete', tag: byId(7) }, [
			{ json: {} },
		]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ id: 7, deleted: false });
	});
});
