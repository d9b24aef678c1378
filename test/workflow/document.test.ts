import type { IDataObject } from 'n8n-workflow';

import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import { documentAnswer, serviceError, simplified } from '../helpers/document-answers';
import { documentRow } from '../../nodes/shared/output/documentRows';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Document Get, Get Many, Delete and Update Data against the recording server: this file owns the
 * exact request each sends, and the items and errors it makes of scripted answers. Its twin,
 * document-emulator.test.ts, owns acceptance: the same operations against the emulator.
 */

const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });

const documentParameters = (operation: string, extra: IDataObject = {}) => ({
	resource: 'document',
	operation,
	identifier: locator('docA'),
	// Get's tests were written for Parsed Data, the output before Flat Row.
	...(operation === 'get' ? { output: 'document' } : {}),
	...extra,
});

const NOTHING_SENT = 'Nothing was sent to Affinda. Change the value and run again.';

/** Answers `GET /v3/documents` like the service: `total` documents, paged by limit and offset. */
function documentList(server: RecordingServer, total: number) {
	server.respondWith(({ query }) => {
		const limit = Number(query.limit ?? 20);
		const offset = Number(query.offset ?? 0);
		const end = Math.min(offset + limit, total);
		return {
			body: {
				count: total,
				next: end < total ? `${server.url}/v3/documents?limit=${limit}&offset=${end}` : null,
				previous: null,
				results: Array.from({ length: end - offset }, (_, k) => documentAnswer(`doc${offset + k}`)),
			},
		};
	});
}

describe('Document → Get, Get Many, Delete and Update Data, in a workflow, on the wire', () => {
	let server: RecordingServer;

	beforeEach(async () => {
		server = await startRecordingServer(() => ({ body: documentAnswer('docA') }));
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const run = async (parameters: IDataObject, input?: IDataObject[], settings = {}) =>
		await runWorkflow(affindaWorkflow(parameters, settings), {
			credentials: affindaCredentials(server.url),
			input: input?.map((json) => ({ json })),
		});

	describe('Get', () => {
		test('GET /v3/documents/{identifier}, simplified by default', async () => {
			const { output } = await run(documentParameters('get'));
			expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
				['GET', '/v3/documents/docA', {}],
			]);
			expect(server.requests[0].headers.authorization).toBe('Bearer test-key');
			expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([simplified('docA')]);
		});

		test('a document picked from the list, compact, raw', async () => {
			const { output } = await run(
				documentParameters('get', {
					identifier: locator('docA', 'list'),
					output: 'raw',
					options: { compact: true },
				}),
			);
			expect(server.requests[0].query).toEqual({ compact: 'true' });
			expect(output(AFFINDA_NODE_NAME)[0].json).toEqual(documentAnswer('docA'));
		});

		test("a document by its link (By URL): the link's last segment is the identifier", async () => {
			await run(
				documentParameters('get', {
					identifier: locator('https://api.affinda.com/v3/documents/docA?x=1', 'url'),
				}),
			);
			expect(server.requests.map((r) => [r.method, r.path])).toEqual([
				['GET', '/v3/documents/docA'],
			]);
		});

		test.each([
			['https://app.affinda.com/workspaces/wsA/documents/docA', "the app's document page"],
			['https://api.affinda.com/v3/documents/docA/', 'a trailing slash'],
		])('a document by its link %s (%s): GET /v3/documents/docA', async (link) => {
			await run(documentParameters('get', { identifier: locator(link, 'url') }));
			expect(server.requests.map((r) => [r.method, r.path])).toEqual([
				['GET', '/v3/documents/docA'],
			]);
		});

		// A literal link is checked by the panel (n8n refuses to run the workflow); one an
		// expression gives is checked by the node, as By ID's identifier is, for every method.
		const notADocumentsLink = [
			'docA',
			'ftp://host/docA',
			'https://api.affinda.com/',
			'https://api.affinda.com/v3/documents/undefined',
			'https://api.affinda.com/v3/documents/NaN',
			'https://api.affinda.com/v3/documents/null',
			'https://api.affinda.com/v3/documents/',
			'https://api.affinda.com/v3/documents/docA/redacted',
			'https://api.affinda.com/v3/documents/..',
			'https://api.affinda.com/v3/workspaces/wsA',
		];
		test.each(
			['get', 'update', 'delete'].flatMap((operation) =>
				notADocumentsLink.map((link) => [operation, link]),
			),
		)(
			"%s: a link %j from an expression that is not a document's own is refused before any request",
			async (operation, link) => {
				const { error } = await run(
					documentParameters(operation, {
						identifier: locator('={{ $json.link }}', 'url'),
						...(operation === 'update' ? { updateFields: { isArchived: true } } : {}),
					}),
					[{ link }],
				);
				expect(error()?.message).toBe(
					`Parameter "Document" (identifier) is "${link}", but must be the document's link, ending in /documents/ and its identifier, e.g. https://api.affinda.com/v3/documents/mEFayXdO [item 0]`,
				);
				expect(error()?.description).toBe(NOTHING_SENT);
				expect(server.requests).toHaveLength(0);
			},
		);

		test('a 404 says the document was not found', async () => {
			server.respondWith(() => ({ status: 404, body: { type: 'client_error', errors: [] } }));
			const { error } = await run(documentParameters('get', { identifier: locator('gone') }));
			expect(error()?.name).toBe('NodeApiError');
			expect(error()?.httpCode).toBe('404');
			expect(error()?.message).toBe('Affinda found nothing at /v3/documents/gone [item 0]');
		});

		test('an identifier that resolves to nothing is refused before any request', async () => {
			const { error } = await run(
				documentParameters('get', { identifier: locator('={{ $json.id }}') }),
			);
			expect(error()?.message).toBe(
				'Parameter "Document" (identifier) is missing, but must be a document identifier [item 0]',
			);
			expect(error()?.description).toBe(NOTHING_SENT);
			expect(server.requests).toHaveLength(0);
		});

		test.each(['.', '..', ' .. '])(
			'an identifier %j, which a URL resolves to another path even encoded, is refused before any request',
			async (identifier) => {
				const { error } = await run(documentParameters('get', { identifier: locator(identifier) }));
				expect(error()?.message).toBe(
					`Parameter "Document" (identifier) is "${identifier.trim()}", but must be a document identifier other than "." and ".." [item 0]`,
				);
				expect(server.requests).toHaveLength(0);
			},
		);

		test('Continue on Fail: one output per item, each paired, the missing one on the error output', async () => {
			server.respondWith(({ path }) =>
				path.endsWith('/gone')
					? serviceError(404, 'not_found', 'Not found.')
					: { body: documentAnswer(path.split('/').pop() as string) },
			);
			const { output } = await run(
				documentParameters('get', { identifier: locator('={{ $json.id }}') }),
				[{ id: 'docA' }, { id: 'gone' }, { id: 'docC' }],
				{ onError: 'continueErrorOutput' },
			);
			expect(
				output(AFFINDA_NODE_NAME, 0).map((item) => [item.json.identifier, item.pairedItem]),
			).toEqual([
				['docA', { item: 0 }],
				['docC', { item: 2 }],
			]);
			expect(
				output(AFFINDA_NODE_NAME, 1).map((item) => [item.json.error, item.pairedItem]),
			).toEqual([
				['Affinda found nothing at /v3/documents/gone: Not found. [item 1]', { item: 1 }],
			]);
		});
	});

	describe('Get Many', () => {
		test('sends every filter and option as the snake_case query the service reads', async () => {
			documentList(server, 3);
			const { output } = await run({
				resource: 'document',
				operation: 'getMany',
				output: 'document',
				limit: 10,
				filters: {
					collection: 'colResumes',
					created_dt: 'week',
					custom_identifier: 'candidate-4711',
					failed: false,
					ready: true,
					search: 'jane',
					state: 'review',
					tags: '12, 34',
					workspace: locator('wsRecruit', 'list'),
				},
				options: { compact: true, include_data: true, ordering: '-created_dt, file_name' },
			});
			expect(server.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/v3/documents']]);
			expect(server.requests[0].query).toEqual({
				limit: '10',
				collection: 'colResumes',
				created_dt: 'week',
				custom_identifier: 'candidate-4711',
				failed: 'false',
				ready: 'true',
				search: 'jane',
				state: 'review',
				tags: '12,34',
				workspace: 'wsRecruit',
				compact: 'true',
				include_data: 'true',
				ordering: '-created_dt,file_name',
			});
			expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual(
				['doc0', 'doc1', 'doc2'].map(simplified),
			);
		});

		test('Return All follows next with pages of 100', async () => {
			documentList(server, 230);
			const { output } = await run({
				resource: 'document',
				operation: 'getMany',
				output: 'document',
				returnAll: true,
			});
			expect(server.requests.map((r) => r.query)).toEqual([
				{ limit: '100' },
				{ limit: '100', offset: '100' },
				{ limit: '100', offset: '200' },
			]);
			const items = output(AFFINDA_NODE_NAME);
			expect(items).toHaveLength(230);
			expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		});

		test.each([
			[
				{ limit: '={{ 101 }}' },
				'Parameter "Limit" (limit) is 101, but must be a whole number from 1 to 100 [item 0]',
			],
			[
				{ filters: { tags: 'urgent' } },
				'Parameter "Tag IDs" (tags) is "urgent", but must be whole-number tag IDs separated by commas [item 0]',
			],
		])('refuses %j before any request', async (extra, message) => {
			const { error } = await run({ resource: 'document', operation: 'getMany', ...extra });
			expect(error()?.message).toBe(message);
			expect(server.requests).toHaveLength(0);
		});

		test('a 403 says the key may not list the documents', async () => {
			server.respondWith(() =>
				serviceError(403, 'permission_denied', 'No access to this workspace.'),
			);
			const { error } = await run({
				resource: 'document',
				operation: 'getMany',
				output: 'document',
				filters: { workspace: locator('wsOther') },
			});
			expect(error()?.httpCode).toBe('403');
			expect(error()?.message).toBe(
				'Affinda refused access: No access to this workspace. [item 0]',
			);
		});
	});

	describe('Delete', () => {
		test('DELETE /v3/documents/{identifier}, answered 204, outputs {deleted: true}', async () => {
			server.respondWith(() => ({ status: 204 }));
			const { output } = await run(documentParameters('delete'));
			expect(server.requests.map((r) => [r.method, r.path])).toEqual([
				['DELETE', '/v3/documents/docA'],
			]);
			expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([{ deleted: true }]);
		});

		test('a 404 is an error naming the path', async () => {
			server.respondWith(() => ({ status: 404 }));
			const { error } = await run(documentParameters('delete', { identifier: locator('gone') }));
			expect(error()?.message).toBe('Affinda found nothing at /v3/documents/gone [item 0]');
		});
	});

	describe('Update Data', () => {
		const data = { name: { first: 'Janet' }, emails: ['janet@example.com'] };

		test('POSTs the JSON to /v3/documents/{identifier}/update_data', async () => {
			const { output } = await run(
				documentParameters('updateData', { data: JSON.stringify(data), output: 'document' }),
			);
			expect(server.requests.map((r) => [r.method, r.path])).toEqual([
				['POST', '/v3/documents/docA/update_data'],
			]);
			expect(server.requests[0].headers['content-type']).toMatch(/^application\/json/);
			expect(server.requests[0].body).toEqual(data);
			expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([simplified('docA')]);
		});

		test("Output: a Flat Row unless set, Affinda's answer unchanged with Raw Response", async () => {
			const parameters = documentParameters('updateData', { data: JSON.stringify(data) });
			const asRow = await run(parameters);
			const asRaw = await run({ ...parameters, output: 'raw' });
			expect(asRow.output(AFFINDA_NODE_NAME)).toEqual([
				{ json: documentRow(documentAnswer('docA')), pairedItem: { item: 0 } },
			]);
			expect(asRaw.output(AFFINDA_NODE_NAME)).toEqual([
				{ json: documentAnswer('docA'), pairedItem: { item: 0 } },
			]);
			expect(server.requests.map((r) => [r.method, r.path])).toEqual([
				['POST', '/v3/documents/docA/update_data'],
				['POST', '/v3/documents/docA/update_data'],
			]);
		});

		test.each([
			[
				'{ "name": ',
				'Parameter "Data" (data) is "{ \\"name\\": ", but must be a JSON object with at least one field [item 0]',
			],
			[
				'[]',
				'Parameter "Data" (data) is "[]", but must be a JSON object with at least one field [item 0]',
			],
			[
				'{}',
				'Parameter "Data" (data) is "{}", but must be a JSON object with at least one field [item 0]',
			],
		])('refuses %s before any request', async (text, message) => {
			const { error } = await run(documentParameters('updateData', { data: text }));
			expect(error()?.message).toBe(message);
			expect(server.requests).toHaveLength(0);
		});

		test('Data left as the panel opens (empty, no example) is refused before any request', async () => {
			const { error } = await run(documentParameters('updateData'));
			expect(error()?.message).toMatch(
				/^Parameter "Data" \(data\) .*a JSON object with at least one field \[item 0\]$/,
			);
			expect(server.requests).toHaveLength(0);
		});

		test('refused for an invoice: looks at the document and says Update Data is for resumes and job descriptions', async () => {
			server.respondWith(({ method }) =>
				method === 'POST'
					? serviceError(400, 'invalid', 'Invalid data.')
					: { body: documentAnswer('docInv', { extractor: 'invoice' }) },
			);
			const { error } = await run(
				documentParameters('updateData', {
					identifier: locator('docInv'),
					data: JSON.stringify(data),
				}),
			);
			expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
				['POST', '/v3/documents/docInv/update_data', {}],
				['GET', '/v3/documents/docInv', { compact: 'true' }],
			]);
			expect(error()?.message).toBe(
				'Document docInv is parsed as "invoice", and Update Data changes only resumes and job descriptions [item 0]',
			);
			expect(error()?.description).toBe(
				'Change the fields of other documents with Annotation → Update or Annotation → Batch Update.',
			);
		});

		test.each([['resume'], ['resume-v4'], ['resume-v4-custom_field_type']])(
			"refused for a resume (extractor %s, NextGen too): the service's own reason stands",
			async (extractor) => {
				server.respondWith(({ method }) =>
					method === 'POST'
						? serviceError(400, 'invalid', 'Enter a valid email address.', 'emails')
						: { body: documentAnswer('docA', { extractor }) },
				);
				const { error } = await run(
					documentParameters('updateData', { data: '{"emails": ["nope"]}' }),
				);
				expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
				expect(error()?.name).toBe('NodeApiError');
				expect(error()?.message).toBe(
					'Affinda rejected the request: emails: Enter a valid email address. [item 0]',
				);
			},
		);

		test('a 500 is not explained away; setting the same data again is safe, so it is retried', async () => {
			server.respondWith(() => ({ status: 500, body: { type: 'server_error', errors: [] } }));
			const { error } = await run(documentParameters('updateData', { data: JSON.stringify(data) }));
			expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
			expect(error()?.httpCode).toBe('500');
		});
	});
});
