/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeExecutionData, IRun } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import { routeAllHostsToLoopback } from '../helpers/loopback-hosts';
import { documentAnswer, serviceError, simplified } from '../helpers/document-answers';
import { violations, type OpenApiDocument } from '../helpers/openapi-schema';
import { PROJECT_ROOT } from '../helpers/project-root';
import { AFFINDA_TOOL_TYPE, registerToolVariant } from '../helpers/tool-variant';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Document → Update, Download and Create From Data, and Usage → Get, against the recording
 * server: the exact request each sends (method, path, query, body checked against the service's
 * published schemas), what it refuses before any request, and the items it makes of the answers.
 * Their twin against the emulator is document-lifecycle-emulator.test.ts.
 */

const SCHEMAS: OpenApiDocument = JSON.parse(
	readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'openapi', 'document-bodies.json'), 'utf8'),
);
const schema = (name: string) => SCHEMAS.components.schemas[name];

/** The body breaks none of the schema's rules and holds no field the schema does not declare. */
function expectBodyOf(name: string, body: unknown): void {
	expect(violations(body, schema(name), SCHEMAS)).toEqual([]);
	const declared = Object.keys(schema(name).properties ?? {});
	expect(Object.keys(body as IDataObject).filter((key) => !declared.includes(key))).toEqual([]);
}

const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });
const NOTHING_SENT = 'Nothing was sent to Affinda. Change the value and run again.';
const PDF_BYTES = Buffer.from('%PDF-1.4\n% a redacted resume\n%%EOF\n');

const bytesOf = (item: INodeExecutionData, field = 'data') =>
	Buffer.from(item.binary?.[field]?.data ?? '', 'base64');

describe('a document’s life after parsing, in a workflow, on the wire', () => {
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
	const wire = () =>
		server.requests.map((r) => [r.method, r.path, r.query, r.body === '' ? undefined : r.body]);

	describe('Document → Update', () => {
		const update = (updateFields: IDataObject, extra: IDataObject = {}) => ({
			resource: 'document',
			operation: 'update',
			identifier: locator('docA'),
			updateFields,
			output: 'document',
			...extra,
		});

		test('every field a person sets goes out under the service’s name, as DocumentUpdate says', async () => {
			const { output } = await run(
				update({
					isConfirmed: true,
					isRejected: false,
					isArchived: false,
					collection: locator('colResumes', 'list'),
					workspace: locator('wsRecruit'),
					documentType: locator('dtResume'),
					fileName: 'jane-doe-2026.pdf',
					customIdentifier: 'ats-4711',
					expiryTime: '2027-01-31T00:00:00.000Z',
					language: 'en',
					llmHint: 'Dates are day first',
				}),
			);
			expect(wire()).toEqual([
				[
					'PATCH',
					'/v3/documents/docA',
					{},
					{
						isConfirmed: true,
						isRejected: false,
						isArchived: false,
						collection: 'colResumes',
						workspace: 'wsRecruit',
						documentType: 'dtResume',
						fileName: 'jane-doe-2026.pdf',
						customIdentifier: 'ats-4711',
						expiryTime: '2027-01-31T00:00:00.000Z',
						language: 'en',
						llmHint: 'Dates are day first',
					},
				],
			]);
			expectBodyOf('DocumentUpdate', server.requests[0].body);
			expect(server.requests[0].headers.authorization).toBe('Bearer test-key');
			expect(output(AFFINDA_NODE_NAME).map((item) => [item.json, item.pairedItem])).toEqual([
				[simplified('docA'), { item: 0 }],
			]);
		});

		test('only what is set is sent; Compact asks for a compact answer, Output Raw gives it whole', async () => {
			const { output } = await run(
				update({ isConfirmed: true }, { output: 'raw', options: { compact: true } }),
			);
			expect(wire()).toEqual([
				['PATCH', '/v3/documents/docA', { compact: 'true' }, { isConfirmed: true }],
			]);
			expect(output(AFFINDA_NODE_NAME)[0].json).toEqual(documentAnswer('docA'));
		});

		test.each([
			[
				{ isConfirmed: '={{ "yes" }}' },
				/^Parameter "Validated" \(isConfirmed\) is "yes", but must be true or false/,
			],
			[
				{ language: 'English' },
				/^Parameter "Language" \(language\) is "English", but must be an ISO 639-1/,
			],
			[
				{ expiryTime: 'next week' },
				/^Parameter "Expiry Time" \(expiryTime\) is "next week", but must be an ISO 8601/,
			],
			[{ collection: locator('={{ {} }}') }, /^Parameter "Collection" \(collection\)/],
			[{}, /^Parameter "Update Fields" \(updateFields\) .*at least one field to change/],
		])('%j is refused before any request, naming the parameter', async (fields, message) => {
			const { error } = await run(update(fields));
			expect(error()?.message).toMatch(message);
			expect(error()?.description).toBe(NOTHING_SENT);
			expect(server.requests).toHaveLength(0);
		});

		test('Continue on Fail: the bad item to the error output, paired; the others sent', async () => {
			const { output } = await run(
				update({ isRejected: '={{ $json.rejected }}' }),
				[{ rejected: true }, { rejected: 'perhaps' }, { rejected: false }],
				{ onError: 'continueErrorOutput' },
			);
			expect(server.requests.map((r) => r.body)).toEqual([
				{ isRejected: true },
				{ isRejected: false },
			]);
			expect(output(AFFINDA_NODE_NAME, 0).map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 2 },
			]);
			expect(
				output(AFFINDA_NODE_NAME, 1).map((item) => [
					String(item.json.error).startsWith('Parameter "Rejected" (isRejected) is "perhaps"'),
					item.pairedItem,
				]),
			).toEqual([[true, { item: 1 }]]);
		});

		test('a fault after which the update may have been applied is retried: setting values twice is harmless', async () => {
			let calls = 0;
			server.respondWith(() =>
				++calls === 1 ? { status: 502, text: 'Bad gateway' } : { body: documentAnswer('docA') },
			);
			const { error } = await run(update({ isArchived: true }));
			expect(error()).toBeUndefined();
			expect(server.requests.map((r) => r.method)).toEqual(['PATCH', 'PATCH']);
		});
	});

	describe('Document → Download', () => {
		const download = (extra: IDataObject = {}) => ({
			resource: 'document',
			operation: 'download',
			identifier: locator('docA'),
			...extra,
		});

		test('Redacted: the PDF from /redacted into the binary field "data", named from the identifier', async () => {
			server.respondWith(({ path }) =>
				path.endsWith('/redacted')
					? { bytes: PDF_BYTES, headers: { 'content-type': 'application/pdf' } }
					: { body: documentAnswer('docA') },
			);
			const { output } = await run(download());
			expect(wire()).toEqual([
				['GET', '/v3/documents/docA', { compact: 'true' }, undefined],
				['GET', '/v3/documents/docA/redacted', {}, undefined],
			]);
			expect(server.requests[1].headers.authorization).toBe('Bearer test-key');
			const [item] = output(AFFINDA_NODE_NAME);
			expect(bytesOf(item)).toEqual(PDF_BYTES);
			expect(item.binary?.data).toMatchObject({
				fileName: 'docA-redacted.pdf',
				mimeType: 'application/pdf',
				fileExtension: 'pdf',
			});
			expect(item.json).toEqual({
				identifier: 'docA',
				file: 'redacted',
				fileName: 'docA-redacted.pdf',
				mimeType: 'application/pdf',
				fileSize: PDF_BYTES.length,
			});
			expect(item.pairedItem).toEqual({ item: 0 });
		});

		test('Redacted of a CV named after the candidate: no field of the item carries the name', async () => {
			server.respondWith(({ path }) =>
				path.endsWith('/redacted')
					? { bytes: PDF_BYTES, headers: { 'content-type': 'application/pdf' } }
					: { body: documentAnswer('docA', { meta: { fileName: 'Olivia Nguyen - CV.pdf' } }) },
			);
			const { output } = await run(download());
			const [item] = output(AFFINDA_NODE_NAME);
			expect(item.binary?.data.fileName).toBe('docA-redacted.pdf');
			expect(item.json.fileName).toBe('docA-redacted.pdf');
			const { data, ...described } = item.binary?.data ?? { data: '' };
			expect(data).not.toBe('');
			expect(JSON.stringify([item.json, described])).not.toMatch(/olivia|nguyen/i);
		});

		describe('file links on other hosts (every host name and address routed to loopback)', () => {
			let files: RecordingServer;
			let hosts: ReturnType<typeof routeAllHostsToLoopback>;
			beforeEach(async () => {
				hosts = routeAllHostsToLoopback();
				files = await startRecordingServer(() => ({
					bytes: Buffer.from('PK\u0003\u0004 a docx'),
					headers: { 'content-type': 'application/octet-stream' },
				}));
			});
			afterEach(async () => {
				hosts.restore();
				await files.stop();
			});
			const port = () => new URL(files.url).port;
			const linkTo = (link: string, meta: IDataObject = {}) =>
				server.respondWith(() => ({
					body: documentAnswer('docA', {
						meta: { fileName: 'Jane Doe.docx', file: link, ...meta },
					}),
				}));

			test('Original File on another host: fetched without the API key, its name and type right', async () => {
				linkTo(
					`http://storage.example:${port()}/media/docA/Jane%20Doe.docx?Signature=abc&Expires=1`,
				);
				const { output } = await run(download({ file: 'original', binaryPropertyName: 'cv' }));
				expect(wire()).toEqual([['GET', '/v3/documents/docA', { compact: 'true' }, undefined]]);
				expect(hosts.rerouted).toEqual([`storage.example:${port()}`]);
				expect(files.requests.map((r) => [r.method, r.path, r.query])).toEqual([
					['GET', '/media/docA/Jane%20Doe.docx', { Signature: 'abc', Expires: '1' }],
				]);
				expect(files.requests[0].headers.authorization).toBeUndefined();
				expect(JSON.stringify(files.requests[0].headers)).not.toContain('test-key');
				const [item] = output(AFFINDA_NODE_NAME);
				expect(Object.keys(item.binary ?? {})).toEqual(['cv']);
				expect(bytesOf(item, 'cv').toString()).toBe('PK\u0003\u0004 a docx');
				expect(item.binary?.cv).toMatchObject({
					fileName: 'Jane Doe.docx',
					mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
				});
			});

			test.each([
				[
					'another loopback address',
					(p: string) => `http://127.0.0.2:${p}/f.pdf`,
					'http://127.0.0.2:PORT',
					'loopback',
				],
				[
					'localhost',
					(p: string) => `http://localhost:${p}/f.pdf`,
					'http://localhost:PORT',
					'loopback',
				],
				[
					'IPv6 loopback',
					(p: string) => `http://[::1]:${p}/f.pdf`,
					'http://[::1]:PORT',
					'loopback',
				],
				[
					'a private address',
					(p: string) => `http://10.1.2.3:${p}/f.pdf`,
					'http://10.1.2.3:PORT',
					'private',
				],
				[
					'a private address in IPv6 form',
					(p: string) => `http://[::ffff:192.168.1.1]:${p}/f.pdf`,
					'http://[::ffff:c0a8:101]:PORT',
					'private',
				],
				[
					'loopback in IPv4-compatible IPv6 form (::/96)',
					(p: string) => `http://[::7f00:1]:${p}/f.pdf`,
					'http://[::7f00:1]:PORT',
					'loopback',
				],
				[
					'loopback in IPv4-translated IPv6 form (::ffff:0:0/96)',
					(p: string) => `http://[::ffff:0:7f00:1]:${p}/f.pdf`,
					'http://[::ffff:0:7f00:1]:PORT',
					'loopback',
				],
				[
					'the cloud metadata address',
					(p: string) => `http://169.254.169.254:${p}/latest`,
					'http://169.254.169.254:PORT',
					'link-local',
				],
				[
					'loopback written as a number',
					(p: string) => `http://2130706433:${p}/f.pdf`,
					'http://127.0.0.1:PORT',
					'loopback',
				],
			])(
				'a link to %s is refused before anything connects, naming its scheme and host',
				async (_, link, where, kind) => {
					linkTo(link(port()), { pdf: link(port()) });
					const { output } = await run(download({ file: 'original' }), [{}], {
						onError: 'continueErrorOutput',
					});
					const [failed] = output(AFFINDA_NODE_NAME, 1);
					expect(String(failed.json.error)).toBe(
						`The file link Affinda gave is on ${where.replace('PORT', port())}, a ${kind} address: the node fetches such links only on the credential's Base URL (${new URL(server.url).host}) [item 0]`,
					);
					expect(failed.pairedItem).toEqual({ item: 0 });
					expect(files.requests).toEqual([]);
					expect(hosts.rerouted).toEqual([]);
				},
			);

			test.each([
				['data:application/pdf;base64,JVBERi0xLjQK', 'data:'],
				['file:///etc/passwd', 'file:'],
				['ftp://storage.example/f.pdf', 'ftp://storage.example'],
				['gopher://storage.example:70/x', 'gopher://storage.example:70'],
			])('a %s link is refused before any request, naming its scheme', async (link, where) => {
				linkTo(link);
				const { error } = await run(download({ file: 'original' }));
				expect(error()?.message).toBe(
					`The file link Affinda gave is on ${where}: the node fetches file links over https or http [item 0]`,
				);
				expect(error()?.description).toMatch(/^Nothing was sent to it/);
				expect(server.requests).toHaveLength(1);
				expect(files.requests).toEqual([]);
				expect(hosts.rerouted).toEqual([]);
			});

			test('a link that is no link says so, before any request', async () => {
				linkTo('http://[not a host/f.pdf');
				const { error } = await run(download({ file: 'original' }));
				expect(error()?.message).toBe(
					'The file link Affinda gave ("http://[not a host/f.pdf") is not a link the node can fetch [item 0]',
				);
				expect(files.requests).toEqual([]);
			});

			test('a storage link answering 401 or 403 names its host and says to run again; no key went there', async () => {
				linkTo(`http://storage.example:${port()}/media/docA.docx?Signature=old`);
				for (const status of [401, 403]) {
					files.respondWith(() => ({ status, text: 'AccessDenied' }));
					const { error } = await run(download({ file: 'original' }));
					expect(error()?.message).toBe(
						`The file link on storage.example:${port()} answered ${status}: it may have expired [item 0]`,
					);
					expect(error()?.message).not.toMatch(/API key|Affinda did not/);
					expect(error()?.description).toBe(
						'Storage links from Affinda are signed and short-lived. Run the item again for a fresh link from Affinda.',
					);
				}
				expect(files.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
			});

			test('a storage host that cannot be reached is named, not "Affinda at …"', async () => {
				const gone = await startRecordingServer();
				const goneUrl = new URL(gone.url);
				await gone.stop();
				linkTo(`http://storage.example:${goneUrl.port}/media/docA.docx`);
				const { error } = await run(download({ file: 'original' }));
				expect(error()?.message).toBe(
					`Could not fetch the file link on storage.example:${goneUrl.port} [item 0]`,
				);
				expect(error()?.description).toMatch(/^The connection was refused \(ECONNREFUSED\)/);
			});

			test('names and types as the service or link gave them are made safe', async () => {
				const longName = `${'a'.repeat(1024 * 1024)}.docx`;
				for (const [fileName, expected] of [
					['../../etc/cron.d/evil\r\nX-Injected: 1.docx', 'evilX-Injected: 1.docx'],
					[longName, `${'a'.repeat(250)}.docx`],
				]) {
					linkTo(`http://storage.example:${port()}/f`, { fileName });
					const { output } = await run(download({ file: 'original' }));
					const [item] = output(AFFINDA_NODE_NAME);
					expect(item.binary?.data.fileName).toBe(expected);
					expect(item.json.fileName).toBe(expected);
				}
				// A .pdf served as a web page is stored as the PDF its name says.
				files.respondWith(() => ({ bytes: PDF_BYTES, headers: { 'content-type': 'text/html' } }));
				linkTo(`http://storage.example:${port()}/f`, { fileName: 'cv.pdf' });
				const original = await run(download({ file: 'original' }));
				expect(original.output(AFFINDA_NODE_NAME)[0].binary?.data.mimeType).toBe('application/pdf');
			});

			test('a link whose name has a bad % escape is still named, from the document', async () => {
				linkTo(`http://storage.example:${port()}/media/bad%E0%A4%A.docx`, { fileName: null });
				const { output, error } = await run(download({ file: 'original' }));
				expect(error()).toBeUndefined();
				expect(output(AFFINDA_NODE_NAME)[0].json.fileName).toBe('bad%E0%A4%A.docx');
			});
		});

		test('Redacted and PDF are PDFs whatever type the answer gives', async () => {
			server.respondWith(({ path }) =>
				path.endsWith('/redacted') || path === '/files/docA.pdf'
					? { bytes: PDF_BYTES, headers: { 'content-type': 'text/html' } }
					: { body: documentAnswer('docA', { meta: { pdf: `${server.url}/files/docA.pdf` } }) },
			);
			for (const file of ['redacted', 'pdf']) {
				const { output } = await run(download({ file }));
				expect(output(AFFINDA_NODE_NAME)[0].binary?.data.mimeType).toBe('application/pdf');
				expect(output(AFFINDA_NODE_NAME)[0].json.mimeType).toBe('application/pdf');
			}
		});

		test('Original File of a document without a file name: named by the answer’s Content-Disposition', async () => {
			server.respondWith(({ path }) =>
				path === '/files/docA'
					? {
							bytes: Buffer.from('plain text CV'),
							headers: {
								'content-type': 'text/plain; charset=utf-8',
								'content-disposition': "attachment; filename*=UTF-8''Jos%C3%A9%20CV.txt",
							},
						}
					: {
							body: documentAnswer('docA', {
								meta: { fileName: null, file: `${server.url}/files/docA` },
							}),
						},
			);
			const { output } = await run(download({ file: 'original' }));
			expect(output(AFFINDA_NODE_NAME)[0].binary?.data).toMatchObject({
				fileName: 'José CV.txt',
				mimeType: 'text/plain',
			});
		});

		test('PDF: the document’s pdf link on the service itself, with the key', async () => {
			server.respondWith(({ path }) =>
				path === '/files/docA.pdf'
					? { bytes: PDF_BYTES, headers: { 'content-type': 'application/pdf' } }
					: { body: documentAnswer('docA', { meta: { pdf: `${server.url}/files/docA.pdf` } }) },
			);
			const { output } = await run(download({ file: 'pdf' }));
			expect(server.requests.map((r) => r.path)).toEqual(['/v3/documents/docA', '/files/docA.pdf']);
			expect(server.requests[1].headers.authorization).toBe('Bearer test-key');
			expect(output(AFFINDA_NODE_NAME)[0].binary?.data).toMatchObject({
				fileName: 'jane-doe.pdf',
				mimeType: 'application/pdf',
			});
		});

		test('a document without its links yet fails, saying why; a 404 on /redacted pairs with Continue on Fail', async () => {
			server.respondWith(() => ({ body: documentAnswer('docA', { meta: { pdf: null } }) }));
			const { error } = await run(download({ file: 'pdf' }));
			expect(error()?.message).toBe('Document docA has no PDF to download yet [item 0]');
			expect(server.requests).toHaveLength(1);

			server.requests.length = 0;
			server.respondWith(({ path }) =>
				path.endsWith('/redacted')
					? serviceError(400, 'invalid', 'Only resumes are redacted.')
					: { body: documentAnswer('docA') },
			);
			const { output } = await run(download(), [{}, {}], { onError: 'continueErrorOutput' });
			expect(output(AFFINDA_NODE_NAME, 1).map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
			]);
			expect(String(output(AFFINDA_NODE_NAME, 1)[0].json.error)).toMatch(/redacted/);
		});

		test('a binary field without a name, or a file that is not offered, is refused before any request', async () => {
			for (const parameters of [
				download({ binaryPropertyName: '={{ "" }}' }),
				download({ file: '={{ "html" }}' }),
			]) {
				const { error } = await run(parameters);
				expect(error()?.description).toBe(NOTHING_SENT);
			}
			expect(server.requests).toHaveLength(0);
		});
	});

	describe('Document → Create From Data', () => {
		const candidate = {
			name: { raw: 'Jane Doe', first: 'Jane', last: 'Doe' },
			emails: ['jane@example.com'],
		};
		const create = (options: IDataObject = {}, data: string = JSON.stringify(candidate)) => ({
			resource: 'document',
			operation: 'createFromData',
			data,
			output: 'document',
			options,
		});
		const emptyList = { body: { count: 0, next: null, previous: null, results: [] } };
		const listOf = (...results: IDataObject[]) => ({
			body: { count: results.length, next: null, previous: null, results },
		});
		/** No document has ats-7 at first; the create makes docNew; the oldest with it after is `oldest`. */
		const createsWithOldest = (oldest: string) =>
			server.respondWith(({ method, query }) =>
				method === 'GET'
					? query.ordering === 'created_dt'
						? listOf(documentAnswer(oldest, { meta: { customIdentifier: 'ats-7' } }))
						: emptyList
					: method === 'POST'
						? { status: 201, body: documentAnswer('docNew') }
						: { body: documentAnswer('docNew', { meta: { customIdentifier: 'ats-7' } }) },
			);

		test('without a Custom Identifier: one POST of {data}, as DocumentCreateFromData says', async () => {
			server.respondWith(() => ({ status: 201, body: documentAnswer('docNew') }));
			const { output } = await run(create());
			expect(wire()).toEqual([['POST', '/v3/documents/create_from_data', {}, { data: candidate }]]);
			expectBodyOf('DocumentCreateFromData', server.requests[0].body);
			expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({ ...simplified('docNew'), reused: false });
		});

		test('with a Custom Identifier: look first, create, set the identifier, look again', async () => {
			createsWithOldest('docNew');
			const { output } = await run(create({ customIdentifier: 'ats-7' }));
			expect(wire()).toEqual([
				[
					'GET',
					'/v3/documents',
					{ custom_identifier: 'ats-7', ordering: '-created_dt', limit: '1', include_data: 'true' },
					undefined,
				],
				['POST', '/v3/documents/create_from_data', {}, { data: candidate }],
				['PATCH', '/v3/documents/docNew', {}, { customIdentifier: 'ats-7' }],
				[
					'GET',
					'/v3/documents',
					{ custom_identifier: 'ats-7', ordering: 'created_dt', limit: '1', include_data: 'true' },
					undefined,
				],
			]);
			expectBodyOf('DocumentUpdate', server.requests[2].body);
			expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
				identifier: 'docNew',
				customIdentifier: 'ats-7',
				reused: false,
			});
			expect(output(AFFINDA_NODE_NAME)[0].json).not.toHaveProperty('duplicateOf');
		});

		test('another execution made one with the identifier first: the item says duplicateOf', async () => {
			createsWithOldest('docOther');
			const { output } = await run(create({ customIdentifier: 'ats-7' }));
			expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
				identifier: 'docNew',
				duplicateOf: 'docOther',
				reused: false,
			});
		});

		test.each([
			[
				'a 502 after sending',
				{ status: 502, text: 'Bad gateway' },
				/^Affinda could not process the request \(HTTP 502\)/,
			],
			[
				'an answer without meta.identifier',
				{ status: 201, body: { meta: {} } },
				/^Affinda's answer to the create has no document identifier \(meta.identifier\): it was an object with meta/,
			],
		])(
			'the first item’s create ends in %s: its siblings share its error, nothing more is created',
			async (_, answer, message) => {
				server.respondWith(({ method }) => (method === 'GET' ? emptyList : answer));
				const { output } = await run(create({ customIdentifier: 'ats-7' }), [{}, {}, {}], {
					onError: 'continueErrorOutput',
				});
				expect(server.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
				const failed = output(AFFINDA_NODE_NAME, 1);
				expect(failed.map((item) => item.pairedItem)).toEqual([
					{ item: 0 },
					{ item: 1 },
					{ item: 2 },
				]);
				for (const [index, item] of failed.entries()) {
					expect(String(item.json.error)).toMatch(message);
					expect(String(item.json.error)).toMatch(new RegExp(`\\[item ${index}\\]$`));
				}
			},
		);

		test('the first item’s create refused (nothing created): the next looks and creates for itself', async () => {
			let posts = 0;
			server.respondWith(({ method, query }) =>
				method === 'GET'
					? query.ordering === 'created_dt'
						? listOf(documentAnswer('docNew', { meta: { customIdentifier: 'ats-7' } }))
						: emptyList
					: method === 'POST'
						? ++posts === 1
							? serviceError(400, 'invalid', 'No.')
							: { status: 201, body: documentAnswer('docNew') }
						: { body: documentAnswer('docNew', { meta: { customIdentifier: 'ats-7' } }) },
			);
			const { output } = await run(create({ customIdentifier: 'ats-7' }), [{}, {}], {
				onError: 'continueErrorOutput',
			});
			expect(server.requests.map((r) => r.method)).toEqual([
				'GET',
				'POST',
				'GET',
				'POST',
				'PATCH',
				'GET',
			]);
			expect(
				output(AFFINDA_NODE_NAME, 0).map((item) => [item.json.identifier, item.pairedItem]),
			).toEqual([['docNew', { item: 1 }]]);
		});

		test('a look-up answering a document with another Custom Identifier is an error, not a reuse', async () => {
			server.respondWith(() =>
				listOf(documentAnswer('docUnrelated', { meta: { customIdentifier: 'ats-99' } })),
			);
			const { error } = await run(create({ customIdentifier: 'ats-7' }));
			expect(error()?.message).toBe(
				'Affinda\'s answer to the look-up of Custom Identifier "ats-7" named document docUnrelated, whose Custom Identifier is "ats-99": the service did not filter by it [item 0]',
			);
			expect(server.requests.map((r) => r.method)).toEqual(['GET']);
		});

		test('running again finds the document: nothing created (Use the Existing Document), or the item fails (Fail)', async () => {
			server.respondWith(() =>
				listOf(documentAnswer('docOld', { meta: { customIdentifier: 'ats-7' } })),
			);
			const reused = await run(create({ customIdentifier: 'ats-7' }));
			expect(reused.output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
				identifier: 'docOld',
				reused: true,
			});
			const failed = await run(create({ customIdentifier: 'ats-7', ifAlreadyCreated: 'fail' }));
			expect(failed.error()?.message).toBe(
				'Affinda already has a document with Custom Identifier "ats-7": docOld [item 0]',
			);
			expect(server.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
		});

		test('two items with one Custom Identifier in a run create one document', async () => {
			server.respondWith(({ method }) =>
				method === 'GET' ? emptyList : { status: 201, body: documentAnswer('docNew') },
			);
			const { output } = await run(create({ customIdentifier: 'ats-7' }), [{}, {}]);
			expect(server.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'PATCH', 'GET']);
			expect(output(AFFINDA_NODE_NAME).map((item) => [item.json.reused, item.pairedItem])).toEqual([
				[false, { item: 0 }],
				[true, { item: 1 }],
			]);
		});

		test('a fault that leaves open whether it was created is never retried, and says what to check', async () => {
			server.respondWith(() => ({ status: 502, text: 'Bad gateway' }));
			const { error } = await run(create());
			expect(server.requests.map((r) => r.method)).toEqual(['POST']);
			expect(error()?.httpCode).toBe('502');
			expect(error()?.description).toMatch(/may have been created/);
		});

		test('created, but the identifier could not be set: the error names the document and what to do; a sibling shares it', async () => {
			server.respondWith(({ method }) =>
				method === 'GET'
					? emptyList
					: method === 'POST'
						? { status: 201, body: documentAnswer('docNew') }
						: serviceError(400, 'invalid', 'No.'),
			);
			const { output } = await run(create({ customIdentifier: 'ats-7' }), [{}, {}], {
				onError: 'continueErrorOutput',
			});
			expect(server.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'PATCH']);
			const failed = output(AFFINDA_NODE_NAME, 1);
			expect(failed.map((item) => item.json.error)).toEqual([
				'Document docNew was created, but its Custom Identifier "ats-7" could not be set [item 0]',
				'Document docNew was created, but its Custom Identifier "ats-7" could not be set [item 1]',
			]);
			expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			const alone = await run(create({ customIdentifier: 'ats-7' }));
			expect(alone.error()?.description).toMatch(/^Do not run this item again.*Document → Update/);
		});

		test('Continue on Fail: the item with bad Data to the error output, paired; the others created', async () => {
			server.respondWith(() => ({ status: 201, body: documentAnswer('docNew') }));
			const { output } = await run(
				create({}, '={{ $json.record }}'),
				[
					{ record: { emails: ['a@example.com'] } },
					{ record: 'not a record' },
					{ record: { emails: ['c@example.com'] } },
				],
				{ onError: 'continueErrorOutput' },
			);
			expect(server.requests.map((r) => r.body)).toEqual([
				{ data: { emails: ['a@example.com'] } },
				{ data: { emails: ['c@example.com'] } },
			]);
			expect(output(AFFINDA_NODE_NAME, 0).map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 2 },
			]);
			expect(output(AFFINDA_NODE_NAME, 1).map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
		});

		test('Data left as the panel opens (empty, no example) is refused before any request', async () => {
			const { data, ...untouched } = create();
			expect(data).toBeDefined();
			const { error } = await run(untouched);
			expect(error()?.message).toMatch(
				/^Parameter "Data" \(data\) .*a JSON object with at least one field/,
			);
			expect(server.requests).toHaveLength(0);
		});

		test.each([['not json'], ['{}'], ['[1, 2]']])(
			'Data %j is refused before any request',
			async (data) => {
				const { error } = await run(create({}, data));
				expect(error()?.message).toMatch(
					/^Parameter "Data" \(data\) .*a JSON object with at least one field/,
				);
				expect(server.requests).toHaveLength(0);
			},
		);
	});

	describe('Usage → Get', () => {
		const usageAnswer = {
			scope: 'organization',
			scopeIdentifier: 'org1',
			start: '2025-11-26',
			end: '2026-11-26',
			total: 3,
			items: [{ date: '2026-11-25', count: 3 }],
		};
		const usage = (extra: IDataObject = {}) => ({
			resource: 'usage',
			operation: 'get',
			organization: locator('org1', 'list'),
			...extra,
		});

		test('GET /v3/usage for the organization; the answer is the item', async () => {
			server.respondWith(() => ({ body: usageAnswer }));
			const { output } = await run(usage());
			expect(wire()).toEqual([['GET', '/v3/usage', { organization: 'org1' }, undefined]]);
			expect(violations(usageAnswer, schema('UsageResponse'), SCHEMAS)).toEqual([]);
			expect(output(AFFINDA_NODE_NAME)[0].json).toEqual(usageAnswer);
		});

		test('a workspace or a document type, and the period as days', async () => {
			await run(
				usage({
					scope: 'workspace',
					workspace: locator('wsRecruit'),
					start: '2026-11-01T00:00:00',
					end: '2026-11-30',
				}),
			);
			await run(usage({ scope: 'documentType', documentType: locator('dtResume') }));
			expect(server.requests.map((r) => r.query)).toEqual([
				{ organization: 'org1', workspace: 'wsRecruit', start: '2026-11-01', end: '2026-11-30' },
				{ organization: 'org1', document_type: 'dtResume' },
			]);
		});

		test('Continue on Fail: the item with a bad Start to the error output, paired; the others sent', async () => {
			server.respondWith(() => ({ body: usageAnswer }));
			const { output } = await run(
				usage({ start: '={{ $json.from }}' }),
				[{ from: '2026-11-01' }, { from: 'soon' }, { from: '2026-10-01' }],
				{ onError: 'continueErrorOutput' },
			);
			expect(server.requests.map((r) => r.query.start)).toEqual(['2026-11-01', '2026-10-01']);
			expect(output(AFFINDA_NODE_NAME, 0).map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 2 },
			]);
			expect(
				output(AFFINDA_NODE_NAME, 1).map((item) => [
					String(item.json.error).startsWith('Parameter "Start" (start) is "soon"'),
					item.pairedItem,
				]),
			).toEqual([[true, { item: 1 }]]);
		});

		test.each([
			[{ start: 'last month' }, /^Parameter "Start" \(start\) is "last month", but must be a date/],
			[
				{ start: '2026-12-01', end: '2026-11-01' },
				/^Parameter "Start" \(start\) is "2026-12-01", but must be a day on or before End/,
			],
			[
				{ organization: locator('={{ $json.none }}') },
				/^Parameter "Organization" \(organization\) is missing/,
			],
		])('%j is refused before any request', async (extra, message) => {
			const { error } = await run(usage(extra));
			expect(error()?.message).toMatch(message);
			expect(server.requests).toHaveLength(0);
		});
	});

	describe('Document → Update as an AI Agent’s tool', () => {
		beforeAll(async () => await registerToolVariant());

		/** The agent's tool call: the model's arguments are the input item; its answer the ai_tool log. */
		const callAsTool = async (args: IDataObject) =>
			await runWorkflow(
				affindaWorkflow(
					{ resource: 'document', operation: 'update' },
					{ type: AFFINDA_TOOL_TYPE, rewireOutputLogTo: NodeConnectionTypes.AiTool },
				),
				{
					credentials: affindaCredentials(server.url),
					input: [{ json: { ...args, toolCallId: 'call_1' } }],
				},
			);
		const toolAnswer = (run: IRun) =>
			(
				run.data.resultData.runData[AFFINDA_NODE_NAME][0].data?.[NodeConnectionTypes.AiTool]?.[0] ??
				[]
			).map((item) => item.json);

		test.each([
			['validate', { isConfirmed: true }],
			['reject', { isRejected: true }],
			['archive', { isArchived: true }],
		])(
			'the model asks to %s: the one flag goes out, and it reads the document back as a row',
			async (reviewStep, body) => {
				const { run: finished } = await callAsTool({ identifier: 'docA', reviewStep });
				expect(wire()).toEqual([['PATCH', '/v3/documents/docA', {}, body]]);
				// The document as one flat row, as Get answers a model.
				expect(toolAnswer(finished)).toEqual([
					expect.objectContaining({ identifier: 'docA', fullName: 'Jane Doe' }),
				]);
			},
		);

		test('a review step it does not know is refused as the answer; nothing is sent', async () => {
			const { run: finished } = await callAsTool({ identifier: 'docA', reviewStep: 'approve' });
			expect(finished.status).toBe('success');
			expect(server.requests).toHaveLength(0);
			expect(toolAnswer(finished)).toEqual([
				{
					refused: expect.stringMatching(
						/^Argument "reviewStep" \(Review Step\) is "approve", but must be one of validate, reject, archive, unarchive\./,
					),
				},
			]);
		});
	});
});
