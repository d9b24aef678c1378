/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// Queue mode, as teams run n8n at scale: Redis, PostgreSQL, a main process and two workers, the
// package installed in each. Fifty applications hit the careers-form example at once; every one
// must run on a worker and reach the service exactly once, byte for byte. Runs once per n8n runtime
// (jest.config.js).
import { startEmulator, type Emulator } from '../emulator';
import { versionForThisTest } from '../n8n-runtime/versions';
import { executionError } from '../helpers/real-n8n/run-data';
import {
	API_KEY,
	applications,
	countUploads,
	postAll,
	setUpCareersForm,
	type Application,
	type BurstResult,
} from './careers-form-burst';
import { startQueueCluster, type QueueCluster } from './queue-cluster';

/** Installing n8n, Redis and PostgreSQL on a fresh machine takes minutes; later runs reuse them. */
const SETUP_TIMEOUT_MS = 20 * 60_000;
const APPLICATIONS = 50;
const WORKERS = 2;

let emulator: Emulator;
let cluster: QueueCluster;
let sent: Application[];
let burst: BurstResult;

beforeAll(async () => {
	emulator = await startEmulator({ key: API_KEY, seed: 'queue' });
	cluster = await startQueueCluster({ version: versionForThisTest(), workers: WORKERS });
	const workflowId = await setUpCareersForm(cluster, emulator);
	sent = applications(emulator.fixtures.sampleFiles.resumeText, APPLICATIONS);
	burst = await postAll(cluster, workflowId, sent);
	const uploads = countUploads(emulator, sent);
	const perWorker = cluster.workers.map((worker) => worker.finishedExecutions().length);
	// The figures test/README.md quotes; timings are reported, never asserted.
	process.stderr.write(
		`queue mode (n8n ${cluster.runtime.version}, ${WORKERS} workers): ${burst.executions.length} executions (${perWorker.join(' + ')} per worker), ` +
			`${uploads.received} uploads received, ${uploads.duplicates} duplicates, ${uploads.mismatched} checksum mismatches, ` +
			`${APPLICATIONS} applications in ${(burst.elapsedMs / 1000).toFixed(1)} s (${((APPLICATIONS * 1000) / burst.elapsedMs).toFixed(1)}/s)\n`,
	);
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	await cluster?.stop();
	await emulator?.stop();
});

describe(`queue mode: main + ${WORKERS} workers, Redis, PostgreSQL, binary data in the database`, () => {
	test('every application is answered by the workflow, with the open role ranked', () => {
		expect(burst.statuses).toEqual(Array(APPLICATIONS).fill(200));
		for (const answer of burst.answers)
			// The row of the best-ranked candidate.
			expect(answer).toMatchObject({
				fullName: expect.any(String),
				score: expect.any(Number),
				identifier: expect.any(String),
			});
	});

	test('every execution succeeded, and each ran on exactly one worker, none on the main process', () => {
		expect(burst.executions).toHaveLength(APPLICATIONS);
		expect(
			burst.executions
				.filter((execution) => execution.status !== 'success')
				.map((execution) => `${execution.id}: ${execution.status} ${executionError(execution)}`),
		).toEqual([]);
		expect(new Set(burst.executions.map((execution) => execution.mode))).toEqual(
			new Set(['webhook']),
		);
		const ranOnWorkers = cluster.workers.flatMap((worker) => worker.finishedExecutions());
		expect([...ranOnWorkers].sort()).toEqual(
			burst.executions.map((execution) => execution.id).sort(),
		);
		// The package is installed in both workers: each ran some of the burst.
		for (const worker of cluster.workers)
			expect(worker.finishedExecutions().length).toBeGreaterThan(0);
		expect(cluster.main.process.output()).not.toMatch(/Unrecognized node type/);
	});

	test('the service received every CV exactly once, byte for byte, under its own Custom Identifier', () => {
		expect(countUploads(emulator, sent)).toEqual({
			received: APPLICATIONS,
			matched: APPLICATIONS,
			duplicates: 0,
			mismatched: 0,
			missing: 0,
		});
		const searches = emulator.received.filter(
			(request) => request.method === 'POST' && request.path === '/v2/resume_search',
		);
		expect(searches).toHaveLength(APPLICATIONS);
		for (const search of searches)
			expect(search.body).toEqual({
				indices: ['all-resumes'],
				jobDescription: emulator.fixtures.jobDescriptions[0].identifier,
			});
	});
});
