// End to end: the Affinda Polling Trigger in a real n8n against the emulator. Activated with a
// one-minute poll (the shortest n8n allows), it starts one run per document parsed after
// activation, none for what was there before; n8n restarted in the middle of a poll, every
// document still starts exactly one run, and polling goes on. On n8n 2.41 and later with durable
// poll cursors on (test/n8n-runtime/options-on.ts). The CV-parsed example on the polling trigger runs as a person tries it in the editor.
import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator, type ReceivedRequest } from '../emulator';
import { clientFor, type Client } from '../emulator/test-client';
import { AFFINDA_CREDENTIAL_TYPE, startRealN8n, type RealN8n } from '../helpers/real-n8n/real-n8n';
import { executionError, outputItems } from '../helpers/real-n8n/run-data';
import { startRecordingServer } from '../helpers/recording-server';
import {
	AFFINDA_POLLING_TRIGGER_TYPE,
	CV_PARSED_POLLING,
	importExample,
	type ExampleSetup,
} from './examples';
import { noOp, workflow, type Credential } from './test-workflows';
import {
	applicationEmail,
	EMAIL_TRIGGER,
	eventually,
	executionsOf,
	executionsReaching,
	PARSED_TRIGGER,
	uploadOpenRole,
} from './trigger-example';
import { SETUP_TIMEOUT_MS } from './setup';

/** A poll a minute, a restart and the shared machine's load: minutes, never a timing assertion. */
const POLLS_TIMEOUT_MS = 4 * 60_000;
const API_KEY = 'e2e-polling-key';
/** How long the emulator holds the poll n8n is restarted in the middle of: longer than a restart. */
const HELD_POLL_MS = 90_000;

let emulator: Emulator;
let api: Client;
let n8n: RealN8n;
let credential: Credential;

const recruitment = () => emulator.fixtures.workspaces.recruitment.identifier;

beforeAll(async () => {
	emulator = await startEmulator({ key: API_KEY, seed: 'e2e-polling', parseDelayMs: 100 });
	api = clientFor(emulator);
	n8n = await startRealN8n();
	credential = await n8n.client.createCredential('Affinda (emulator)', AFFINDA_CREDENTIAL_TYPE, {
		apiKey: API_KEY,
		region: 'custom',
		baseUrl: emulator.url,
	});
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	await n8n?.stop();
	await emulator?.stop();
});

/** A parsed resume in the recruitment workspace (the upload answers once it is parsed). */
async function uploadParsedResume(name: string): Promise<string> {
	const answer = await api.upload(
		{ name, bytes: Buffer.from(`${name}\nBackend engineer\nPython, PostgreSQL, Kubernetes`) },
		{
			workspace: recruitment(),
			documentType: emulator.fixtures.documentTypes.resume.identifier,
			wait: 'true',
		},
	);
	if (answer.status !== 200) throw new Error(`Upload failed: ${JSON.stringify(answer.body)}`);
	return answer.body.meta.identifier as string;
}

/** The polls that reached the emulator: its documents list, asked for the recruitment workspace. */
const polls = (): ReceivedRequest[] =>
	emulator.received.filter(
		(request) =>
			request.method === 'GET' &&
			request.path === '/v3/documents' &&
			request.query.workspace === recruitment(),
	);

test('n8n loads the polling trigger from the Community Nodes folder', async () => {
	const types = await n8n.client.nodeTypes();
	expect(types.find((type) => type.name === AFFINDA_POLLING_TRIGGER_TYPE)).toMatchObject({
		version: 1,
	});
});

test(
	'activated with a one-minute poll: one run per document parsed since, none for older ones; n8n restarted in the middle of a held poll: every document once, and polling goes on',
	async () => {
		const before = await uploadParsedResume('before-activation.txt');
		const stored = await n8n.client.createWorkflow(
			workflow(
				'Affinda Polling Trigger e2e',
				[
					{
						name: 'CV parsed',
						type: AFFINDA_POLLING_TRIGGER_TYPE,
						typeVersion: 1,
						credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
						parameters: {
							pollTimes: { item: [{ mode: 'everyMinute' }] },
							event: 'document.parse.succeeded',
							scope: 'workspace',
							workspace: { __rl: true, mode: 'id', value: recruitment() },
						},
					},
					noOp('Next step'),
				],
				[['CV parsed', 'Next step']],
			),
		);
		emulator.clearReceived();
		await n8n.client.activateWorkflow(stored.id);
		// Activation polls once: the baseline, which starts nothing.
		await eventually(
			async () => polls().length,
			(count) => count > 0,
			POLLS_TIMEOUT_MS,
		);

		const uploaded: string[] = [];
		for (const name of ['ada.txt', 'grace.txt', 'linus.txt'])
			uploaded.push(await uploadParsedResume(name));
		const runs = await executionsReaching(n8n.client, stored.id, 3, POLLS_TIMEOUT_MS);
		const started = () =>
			runs.map((execution) => outputItems(execution, 'CV parsed').map((item) => item.json));
		expect(runs.map(executionError)).toEqual([undefined, undefined, undefined]);
		expect(started().map((items) => items.length)).toEqual([1, 1, 1]);
		expect(
			started()
				.map(([item]) => item.identifier as string)
				.sort(),
		).toEqual([...uploaded].sort());
		expect(started().flat()).not.toContainEqual(expect.objectContaining({ identifier: before }));
		expect(started()[0][0]).toMatchObject({
			event: 'document.parse.succeeded',
			state: 'ready',
			workspace: recruitment(),
			verified: true,
		} as IDataObject);

		// Two more documents; the poll that would pass them on is held by the emulator, and n8n is
		// restarted while it waits for the answer: that poll never finishes.
		for (const name of ['grace-hopper.txt', 'linus-torvalds.txt'])
			uploaded.push(await uploadParsedResume(name));
		const pollsBeforeHold = polls().length;
		emulator.setFaults({ latencyMs: HELD_POLL_MS });
		await eventually(
			async () => polls().length,
			(count) => count > pollsBeforeHold,
			POLLS_TIMEOUT_MS,
		);
		emulator.setFaults({});
		await n8n.restart();

		// And it goes on: one more document after the restart.
		uploaded.push(await uploadParsedResume('margaret.txt'));
		// Every document uploaded since activation starts a run of its own, once, whichever poll
		// passes it on: waited for by a deadline, then counted.
		const identifiersIn = (executions: Awaited<ReturnType<typeof executionsOf>>) =>
			executions.flatMap((execution) =>
				outputItems(execution, 'CV parsed').map((item) => item.json.identifier as string),
			);
		const all = await eventually(
			async () => await executionsOf(n8n.client, stored.id),
			(executions) => uploaded.every((id) => identifiersIn(executions).includes(id)),
			POLLS_TIMEOUT_MS,
		);
		expect(all.map(executionError)).toEqual(all.map(() => undefined));
		expect(all.map((execution) => outputItems(execution, 'CV parsed').length)).toEqual(
			all.map(() => 1),
		);
		expect(identifiersIn(all).sort()).toEqual([...uploaded].sort());
		await n8n.client.api('POST', `/workflows/${stored.id}/deactivate`);
	},
	3 * POLLS_TIMEOUT_MS,
);

test(`${CV_PARSED_POLLING}: the emailed CV is uploaded; testing the polling trigger fetches it parsed, ranks the candidate and tells the recruiter`, async () => {
	const inbox = await startRecordingServer(() => ({ status: 200, body: { ok: true } }));
	try {
		const openRole = await uploadOpenRole(emulator);
		const setup: ExampleSetup = {
			credential,
			workspace: recruitment(),
			openRoles: [openRole],
			notifyUrl: inbox.url,
		};
		const example = await importExample(n8n.client, CV_PARSED_POLLING, setup);
		expect(example.triggers).toEqual([EMAIL_TRIGGER, PARSED_TRIGGER]);

		const sender = 'Olivia Nguyen <olivia.nguyen@example.com>';
		const emailHalf = await n8n.client.runManually(example.stored, EMAIL_TRIGGER, {
			[EMAIL_TRIGGER]: [applicationEmail(sender, emulator.fixtures.sampleFiles.resumeText)],
		});
		expect(executionError(emailHalf)).toBeUndefined();
		const identifier = outputItems(emailHalf, 'Send CV to Affinda')[0].json.identifier as string;
		await eventually(
			async () => emulator.store.isReady(emulator.store.document(identifier)!),
			(ready) => ready,
		);

		// As "Test step" on the trigger does in the editor: the newest parsed document, this CV.
		const parsedHalf = await n8n.client.runManually(example.stored, PARSED_TRIGGER);
		expect(executionError(parsedHalf)).toBeUndefined();
		expect(outputItems(parsedHalf, PARSED_TRIGGER).map((item) => item.json)).toEqual([
			expect.objectContaining({
				event: 'document.parse.succeeded',
				identifier,
				customIdentifier: sender,
			}),
		]);
		expect(
			outputItems(parsedHalf, 'Is the new candidate shortlisted?').map(
				(item) => item.json.identifier,
			),
		).toEqual([identifier]);
		expect(inbox.requests).toHaveLength(1);
		expect((inbox.requests[0].body as { text: string }).text).toMatch(
			/^New applicant Olivia Nguyen is shortlisted \(score \d\.\d\d\) for the open role\. CV olivia-nguyen\.txt from Olivia Nguyen <olivia\.nguyen@example\.com>, parsed \d{4}-\d\d-\d\dT/,
		);
	} finally {
		await inbox.stop();
	}
});
