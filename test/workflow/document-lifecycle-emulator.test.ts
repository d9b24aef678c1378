/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { readPdfText } from '../emulator/parsing/pdf';
import { clientFor, type Client } from '../emulator/test-client';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { listSearchInProcess } from '../helpers/load-options-in-process';
import { startPollHost } from '../helpers/poll-host';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';

/**
 * Document → Update, Download and Create From Data, and Usage → Get against the emulator, which
 * checks each request as the service would: a reviewer's decision reaches both triggers, the
 * redacted file lacks the candidate's details, running Create From Data again makes nothing new,
 * and usage counts what was parsed. The exact wire is owned by document-lifecycle.test.ts.
 */
describe('a document’s life after parsing, against the emulator', () => {
	let emulator: Emulator;
	let api: Client;
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const byList = (value: string) => ({ __rl: true, mode: 'list', value });

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 30, jobDescriptionCount: 3, parseDelayMs: 20 });
		api = clientFor(emulator);
	});
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	const run = async (parameters: IDataObject) =>
		await runWorkflow(affindaWorkflow(parameters), { credentials: credentials() });

	/** The sample resume uploaded and parsed: its identifier and parsed data. */
	async function uploadedResume(): Promise<{ identifier: string; data: IDataObject }> {
		const answer = await api.upload(emulator.fixtures.sampleFiles.resumePdf, {
			workspace: emulator.fixtures.workspaces.recruitment.identifier,
			wait: 'true',
		});
		expect(answer.status).toBe(200);
		return { identifier: answer.body.meta.identifier, data: answer.body.data };
	}

	/** A webhook receiver subscribed to `event`, activated as the service's handshake asks. */
	async function subscriber(event: string): Promise<RecordingServer> {
		const receiver = await startRecordingServer(({ headers }) =>
			headers['x-hook-secret']
				? { headers: { 'X-Hook-Secret': String(headers['x-hook-secret']) } }
				: {},
		);
		const created = await api.post('/v3/resthook_subscriptions', {
			targetUrl: receiver.url,
			event,
		});
		expect(created.status).toBe(201);
		for (let waited = 0; waited < 100 && receiver.requests.length === 0; waited++) {
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		const secret = String(receiver.requests[0].headers['x-hook-secret']);
		const activated = await api.fetch('/v3/resthook_subscriptions/activate', {
			method: 'POST',
			headers: { 'X-Hook-Secret': secret },
		});
		expect(activated.status).toBe(200);
		receiver.requests.length = 0;
		return receiver;
	}

	test('Update → Validated: the webhook event goes out and the polling trigger passes it on as validated', async () => {
		const { identifier } = await uploadedResume();
		const receiver = await subscriber('document.validate.completed');
		const trigger = await startPollHost({
			parameters: {
				event: 'document.validate.completed',
				scope: 'workspace',
				workspace: byId(emulator.fixtures.workspaces.recruitment.identifier),
			},
			credentials: credentials(),
		});
		try {
			await trigger.activate();
			const { output, error } = await run({
				resource: 'document',
				operation: 'update',
				identifier: byId(identifier),
				updateFields: { isConfirmed: true },
			});
			expect(error()).toBeUndefined();
			expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ identifier });
			expect((await api.get(`/v3/documents/${identifier}`)).body.meta.isConfirmed).toBe(true);
			for (let waited = 0; waited < 250 && receiver.requests.length === 0; waited++) {
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
			expect(
				receiver.requests.map((r) => [
					(r.body as IDataObject).event,
					((r.body as IDataObject).payload as IDataObject).identifier,
				]),
			).toEqual([['document.validate.completed', identifier]]);
			await trigger.poll();
			expect(trigger.runs.map((items) => [items[0].json.identifier, items[0].json.state])).toEqual([
				[identifier, 'validated'],
			]);
		} finally {
			await receiver.stop();
		}
	});

	test('Update moves a document to a collection picked from the list, renames and labels it', async () => {
		const { identifier } = await uploadedResume();
		const collections = await listSearchInProcess('searchCollections', {
			credentials: credentials(),
			parameters: { resource: 'document', operation: 'update' },
		});
		const resumes = collections.results.find((entry) => entry.name.endsWith('Resumes'));
		expect(resumes?.value).toBe(emulator.fixtures.collections.resumes.identifier);
		const { error } = await run({
			resource: 'document',
			operation: 'update',
			identifier: byId(identifier),
			updateFields: {
				collection: byList(String(resumes?.value)),
				fileName: 'candidate-17.pdf',
				customIdentifier: 'ats-17',
				language: 'en',
				expiryTime: '2027-06-30T00:00:00.000Z',
			},
		});
		expect(error()).toBeUndefined();
		expect((await api.get(`/v3/documents/${identifier}`)).body.meta).toMatchObject({
			collection: { identifier: emulator.fixtures.collections.resumes.identifier },
			fileName: 'candidate-17.pdf',
			customIdentifier: 'ats-17',
			expiryTime: '2027-06-30T00:00:00.000Z',
		});
	});

	test('Download: the redacted PDF lacks the candidate’s name and contact details; the original is the uploaded file', async () => {
		const { identifier, data } = await uploadedResume();
		const download = async (file: string) => {
			const { output, error } = await run({
				resource: 'document',
				operation: 'download',
				identifier: byId(identifier),
				file,
			});
			expect(error()).toBeUndefined();
			const [item] = output(AFFINDA_NODE_NAME) as INodeExecutionData[];
			return {
				binary: item.binary?.data,
				bytes: Buffer.from(item.binary?.data.data ?? '', 'base64'),
			};
		};
		const redacted = await download('redacted');
		expect(redacted.binary).toMatchObject({
			fileName: `${identifier}-redacted.pdf`,
			mimeType: 'application/pdf',
		});
		const text = readPdfText(redacted.bytes);
		const name = data.name as IDataObject;
		for (const detail of [
			name.first,
			name.last,
			...(data.emails as string[]),
			...(data.phoneNumbers as string[]),
		]) {
			expect(text).not.toContain(String(detail));
		}
		expect(text).toContain('[REDACTED]');

		const original = await download('original');
		const uploaded = readFileSync(emulator.fixtures.sampleFiles.resumePdf);
		expect(createHash('sha256').update(original.bytes).digest('hex')).toBe(
			createHash('sha256').update(uploaded).digest('hex'),
		);
		expect(original.binary).toMatchObject({
			fileName: 'marcus-webb.pdf',
			mimeType: 'application/pdf',
		});
	});

	test('Create From Data with a Custom Identifier: running again makes no second document', async () => {
		const parameters = {
			resource: 'document',
			operation: 'createFromData',
			data: JSON.stringify({
				name: { raw: 'Grace Hopper', first: 'Grace', last: 'Hopper' },
				emails: ['grace@example.com'],
				skills: [{ name: 'COBOL' }],
			}),
			output: 'document',
			options: { customIdentifier: 'ats-hopper' },
		};
		const first = await run(parameters);
		expect(first.error()).toBeUndefined();
		expect(first.output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
			customIdentifier: 'ats-hopper',
			reused: false,
			extractor: 'resume',
		});
		const again = await run(parameters);
		expect(again.output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
			customIdentifier: 'ats-hopper',
			reused: true,
		});
		const found = await api.get('/v3/documents?custom_identifier=ats-hopper');
		expect(found.body.count).toBe(1);
	});

	test('Usage → Get counts the documents parsed today', async () => {
		const { organization } = emulator.fixtures;
		const before = (await api.get(`/v3/usage?organization=${organization.identifier}`)).body
			.total as number;
		await uploadedResume();
		const { output, error } = await run({
			resource: 'usage',
			operation: 'get',
			organization: byList(organization.identifier),
			scope: 'workspace',
			workspace: byId(emulator.fixtures.workspaces.recruitment.identifier),
		});
		expect(error()).toBeUndefined();
		const today = new Date().toISOString().slice(0, 10);
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
			scope: 'workspace',
			end: today,
			total: before + 1,
			items: [{ date: today, count: before + 1 }],
		});
	});
});
