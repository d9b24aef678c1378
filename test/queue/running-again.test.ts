/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// Queue mode as users meet its failures, each judged by what a person sees: in the executions list,
// in the webhook caller's answer, and in Affinda (documents per CV). One cluster for all: Redis,
// PostgreSQL, a main that hands manual runs to workers too (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS,
// n8n 3.0's default), and workers started one at a time, so each scenario knows which worker ran
// what. Runs once per n8n runtime (jest.config.js).
import { startEmulator, type Emulator } from '../emulator';
import { versionForThisTest } from '../n8n-runtime/versions';
import type { Execution } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE } from '../helpers/real-n8n/real-n8n';
import { executionError, outputItems } from '../helpers/real-n8n/run-data';
import { clientFor } from '../emulator/test-client';
import { affindaNode, affindaTrigger, manualTrigger, noOp, workflow } from '../e2e/test-workflows';
import {
	API_KEY,
	applications,
	postApplication,
	setUpCareersForm,
	type Application,
} from './careers-form-burst';
import { startQueueCluster, type QueueCluster, type Worker } from './queue-cluster';
import { n8nFetch } from '../helpers/real-n8n/n8n-fetch';

/** Installing n8n, Redis and PostgreSQL on a fresh machine takes minutes; later runs reuse them. */
const SETUP_TIMEOUT_MS = 20 * 60_000;
const SCENARIO_TIMEOUT_MS = 10 * 60_000;
const IN_FLIGHT = 50;
const RETRIES_AT_ONCE = 10;

let emulator: Emulator;
let cluster: QueueCluster;
let careersForm: string;
/** The worker every scenario starts with: the package installed, the main's key. */
let worker: Worker;

beforeAll(async () => {
	emulator = await startEmulator({ key: API_KEY, seed: 'queue-again' });
	cluster = await startQueueCluster({
		version: versionForThisTest(),
		workers: 0,
		mainEnv: { OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true' },
	});
	careersForm = await setUpCareersForm(cluster, emulator, 'uploadAgain');
	worker = await cluster.addWorker({ concurrency: IN_FLIGHT });
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	emulator?.clock.resume();
	await cluster?.stop();
	await emulator?.stop();
});

/** What each CV became in Affinda: its Custom Identifier → how many documents carry it. */
function documentsPerCv(sent: Application[]): Map<string, number> {
	const refs = new Set(sent.map((application) => application.candidateRef));
	const counts = new Map(
		sent.map((application): [string, number] => [application.candidateRef, 0]),
	);
	for (const document of emulator.store.allDocuments())
		if (document.customIdentifier && refs.has(document.customIdentifier))
			counts.set(document.customIdentifier, (counts.get(document.customIdentifier) ?? 0) + 1);
	return counts;
}

function uploadsOf(sent: Application[]): number {
	const refs = new Set(sent.map((application) => application.candidateRef));
	return emulator.received.filter((request) => {
		const fields = (request.body as { fields?: { customIdentifier?: string } } | undefined)?.fields;
		return (
			request.method === 'POST' &&
			request.path === '/v3/documents' &&
			refs.has(fields?.customIdentifier ?? '')
		);
	}).length;
}

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean) {
	const deadline = Date.now() + 5 * 60_000;
	for (;;) {
		const value = await read();
		if (done(value)) return value;
		if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

interface ListedExecution {
	id: string;
	status: string;
	finished: boolean;
	mode: string;
	retryOf?: string | null;
}

/** The workflow's executions as the API lists them; `running` ones are listed only when asked for. */
async function executionsOf(workflowId: string, status?: 'running'): Promise<ListedExecution[]> {
	const listed = (await cluster.main.client.api(
		'GET',
		`/executions?workflowId=${workflowId}&limit=250${status ? `&status=${status}` : ''}`,
	)) as { data: ListedExecution[] };
	return listed.data;
}

test(
	'an editor run, offloaded to a worker (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true), succeeds there',
	async () => {
		const credential = await cluster.main.client.createCredential(
			'Affinda (manual run)',
			AFFINDA_CREDENTIAL_TYPE,
			{ apiKey: API_KEY, region: 'custom', baseUrl: emulator.url },
		);
		const stored = await cluster.main.client.createWorkflow(
			workflow(
				'Manual run on a worker',
				[
					manualTrigger(),
					affindaNode('List documents', credential, {
						resource: 'document',
						operation: 'getMany',
						returnAll: false,
						limit: 3,
					}),
				],
				[['Start', 'List documents']],
			),
		);
		emulator.clearReceived();
		const execution = await cluster.main.client.runManually(stored, 'Start');

		expect(executionError(execution)).toBeUndefined();
		expect(execution).toMatchObject({ status: 'success', mode: 'manual' });
		expect(outputItems(execution, 'List documents')).toHaveLength(3);
		// The main reports the result before the worker's log line is read: wait for it.
		await until(
			`the worker logging execution ${execution.id} finished`,
			() => worker.finishedExecutions(),
			(finished) => finished.includes(execution.id),
		);
		expect(worker.finishedExecutions()).toContain(execution.id);
		expect(emulator.received.map((request) => `${request.method} ${request.path}`)).toContain(
			'GET /v3/documents',
		);
	},
	SCENARIO_TIMEOUT_MS,
);

test(
	'the Affinda Trigger: a parse event delivered twice (as the service retries) starts one execution, on a worker',
	async () => {
		const credential = await cluster.main.client.createCredential(
			'Affinda (trigger)',
			AFFINDA_CREDENTIAL_TYPE,
			{
				apiKey: API_KEY,
				region: 'custom',
				baseUrl: emulator.url,
				webhookSecret: emulator.fixtures.organization.resthookSignatureKey,
			},
		);
		const webhookId = 'queue-mode-parsed-cv';
		const stored = await cluster.main.client.createWorkflow(
			workflow(
				'Parsed CVs in queue mode',
				[
					affindaTrigger(
						'CV parsed',
						credential,
						webhookId,
						emulator.fixtures.workspaces.recruitment.identifier,
					),
					noOp('Next step'),
				],
				[['CV parsed', 'Next step']],
			),
		);
		// Activation subscribes at Affinda, whose handshake reaches the main process's webhook.
		await cluster.main.client.activateWorkflow(stored.id);
		const productionUrl = `${cluster.main.baseUrl}/webhook/${webhookId}/webhook`;
		// Newer n8n (2.41) finishes activating a moment after the API answers: the subscription is
		// active once Affinda's handshake has reached the webhook.
		await until(
			'the subscription active',
			async () =>
				(
					(await clientFor(emulator).get('/v3/resthook_subscriptions?limit=100')).body
						.results as Array<{ targetUrl: string; active: boolean }>
				).some((subscription) => subscription.targetUrl === productionUrl && subscription.active),
			(active) => active,
		);
		const upload = await clientFor(emulator).upload(emulator.fixtures.sampleFiles.resumeText, {
			workspace: emulator.fixtures.workspaces.recruitment.identifier,
			documentType: emulator.fixtures.documentTypes.resume.identifier,
			wait: 'false',
		});
		const delivered = await until(
			'the parse event answered',
			() =>
				emulator.webhookDeliveries.find(
					(delivery) =>
						delivery.kind === 'event' &&
						delivery.targetUrl === productionUrl &&
						delivery.status !== null,
				),
			(delivery) => delivery !== undefined,
		);
		expect(delivered?.status).toBe(200);

		// The service sends the same delivery again, signature and all (its answer was lost).
		const again = await n8nFetch(productionUrl, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...delivered!.headers },
			body: delivered!.body,
		});
		expect(again.status).toBe(200);
		const eventId = (JSON.parse(delivered!.body) as { id: string }).id;
		expect(await again.json()).toEqual({ message: `Already received: event ${eventId}` });

		const [execution] = await until(
			'the execution of the event',
			() => executionsOf(stored.id),
			(listed) => listed.some((one) => one.status === 'success'),
		);
		await cluster.main.client.api('POST', `/workflows/${stored.id}/deactivate`);
		// Deactivated only now: a second execution, had the repeat started one, would be listed too.
		expect(await executionsOf(stored.id)).toHaveLength(1);
		// The main reports the result before the worker's log line is read: wait for it.
		await until(
			`the worker logging execution ${execution.id} finished`,
			() => worker.finishedExecutions(),
			(finished) => finished.includes(execution.id),
		);
		expect(worker.finishedExecutions()).toContain(execution.id);
		const ran = await cluster.main.client.waitForExecution(execution.id);
		expect(outputItems(ran, 'Next step').map((item) => item.json.identifier)).toEqual([
			upload.body.meta.identifier,
		]);
	},
	SCENARIO_TIMEOUT_MS,
);

/**
 * A worker killed (SIGKILL) while `IN_FLIGHT` executions of the careers form are each waiting on
 * their upload (parsing held: every document exists, no answer has come back), then what an operator
 * does next: start a worker again and retry, through n8n's API, the executions left unfinished.
 */
function killedMidBurstThenRetried(
	leg: string,
	ifAlreadyUploaded: 'uploadAgain' | 'useExisting',
	documentsEach: number,
) {
	const choice = ifAlreadyUploaded === 'uploadAgain' ? 'Upload Again' : 'Use the Existing Document';
	describe(`${leg}: a worker killed (SIGKILL) with ${IN_FLIGHT} uploads in flight, its executions retried through n8n's API (If Already Uploaded: ${choice})`, () => {
		let sent: Application[];
		let interrupted: ListedExecution[];
		let retried: Execution[];
		/** The careers page's answers that came back (a webhook caller waits for the workflow). */
		const answered: number[] = [];

		beforeAll(async () => {
			await cluster.main.client.api('POST', `/workflows/${careersForm}/deactivate`);
			careersForm = await setUpCareersForm(cluster, emulator, ifAlreadyUploaded);
			sent = applications(emulator.fixtures.sampleFiles.resumeText, IN_FLIGHT, `killed-${leg}`);
			emulator.clock.pause();
			for (const application of sent)
				postApplication(cluster, application).then(
					({ status }) => answered.push(status),
					() => answered.push(0),
				);
			await until(
				'uploads received before the kill',
				() => uploadsOf(sent),
				(count) => count === IN_FLIGHT,
			);
			await worker.process.kill();
			emulator.clock.resume();

			interrupted = await executionsOf(careersForm, 'running');
			worker = await cluster.addWorker({ concurrency: IN_FLIGHT });
			// A few at a time, as an operator's script would: fifty retries at once starve n8n 2.41's
			// database pool (503 "Database is not ready!").
			retried = [];
			for (let next = 0; next < interrupted.length; next += RETRIES_AT_ONCE)
				retried.push(
					...(await Promise.all(
						interrupted.slice(next, next + RETRIES_AT_ONCE).map(async (execution) => {
							const retry = (await cluster.main.client.api(
								'POST',
								`/executions/${execution.id}/retry`,
							)) as { id: string };
							return await cluster.main.client.waitForExecution(String(retry.id), 5 * 60_000);
						}),
					)),
				);
			const perCv = [...documentsPerCv(sent).values()];
			// The figures test/README.md (Queue mode) quotes; README.md's "Running at scale" rests on them.
			process.stderr.write(
				`queue mode, worker killed (n8n ${cluster.runtime.version}, ${choice}): ${interrupted.length} executions interrupted ` +
					`(${[...new Set(interrupted.map((execution) => execution.status))].join(', ')}), ${retried.length} retried ` +
					`(${retried.filter((execution) => execution.status === 'success').length} succeeded), ` +
					`${uploadsOf(sent)} uploads for ${IN_FLIGHT} CVs, documents per CV: ` +
					`${perCv.filter((n) => n === 1).length} with one, ${perCv.filter((n) => n > 1).length} with more; ` +
					`${IN_FLIGHT - answered.length} webhook callers still waiting\n`,
			);
		}, SCENARIO_TIMEOUT_MS);

		test('the executions list shows every interrupted execution unfinished; n8n neither finished nor re-ran them', () => {
			expect(interrupted).toHaveLength(IN_FLIGHT);
			for (const execution of interrupted) {
				expect(execution.finished).toBe(false);
				expect(execution.status).not.toBe('success');
			}
			// The careers page: no applicant got the workflow's answer, even after the retries ran.
			expect(answered.filter((status) => status === 200)).toEqual([]);
		});

		test('every retry runs to success on the new worker', () => {
			expect(retried).toHaveLength(IN_FLIGHT);
			expect(
				retried
					.filter((execution) => execution.status !== 'success')
					.map((execution) => `${execution.id}: ${execution.status} ${executionError(execution)}`),
			).toEqual([]);
			expect(new Set(retried.map((execution) => execution.mode))).toEqual(new Set(['retry']));
			expect(worker.finishedExecutions().sort()).toEqual(
				retried.map((execution) => execution.id).sort(),
			);
		});

		test(`every CV ends with ${documentsEach === 1 ? 'exactly one document' : `${documentsEach} documents: the retry uploaded it again (documented, not hidden)`}`, () => {
			expect([...documentsPerCv(sent).values()]).toEqual(Array(IN_FLIGHT).fill(documentsEach));
			expect(uploadsOf(sent)).toBe(documentsEach * IN_FLIGHT);
			if (ifAlreadyUploaded === 'useExisting')
				// Each retry found the document its interrupted execution had made, and said so.
				for (const execution of retried)
					expect(outputItems(execution, 'Parse CV').map((item) => item.json.reused)).toEqual([
						true,
					]);
		});
	});
}

killedMidBurstThenRetried('off', 'uploadAgain', 2);
killedMidBurstThenRetried('on', 'useExisting', 1);

describe('a worker set up wrong: what the careers page and the executions list show', () => {
	let application: Application;
	beforeAll(async () => {
		await worker.process.stop();
	}, SCENARIO_TIMEOUT_MS);

	async function applyOnce(prefix: string) {
		[application] = applications(emulator.fixtures.sampleFiles.resumeText, 1, prefix);
		const before = new Set((await executionsOf(careersForm)).map((execution) => execution.id));
		const answer = await postApplication(cluster, application);
		const [execution] = (await executionsOf(careersForm)).filter(
			(listed) => !before.has(listed.id),
		);
		return {
			answer,
			execution: await cluster.main.client.waitForExecution(execution.id, 5 * 60_000),
		};
	}

	test(
		'without the package: the caller gets HTTP 500 and the worker logs the unknown node type; nothing reaches Affinda',
		async () => {
			const bare = await cluster.addWorker({ withPackage: false });
			try {
				const { answer, execution } = await applyOnce('no-package');
				expect(answer.status).toBe(500);
				expect(answer.text).toMatch(/Error in workflow|Workflow execution failed/);
				expect(execution).toMatchObject({ status: 'error', finished: false });
				expect(bare.process.output()).toMatch(/Unrecognized node type: n8n-nodes-affinda\.affinda/);
				expect(uploadsOf([application])).toBe(0);
			} finally {
				await bare.process.stop();
			}
		},
		SCENARIO_TIMEOUT_MS,
	);

	test(
		'with another encryption key: n8n 2.41 refuses to start the worker; n8n 2.8 starts it, and each execution fails as the credentials cannot be decrypted',
		async () => {
			if (cluster.runtime.version !== '2.8.4') {
				// The worker reads the instance's signing key with its own key at start, and stops.
				await expect(cluster.addWorker({ encryptionKey: 'another-teams-key' })).rejects.toThrow(
					/cannot be read with this instance encryption key/,
				);
				return;
			}
			const otherKey = await cluster.addWorker({ encryptionKey: 'another-teams-key' });
			try {
				const { answer, execution } = await applyOnce('other-key');
				expect(answer.status).toBe(500);
				expect(execution).toMatchObject({ status: 'error', finished: false });
				expect(executionError(execution)).toMatch(/Credentials could not be decrypted/);
				expect(uploadsOf([application])).toBe(0);
			} finally {
				await otherKey.process.stop();
			}
		},
		SCENARIO_TIMEOUT_MS,
	);
});
