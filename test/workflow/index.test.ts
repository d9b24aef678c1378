import { useFastRetries } from '../helpers/fast-retries';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { ALREADY_IN_INDEX_BODY } from '../emulator/service-errors';

describe('Index operations, on the wire', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('Add Document posts the document to the index', async () => {
		server.respondWith(({ body }) => ({ status: 201, body }));
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'index',
				operation: 'addDocument',
				indexName: 'all resumes',
				document: '={{ $json.id }}',
			}),
			{
				credentials: affindaCredentials(server.url),
				input: [{ json: { id: 'doc1' } }, { json: { id: 'doc2' } }],
			},
		);
		expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/v3/index/all%20resumes/documents', { document: 'doc1' }],
			['POST', '/v3/index/all%20resumes/documents', { document: 'doc2' }],
		]);
		expect(output(AFFINDA_NODE_NAME)).toEqual([
			{ json: { index: 'all resumes', document: 'doc1' }, pairedItem: { item: 0 } },
			{ json: { index: 'all resumes', document: 'doc2' }, pairedItem: { item: 1 } },
		]);
	});

	test("Add Document twice: the service's unique error, in words", async () => {
		server.respondWith(() => ({
			status: 400,
			body: ALREADY_IN_INDEX_BODY,
		}));
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'index',
				operation: 'addDocument',
				indexName: 'all-resumes',
				document: 'doc1',
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Affinda rejected the request: The fields document, index must make a unique set. [item 0]',
		);
		expect(server.requests).toHaveLength(1);
	});

	test('Add Document without a document is refused before any request', async () => {
		// n8n itself refuses an empty required field; an expression that yields nothing reaches the node.
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'index',
				operation: 'addDocument',
				indexName: 'all-resumes',
				document: '={{ $json.id }}',
			}),
			{ credentials: affindaCredentials(server.url), input: [{ json: { id: '' } }] },
		);
		expect(error()?.message).toBe(
			'Parameter "Document" (document) is empty, but must be a document identifier [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('Get Many filters by document type and pages with Return All', async () => {
		const all = Array.from({ length: 130 }, (_, n) => ({ name: `index-${n}`, docType: 'resumes' }));
		server.respondWith(({ query }) => {
			const offset = Number(query.offset ?? 0);
			const limit = Number(query.limit);
			const next =
				offset + limit < all.length
					? `${server.url}/v3/index?document_type=resumes&limit=${limit}&offset=${offset + limit}`
					: null;
			return {
				body: {
					count: all.length,
					next,
					previous: null,
					results: all.slice(offset, offset + limit),
				},
			};
		});
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'index',
				operation: 'getMany',
				returnAll: true,
				filters: { document_type: 'resumes' },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v3/index', { document_type: 'resumes', limit: '100' }],
			['GET', '/v3/index', { document_type: 'resumes', limit: '100', offset: '100' }],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json.name)).toEqual(
			all.map((index) => index.name),
		);
	});

	test("Get Many refuses a Limit above the service's page", async () => {
		const { error } = await runWorkflow(
			affindaWorkflow({ resource: 'index', operation: 'getMany', returnAll: false, limit: 101 }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Parameter "Limit" (limit) is 101, but must be a whole number from 1 to 100 [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('Get Many: a 401 names the credential', async () => {
		server.respondWith(() => ({
			status: 401,
			body: {
				type: 'client_error',
				errors: [{ attr: null, code: 'not_authenticated', detail: 'Invalid token.' }],
			},
		}));
		const { error } = await runWorkflow(
			affindaWorkflow({ resource: 'index', operation: 'getMany', limit: 5 }),
			{
				credentials: affindaCredentials(server.url),
			},
		);
		expect(error()?.message).toBe('Affinda did not accept the API key: Invalid token. [item 0]');
	});
});

const NOT_FOUND = {
	status: 404,
	body: { type: 'client_error', errors: [{ attr: null, code: 'not_found', detail: 'Not found.' }] },
};
const indexPage = (...results: Array<{ name: string; docType: string }>) => ({
	body: { count: results.length, next: null, previous: null, results },
});

describe('Index → Remove Document, Create, Delete, on the wire', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const removeDocument = (document: string) =>
		runWorkflow(
			affindaWorkflow({
				resource: 'index',
				operation: 'removeDocument',
				indexName: 'role 42',
				document: { __rl: true, mode: 'id', value: document },
			}),
			{ credentials: affindaCredentials(server.url) },
		);

	test('Remove Document deletes the index entry', async () => {
		server.respondWith(() => ({ status: 204 }));
		const { output } = await removeDocument('doc1');
		expect(server.requests.map((r) => [r.method, r.path])).toEqual([
			['DELETE', '/v3/index/role%2042/documents/doc1'],
		]);
		expect(output(AFFINDA_NODE_NAME)).toEqual([
			{ json: { index: 'role 42', document: 'doc1', removed: true }, pairedItem: { item: 0 } },
		]);
	});

	test('Remove Document: a document the index lacks is success, said in the output', async () => {
		server.respondWith(({ method }) =>
			method === 'DELETE' ? NOT_FOUND : indexPage({ name: 'role 42', docType: 'resumes' }),
		);
		const { output } = await removeDocument('doc1');
		expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['DELETE', '/v3/index/role%2042/documents/doc1', {}],
			['GET', '/v3/index', { name: 'role 42', limit: '1' }],
		]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({
			index: 'role 42',
			document: 'doc1',
			removed: false,
			reason: 'The index did not hold the document',
		});
	});

	test('Remove Document: an index that does not exist is an error', async () => {
		server.respondWith(({ method }) => (method === 'DELETE' ? NOT_FOUND : indexPage()));
		const { error } = await removeDocument('doc1');
		expect(error()?.message).toBe(
			'Affinda found nothing at /v3/index/role%2042/documents/doc1: Not found. [item 0]',
		);
	});

	test('Remove Document without a document is refused before any request', async () => {
		const { error } = await removeDocument(' ');
		expect(error()?.message).toBe(
			'Parameter "Document" (document) is empty, but must be a document identifier [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	const create = (parameters: Record<string, unknown>) =>
		runWorkflow(affindaWorkflow({ resource: 'index', operation: 'create', ...parameters }), {
			credentials: affindaCredentials(server.url),
		});

	test('Create posts the name and document type', async () => {
		server.respondWith(({ body }) => ({
			status: 201,
			body: { ...(body as object), user: { id: 1 } },
		}));
		const { output } = await create({ name: 'role-42', docType: 'job_descriptions' });
		expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/v3/index', { name: 'role-42', docType: 'job_descriptions' }],
		]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({
			name: 'role-42',
			docType: 'job_descriptions',
			user: { id: 1 },
			created: true,
		});
	});

	const TAKEN = {
		status: 400,
		body: {
			type: 'validation_error',
			errors: [{ attr: 'name', code: 'unique', detail: 'This index name has already been used' }],
		},
	};

	test('Create again: the index of that name and type is reported, not an error', async () => {
		server.respondWith(({ method }) =>
			method === 'POST' ? TAKEN : indexPage({ name: 'role-42', docType: 'resumes' }),
		);
		const { output } = await create({ name: 'role-42' });
		expect(
			server.requests.map((r) => [r.method, r.path, r.method === 'GET' ? r.query : r.body]),
		).toEqual([
			['POST', '/v3/index', { name: 'role-42', docType: 'resumes' }],
			['GET', '/v3/index', { name: 'role-42', limit: '1' }],
		]);
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({
			name: 'role-42',
			docType: 'resumes',
			created: false,
		});
	});

	test('Create: the name taken by an index of the other type is an error', async () => {
		server.respondWith(({ method }) =>
			method === 'POST' ? TAKEN : indexPage({ name: 'role-42', docType: 'job_descriptions' }),
		);
		const { error } = await create({ name: 'role-42', docType: 'resumes' });
		expect(error()?.message).toBe(
			'An index named "role-42" exists already, holding job_descriptions, not resumes [item 0]',
		);
	});

	test('Create: an uncertain failure is never sent again, and says running again is safe', async () => {
		server.respondWith(() => ({ status: 502, text: 'Bad Gateway' }));
		const { error } = await create({ name: 'role-42' });
		expect(server.requests.map((r) => r.method)).toEqual(['POST']);
		expect(String(error()?.description)).toMatch(/running again is safe/);
	});

	test('Create refuses a bad document type or an empty name with no request', async () => {
		const bad = await create({ name: 'x', docType: 'invoices' });
		expect(bad.error()?.message).toBe(
			'Parameter "Document Type" (docType) is "invoices", but must be one of resumes, job_descriptions [item 0]',
		);
		const empty = await create({ name: '={{ "" }}' });
		expect(empty.error()?.message).toBe(
			'Parameter "Name" (name) is empty, but must be a name [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	describe('an attempt of this run’s own that went through, its answer lost', () => {
		useFastRetries();
		/** The first DELETE is carried out and its connection cut; the retry meets 404. */
		const cutThenGone = () => {
			let deletes = 0;
			server.respondWith(({ method }) =>
				method === 'DELETE'
					? ++deletes === 1
						? { reset: true }
						: NOT_FOUND
					: indexPage({ name: 'role 42', docType: 'resumes' }),
			);
		};

		test('Delete: the retry’s 404 is this run’s deletion, deleted: true', async () => {
			cutThenGone();
			const { output } = await runWorkflow(
				affindaWorkflow({ resource: 'index', operation: 'delete', indexName: 'old' }),
				{ credentials: affindaCredentials(server.url) },
			);
			expect(server.requests.map((r) => [r.method, r.path])).toEqual([
				['DELETE', '/v3/index/old'],
				['DELETE', '/v3/index/old'],
			]);
			expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({ index: 'old', deleted: true });
		});

		test('Remove Document: the retry’s 404 is this run’s removal, removed: true', async () => {
			cutThenGone();
			const { output } = await removeDocument('doc1');
			expect(server.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE', 'GET']);
			expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({
				index: 'role 42',
				document: 'doc1',
				removed: true,
			});
		});
	});

	test('Delete: 204 is deleted; 404 is "deleted already", not an error', async () => {
		server.respondWith(({ path }) => (path.endsWith('/old') ? { status: 204 } : NOT_FOUND));
		const { output } = await runWorkflow(
			affindaWorkflow({ resource: 'index', operation: 'delete', indexName: '={{ $json.name }}' }),
			{
				credentials: affindaCredentials(server.url),
				input: [{ json: { name: 'old' } }, { json: { name: 'gone' } }],
			},
		);
		expect(server.requests.map((r) => [r.method, r.path])).toEqual([
			['DELETE', '/v3/index/old'],
			['DELETE', '/v3/index/gone'],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => [item.json, item.pairedItem])).toEqual([
			[{ index: 'old', deleted: true }, { item: 0 }],
			[
				{
					index: 'gone',
					deleted: false,
					reason: 'Affinda has no index of this name: it was deleted already',
				},
				{ item: 1 },
			],
		]);
	});
});
