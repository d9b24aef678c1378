// As people add nodes today: what the panel starts with never reaches the service.
// Options and filters added and left as they come send nothing; identifiers start empty; an
// email's several attachments become one document each, paired with the email.
import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { documentAnswer, multipartOf, simplified, WORKSPACE } from '../helpers/document-answers';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';

const locator = (value: string) => ({ __rl: true, mode: 'list', value });

describe('nothing reaches the service that the user did not set', () => {
	let server: RecordingServer;
	let cv: IBinaryData;
	let letter: IBinaryData;
	let secondCv: IBinaryData;

	beforeAll(async () => {
		cv = await storeBinaryFile(Buffer.from('%PDF-1.7 cv'), 'jane-doe-cv.pdf', 'application/pdf');
		letter = await storeBinaryFile(Buffer.from('Dear hiring manager'), 'cover.txt', 'text/plain');
		secondCv = await storeBinaryFile(
			Buffer.from('PK docx'),
			'john-roe-cv.docx',
			'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		);
	});
	beforeEach(async () => {
		let next = 0;
		server = await startRecordingServer(({ method, path }) =>
			method === 'POST' && path === '/v3/documents'
				? { body: documentAnswer(`doc${++next}`) }
				: { body: { count: 0, next: null, previous: null, results: [] } },
		);
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const upload = (extra: IDataObject = {}) =>
		affindaWorkflow({
			resource: 'document',
			operation: 'upload',
			workspace: locator(WORKSPACE.identifier),
			...extra,
		});

	test('Upload options added and left as they come send nothing', async () => {
		const { run } = await runWorkflow(
			upload({
				source: 'url',
				url: 'https://files.example/cv.pdf',
				// As the editor stores options added and not touched: each at its default.
				options: {
					useOcr: 'workspace',
					rejectDuplicates: 'workspace',
					deleteAfterParse: false,
					lowPriority: false,
					regionBias: '',
					customIdentifier: '',
				},
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(run.status).toBe('success');
		const { fields } = await multipartOf(server.requests[0]);
		expect(fields).toEqual({
			url: 'https://files.example/cv.pdf',
			workspace: WORKSPACE.identifier,
			wait: 'true',
			deleteAfterParse: 'false',
			lowPriority: 'false',
		});
	});

	test('Use OCR and Reject Duplicates, once chosen, go as the service reads them', async () => {
		await runWorkflow(
			upload({
				source: 'url',
				url: 'https://files.example/cv.pdf',
				options: { useOcr: 'true', rejectDuplicates: 'false' },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		const { fields } = await multipartOf(server.requests[0]);
		expect(fields).toMatchObject({ useOcr: 'true', rejectDuplicates: 'false' });
	});

	test('several named binary fields: one document each, all paired to the email', async () => {
		const email: INodeExecutionData = {
			json: { subject: 'Application' },
			binary: { attachment_0: letter, attachment_1: cv, attachment_2: secondCv },
		};
		const { output } = await runWorkflow(
			upload({ binaryPropertyName: 'attachment_1, attachment_2', output: 'document' }),
			{ credentials: affindaCredentials(server.url), input: [email] },
		);
		const names = await Promise.all(
			server.requests.map(async (request) => (await multipartOf(request)).files.file.fileName),
		);
		expect(names).toEqual(['jane-doe-cv.pdf', 'john-roe-cv.docx']);
		const items = output(AFFINDA_NODE_NAME);
		expect(items.map((item) => item.json)).toEqual([simplified('doc1'), simplified('doc2')]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test("all of the item's files of the given types: the CVs, not the cover letter", async () => {
		const emails: INodeExecutionData[] = [
			{ json: {}, binary: { attachment_0: letter, attachment_1: cv } },
			{ json: {}, binary: { attachment_0: secondCv } },
		];
		const { output } = await runWorkflow(upload({ binaryFiles: 'all', fileTypes: 'pdf, docx' }), {
			credentials: affindaCredentials(server.url),
			input: emails,
		});
		const names = await Promise.all(
			server.requests.map(async (request) => (await multipartOf(request)).files.file.fileName),
		);
		// The two emails may be sent at once (items run a few at a time): compare without order.
		expect(names.sort()).toEqual(['jane-doe-cv.pdf', 'john-roe-cv.docx']);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
		]);
	});

	test('Resume → Parse is the upload under the name recruiters look for', async () => {
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'resume',
				operation: 'parse',
				workspace: locator(WORKSPACE.identifier),
				output: 'document',
			}),
			{ credentials: affindaCredentials(server.url), input: [{ json: {}, binary: { data: cv } }] },
		);
		const { fields, files } = await multipartOf(server.requests[0]);
		expect([server.requests[0].method, server.requests[0].path]).toEqual(['POST', '/v3/documents']);
		expect(fields).toEqual({ workspace: WORKSPACE.identifier, wait: 'true' });
		expect(files.file.fileName).toBe('jane-doe-cv.pdf');
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([simplified('doc1')]);
	});

	test('Get Many filters added and left as they come filter nothing', async () => {
		await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'getMany',
				filters: { failed: 'any', ready: 'any', created_dt: 'any', state: 'any' },
				output: 'document',
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'getMany',
				filters: { failed: 'true', ready: 'false' },
				output: 'document',
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests.map((request) => request.query)).toEqual([
			{ limit: '50' },
			{ limit: '50', failed: 'true', ready: 'false' },
		]);
	});

	test('Annotation → Update starts with no annotation: untouched, n8n refuses to run it', async () => {
		const untouched = runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'update',
				updateFields: { raw: 'Sydney' },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		// The required, empty Annotation ID is an issue n8n checks before it runs anything.
		await expect(untouched).rejects.toThrow('The workflow has issues');
		expect(server.requests).toHaveLength(0);
	});

	test('Annotation → Update with an ID from an expression that yields nothing is refused', async () => {
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'update',
				id: '={{ $json.annotationId }}',
				updateFields: { raw: 'Sydney' },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Parameter "Annotation ID" (id) is missing, but must be a whole number of 1 or more [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});
});
