/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import type { IDataObject, INodeExecutionData, INodeParameters, IWorkflowBase } from 'n8n-workflow';

import { startEmulator, type Emulator, type ReceivedMultipart } from '../emulator';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Upload → Get and the other document operations against the emulator, which checks uploads field
 * by field and queries as the service does: a pass means the service would have taken the request.
 * The exact wire of each operation is owned by document.test.ts and document-upload.test.ts.
 */
describe('Document operations against the emulator', () => {
	let emulator: Emulator;
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const locator = (value: string) => ({ __rl: true, mode: 'id', value });
	const recruitment = () => emulator.fixtures.workspaces.recruitment;

	/** An input item carrying one of the emulator's sample files, in filesystem binary mode. */
	async function withSampleFile(
		name: 'resumePdf' | 'resumeDocx' | 'resumeText',
		json: IDataObject = {},
	) {
		const path = emulator.fixtures.sampleFiles[name];
		const mimeType = {
			resumePdf: 'application/pdf',
			resumeDocx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			resumeText: 'text/plain',
		}[name];
		const file = await storeBinaryFile(readFileSync(path), basename(path), mimeType);
		return { json, binary: { data: file } } as INodeExecutionData;
	}

	const upload = (extra: IDataObject = {}) => ({
		resource: 'document',
		operation: 'upload',
		output: 'document',
		workspace: locator(recruitment().identifier),
		...extra,
	});

	/** Start → Affinda (first) → "Then" (second), the second reading the first's output. */
	function twoSteps(first: IDataObject, then: IDataObject): IWorkflowBase {
		const workflow = affindaWorkflow(first);
		workflow.nodes.push({
			...workflow.nodes[1],
			id: 'then',
			name: 'Then',
			position: [480, 0],
			parameters: then as INodeParameters,
		});
		workflow.connections[AFFINDA_NODE_NAME] = {
			main: [[{ node: 'Then', type: 'main', index: 0 }]],
		};
		return workflow;
	}

	const uploads = () =>
		emulator.received.filter((r) => r.method === 'POST' && r.path === '/v3/documents');

	beforeAll(async () => {
		emulator = await startEmulator({
			resumeCount: 50,
			jobDescriptionCount: 5,
			seed: 11,
			parseDelayMs: 50,
		});
	});
	beforeEach(() => emulator.clearReceived());
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	test('Upload a PDF from filesystem binary data, waiting, then Get the same document', async () => {
		const { run, error, output } = await runWorkflow(
			twoSteps(
				upload({
					documentType: locator(emulator.fixtures.documentTypes.resume.identifier),
					options: {
						customIdentifier: 'candidate-4711',
						expiryTime: '2030-01-31T12:00:00Z',
						language: 'en',
						llmHint: 'Dates are day first',
						lowPriority: true,
						regionBias: '{"country": "AU", "strict": false}',
						rejectDuplicates: 'false',
						enableValidationTool: true,
						useOcr: 'false',
					},
				}),
				{
					resource: 'document',
					operation: 'get',
					output: 'document',
					identifier: locator('={{ $json.identifier }}'),
				},
			),
			{ credentials: credentials(), input: [await withSampleFile('resumePdf')] },
		);

		expect(error()).toBeUndefined();
		expect(run.status).toBe('success');
		const [request] = uploads();
		const { fields, files } = request.body as ReceivedMultipart;
		expect(files.file).toEqual({
			fileName: 'marcus-webb.pdf',
			contentType: 'application/pdf',
			size: readFileSync(emulator.fixtures.sampleFiles.resumePdf).length,
			sha256: createHash('sha256')
				.update(readFileSync(emulator.fixtures.sampleFiles.resumePdf))
				.digest('hex'),
		});
		expect(fields).toMatchObject({
			workspace: recruitment().identifier,
			wait: 'true',
			lowPriority: 'true',
		});

		const [uploaded] = output(AFFINDA_NODE_NAME).map((item) => item.json);
		expect(uploaded).toMatchObject({
			customIdentifier: 'candidate-4711',
			fileName: 'marcus-webb.pdf',
			extractor: 'resume',
			ready: true,
			failed: false,
			workspace: { identifier: recruitment().identifier },
		});
		expect((uploaded.data as IDataObject).name).toMatchObject({ first: 'Marcus' });
		expect(output('Then').map((item) => item.json)).toEqual([uploaded]);
	});

	test('Upload by URL: the service downloads the file', async () => {
		const link = `${emulator.url}/media/documents/${emulator.fixtures.resumes[0].identifier}.pdf`;
		const { error, output } = await runWorkflow(
			affindaWorkflow(upload({ source: 'url', url: link })),
			{
				credentials: credentials(),
			},
		);
		expect(error()).toBeUndefined();
		const { fields, files } = uploads()[0].body as ReceivedMultipart;
		expect(files).toEqual({});
		expect(fields).toEqual({ url: link, workspace: recruitment().identifier, wait: 'true' });
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ extractor: 'resume', ready: true });
	});

	test('a duplicate with Reject Duplicates is a failed parse: an error for that item only', async () => {
		const { output } = await runWorkflow(
			// One item after the other, so that the second is the duplicate.
			affindaWorkflow(upload({ options: { rejectDuplicates: 'true', concurrency: 1 } }), {
				onError: 'continueErrorOutput',
			}),
			{
				credentials: credentials(),
				input: [await withSampleFile('resumeDocx'), await withSampleFile('resumeDocx')],
			},
		);
		expect(output(AFFINDA_NODE_NAME, 0).map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		const [failed] = output(AFFINDA_NODE_NAME, 1);
		expect(failed.pairedItem).toEqual({ item: 1 });
		expect(failed.json.error).toMatch(
			/^Affinda could not parse document \w+: .+ \(duplicate_document_error\) \[item 1\]$/,
		);
		// n8n keeps only the message in the item's json; the error itself carries the hint.
		expect(failed.error?.description).toBe(
			'Affinda already has this file. Turn off Reject Duplicates to parse it again.',
		);
	});

	test('Update Data changes a resume the service parsed', async () => {
		const { error, output } = await runWorkflow(
			twoSteps(upload(), {
				resource: 'document',
				operation: 'updateData',
				identifier: locator('={{ $json.identifier }}'),
				data: '{ "name": { "first": "Marc", "last": "Webb" }, "emails": ["marc.webb@example.com"] }',
				output: 'document',
			}),
			{ credentials: credentials(), input: [await withSampleFile('resumeText')] },
		);
		expect(error()).toBeUndefined();
		const data = output('Then')[0].json.data as IDataObject;
		expect(data.name).toMatchObject({ first: 'Marc', last: 'Webb' });
		expect(data.emails).toEqual(['marc.webb@example.com']);
	});

	test('Update Data on an invoice says to use the annotation operations', async () => {
		const [invoice] = emulator.fixtures.invoices;
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'updateData',
				identifier: locator(invoice.identifier),
				data: '{ "invoiceNumber": "1043" }',
			}),
			{ credentials: credentials() },
		);
		expect(error()?.message).toBe(
			`Document ${invoice.identifier} is parsed as "invoice", and Update Data changes only resumes and job descriptions [item 0]`,
		);
		expect(emulator.received.map((r) => r.method)).toEqual(['POST', 'GET']);
	});

	test('Get Many with every filter and option is a query the service accepts', async () => {
		const { error, output } = await runWorkflow(
			twoSteps(upload({ options: { customIdentifier: 'listed-4712' } }), {
				resource: 'document',
				operation: 'getMany',
				output: 'document',
				returnAll: true,
				filters: {
					created_dt: 'year',
					custom_identifier: 'listed-4712',
					failed: false,
					ready: true,
					search: 'olivia',
					state: 'review',
					workspace: locator(recruitment().identifier),
				},
				options: { compact: true, include_data: true, ordering: '-created_dt,file_name' },
			}),
			{ credentials: credentials(), input: [await withSampleFile('resumeText')] },
		);
		expect(error()).toBeUndefined();
		const [uploaded] = output(AFFINDA_NODE_NAME).map((item) => item.json);
		const listed = output('Then').map((item) => item.json);
		expect(listed.map((item) => item.identifier)).toEqual([uploaded.identifier]);
		expect(listed[0]).toMatchObject({
			customIdentifier: 'listed-4712',
			ready: true,
			failed: false,
		});
	});

	test('Delete, then Get finds nothing', async () => {
		const { identifier } = emulator.fixtures.resumes[1];
		const { error, output } = await runWorkflow(
			twoSteps(
				{ resource: 'document', operation: 'delete', identifier: locator(identifier) },
				{
					resource: 'document',
					operation: 'get',
					output: 'document',
					identifier: locator(identifier),
				},
			),
			{ credentials: credentials() },
		);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(error()?.httpCode).toBe('404');
		expect(error()?.message).toMatch(
			new RegExp(`^Affinda found nothing at /v3/documents/${identifier}(: .+)? \\[item 0\\]$`),
		);
	});
});
