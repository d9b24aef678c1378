import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	documentAnswer,
	failedAnswer,
	multipartOf,
	pendingAnswer,
	serviceError,
	simplified,
	WORKSPACE,
} from '../helpers/document-answers';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/** Every byte value, so a body that went through text on the way would not compare equal. */
const RESUME_BYTES = Buffer.concat([
	Buffer.from('%PDF-1.7\n'),
	Buffer.from(Array.from({ length: 256 }, (_, b) => b)),
]);

const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });

const uploadParameters = (extra: IDataObject = {}) => ({
	resource: 'document',
	operation: 'upload',
	output: 'document',
	workspace: locator(WORKSPACE.identifier, 'list'),
	...extra,
});

describe('Document → Upload, in a workflow, on the wire', () => {
	let server: RecordingServer;
	let resumeFile: IBinaryData;
	const withFile = (json: IDataObject = {}): INodeExecutionData => ({
		json,
		binary: { data: resumeFile },
	});

	beforeAll(async () => {
		resumeFile = await storeBinaryFile(RESUME_BYTES, 'jane-doe.pdf', 'application/pdf');
	});
	beforeEach(async () => {
		server = await startRecordingServer(() => ({ body: documentAnswer('docA') }));
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('uploads a file held in filesystem binary mode, with every option as a string part', async () => {
		// In filesystem mode the item holds a reference, not the file.
		expect(resumeFile.id).toMatch(/^filesystem(-v2)?:/);
		expect(resumeFile.data).not.toBe(RESUME_BYTES.toString('base64'));

		const { run, output } = await runWorkflow(
			affindaWorkflow(
				uploadParameters({
					documentType: locator('dtResume'),
					options: {
						compact: true,
						customIdentifier: 'candidate-4711',
						deleteAfterParse: false,
						enableValidationTool: false,
						expiryTime: '2027-01-31T12:00:00',
						fileName: 'Jane Doe CV.pdf',
						language: 'en',
						llmHint: 'Dates are day first',
						lowPriority: true,
						regionBias: '{ "country": "AU", "countries": ["AU", "NZ"], "strict": false }',
						rejectDuplicates: 'false',
						useOcr: 'true',
					},
				}),
			),
			{ credentials: affindaCredentials(server.url), input: [withFile()] },
		);

		expect(run.status).toBe('success');
		expect(server.requests).toHaveLength(1);
		const [request] = server.requests;
		expect([request.method, request.path, request.query]).toEqual(['POST', '/v3/documents', {}]);
		expect(request.headers.authorization).toBe('Bearer test-key');
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		const { fields, files } = await multipartOf(request);
		expect(files).toEqual({
			file: { fileName: 'Jane Doe CV.pdf', type: 'application/pdf', content: RESUME_BYTES },
		});
		expect(fields).toEqual({
			workspace: WORKSPACE.identifier,
			documentType: 'dtResume',
			wait: 'true',
			compact: 'true',
			customIdentifier: 'candidate-4711',
			deleteAfterParse: 'false',
			enableValidationTool: 'false',
			expiryTime: '2027-01-31T12:00:00',
			fileName: 'Jane Doe CV.pdf',
			language: 'en',
			llmHint: 'Dates are day first',
			lowPriority: 'true',
			regionBias: '{"country":"AU","countries":["AU","NZ"],"strict":false}',
			rejectDuplicates: 'false',
			useOcr: 'true',
		});
		const items = output(AFFINDA_NODE_NAME);
		expect(items.map((item) => item.json)).toEqual([simplified('docA')]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('sends only the file, workspace and wait when nothing else is set, named as the binary is', async () => {
		await runWorkflow(affindaWorkflow(uploadParameters()), {
			credentials: affindaCredentials(server.url),
			input: [withFile()],
		});
		const { fields, files } = await multipartOf(server.requests[0]);
		expect(fields).toEqual({ workspace: WORKSPACE.identifier, wait: 'true' });
		expect(files.file.fileName).toBe('jane-doe.pdf');
	});

	test('a URL into a collection, without waiting: the upload answer as it came, no polling', async () => {
		server.respondWith(() => ({ status: 201, body: pendingAnswer('docB') }));
		const { run, output } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'upload',
				source: 'url',
				url: '={{ $json.link }}',
				destination: 'collection',
				collection: 'colResumes',
				wait: false,
				output: 'raw',
			}),
			{
				credentials: affindaCredentials(server.url),
				input: [{ json: { link: 'https://files.example/jane-doe.pdf' } }],
			},
		);

		expect(run.status).toBe('success');
		expect(server.requests).toHaveLength(1);
		const { fields, files } = await multipartOf(server.requests[0]);
		expect(files).toEqual({});
		expect(fields).toEqual({
			url: 'https://files.example/jane-doe.pdf',
			collection: 'colResumes',
			wait: 'false',
		});
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([pendingAnswer('docB')]);
	});

	test('when the service answers before parsing is done, looks again until the document is ready', async () => {
		let looks = 0;
		server.respondWith(({ method }) => {
			if (method === 'POST') return { status: 201, body: pendingAnswer('docC') };
			looks += 1;
			return { body: looks < 2 ? pendingAnswer('docC') : documentAnswer('docC') };
		});
		const { run, output } = await runWorkflow(
			affindaWorkflow(uploadParameters({ options: { compact: true } })),
			{ credentials: affindaCredentials(server.url), input: [withFile()] },
		);

		expect(run.status).toBe('success');
		expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['POST', '/v3/documents', {}],
			['GET', '/v3/documents/docC', { compact: 'true' }],
			['GET', '/v3/documents/docC', { compact: 'true' }],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([simplified('docC')]);
	});

	test('gives up after Parsing Timeout with the identifier to fetch the document later', async () => {
		server.respondWith(() => ({ status: 201, body: pendingAnswer('docSlow') }));
		const { run, error } = await runWorkflow(
			affindaWorkflow(uploadParameters({ parsingTimeout: 1 })),
			{ credentials: affindaCredentials(server.url), input: [withFile()] },
		);
		expect(run.status).toBe('error');
		expect(error()?.message).toBe(
			'Affinda had not finished parsing document docSlow when the Parsing Timeout of 1 s ran out [item 0]',
		);
		expect(String(error()?.description)).toContain('Document → Get using identifier docSlow');
		expect(server.requests[0].method).toBe('POST');
		expect(server.requests.slice(1).every((r) => r.method === 'GET')).toBe(true);
		expect(server.requests.length).toBeGreaterThanOrEqual(2);
	});

	test("a failed parse is an error for the item, with the service's code and detail", async () => {
		server.respondWith(() => ({
			body: failedAnswer('docLocked', 'password_protected', 'The document is password protected.'),
		}));
		const { run, error } = await runWorkflow(affindaWorkflow(uploadParameters()), {
			credentials: affindaCredentials(server.url),
			input: [withFile()],
		});
		expect(run.status).toBe('error');
		expect(error()?.message).toBe(
			'Affinda could not parse document docLocked: The document is password protected. (password_protected) [item 0]',
		);
		expect(error()?.description).toBe('Remove the password from the file, then upload it again.');
		expect(server.requests).toHaveLength(1);
	});

	test('a parse that fails while the node is looking is an error too', async () => {
		server.respondWith(({ method }) =>
			method === 'POST'
				? { status: 201, body: pendingAnswer('docBad') }
				: { body: failedAnswer('docBad', 'no_text_found', 'No text could be extracted.') },
		);
		const { error } = await runWorkflow(affindaWorkflow(uploadParameters()), {
			credentials: affindaCredentials(server.url),
			input: [withFile()],
		});
		expect(error()?.message).toBe(
			'Affinda could not parse document docBad: No text could be extracted. (no_text_found) [item 0]',
		);
		expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
	});

	test('a 400 from the service names the field it refused, and is not retried', async () => {
		server.respondWith(() =>
			serviceError(400, 'does_not_exist', 'Workspace "nope" not found.', 'workspace'),
		);
		const { error } = await runWorkflow(
			affindaWorkflow(uploadParameters({ workspace: locator('nope') })),
			{ credentials: affindaCredentials(server.url), input: [withFile()] },
		);
		expect(error()?.name).toBe('NodeApiError');
		expect(error()?.httpCode).toBe('400');
		expect(error()?.message).toBe(
			'Affinda rejected the request: workspace: Workspace "nope" not found. [item 0]',
		);
		expect(server.requests).toHaveLength(1);
	});

	test('a 503 proves nothing was created: retried, then advice that re-runs only this item', async () => {
		server.respondWith(() => ({ status: 503, body: { type: 'server_error', errors: [] } }));
		const { error } = await runWorkflow(affindaWorkflow(uploadParameters()), {
			credentials: affindaCredentials(server.url),
			input: [withFile()],
		});
		expect(error()?.httpCode).toBe('503');
		expect(server.requests).toHaveLength(4);
		expect(error()?.description).toMatch(/^The service was unavailable on all 4 attempts/);
		expect(error()?.description).toMatch(/Continue \(using error output\)/);
		expect(error()?.description).not.toMatch(/turn on Retry On Fail/i);
	});

	test('a 502 is not retried: the first upload may have created the document', async () => {
		server.respondWith(() => ({ status: 502, body: { type: 'server_error', errors: [] } }));
		const { error } = await runWorkflow(affindaWorkflow(uploadParameters()), {
			credentials: affindaCredentials(server.url),
			input: [withFile()],
		});
		expect(error()?.httpCode).toBe('502');
		expect(server.requests).toHaveLength(1);
		expect(error()?.description).toMatch(/The document may have been created/);
		expect(error()?.description).toMatch(/Custom Identifier/);
	});

	describe('refuses bad input before any request', () => {
		// Every item carries a file: only the parameter in question is wrong.
		const cases: Array<[string, IDataObject, string]> = [
			[
				'a URL that is not http(s)',
				{ source: 'url', url: 'ftp://files.example/cv.pdf' },
				'Parameter "URL" (url) is "ftp://files.example/cv.pdf", but must be an http or https link to the document [item 0]',
			],
			[
				'region bias that is not a JSON object',
				{ options: { regionBias: '["AU"]' } },
				'Parameter "Region Bias" (regionBias) is "[\\"AU\\"]", but must be a JSON object with country (text), countries (a list of text), squareCoordinates (4 numbers) or strict (true or false) [item 0]',
			],
			[
				'an expiry time that is not a date',
				{ options: { expiryTime: 'next week' } },
				'Parameter "Expiry Time" (expiryTime) is "next week", but must be an ISO 8601 date and time [item 0]',
			],
			[
				'Delete After Parse without waiting',
				{ wait: false, options: { deleteAfterParse: true } },
				'Parameter "Delete After Parse" (deleteAfterParse) is true, but must be off unless Wait for Parsing is on, or nothing would be left to fetch [item 0]',
			],
			[
				'a workspace expression that resolves to nothing',
				{ workspace: locator('={{ $json.workspaceId }}') },
				'Parameter "Workspace" (workspace) is missing, but must be a workspace identifier [item 0]',
			],
		];

		test.each(cases)('%s', async (_, extra, message) => {
			const { run, error } = await runWorkflow(affindaWorkflow(uploadParameters(extra)), {
				credentials: affindaCredentials(server.url),
				input: [withFile()],
			});
			expect(run.status).toBe('error');
			expect(error()?.message).toBe(message);
			expect(error()?.description).toBe(
				'Nothing was sent to Affinda. Change the value and run again.',
			);
			expect(server.requests).toHaveLength(0);
		});

		test('an item without the binary field', async () => {
			const { error } = await runWorkflow(affindaWorkflow(uploadParameters()), {
				credentials: affindaCredentials(server.url),
				input: [{ json: {} }],
			});
			// n8n's own words, naming the field it looked for.
			expect(error()?.message).toBe(
				"This operation expects the node's input data to contain a binary file 'data', but none was found [item 0]",
			);
			expect(server.requests).toHaveLength(0);
		});
	});

	test('Continue on Fail: each item its own upload, failures paired to their items', async () => {
		server.respondWith(async (request) => {
			const { fields } = await multipartOf(request);
			return fields.customIdentifier === 'locked'
				? { body: failedAnswer('docLocked', 'password_protected', 'Password protected.') }
				: { body: documentAnswer(`doc-${fields.customIdentifier}`) };
		});
		const { run, output } = await runWorkflow(
			affindaWorkflow(
				uploadParameters({
					options: { customIdentifier: '={{ $json.id }}', regionBias: '={{ $json.bias }}' },
				}),
				{
					onError: 'continueErrorOutput',
				},
			),
			{
				credentials: affindaCredentials(server.url),
				input: [
					withFile({ id: 'one', bias: '{}' }),
					withFile({ id: 'two', bias: 'not json' }),
					withFile({ id: 'locked', bias: '{}' }),
					withFile({ id: 'four', bias: '{"country": "NZ"}' }),
				],
			},
		);

		expect(run.status).toBe('success');
		expect(server.requests).toHaveLength(3); // item 1 never left n8n
		const succeeded = output(AFFINDA_NODE_NAME, 0);
		expect(succeeded.map((item) => [item.json.identifier, item.pairedItem])).toEqual([
			['doc-one', { item: 0 }],
			['doc-four', { item: 3 }],
		]);
		const failed = output(AFFINDA_NODE_NAME, 1);
		expect(failed.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[
				'Parameter "Region Bias" (regionBias) is "not json", but must be a JSON object with country (text), countries (a list of text), squareCoordinates (4 numbers) or strict (true or false) [item 1]',
				{ item: 1 },
			],
			[
				'Affinda could not parse document docLocked: Password protected. (password_protected) [item 2]',
				{ item: 2 },
			],
		]);
	});
});
