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
