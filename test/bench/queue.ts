/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a terminal program */
/**
 * Queue-mode throughput: the careers-form burst of the queue-mode test (test/queue) with 1 worker,
 * then with 2, each on a fresh cluster (Redis, PostgreSQL, n8n main), against the emulator.
 *
 *   npm run bench:queue      (QUEUE_BENCH_WORKERS=1,2,4 QUEUE_BENCH_APPLICATIONS=50 to change them)
 */
import { startEmulator } from '../emulator';
import { versionForThisTest } from '../n8n-runtime/versions';
import {
	API_KEY,
	applications,
	countUploads,
	postAll,
	setUpCareersForm,
} from '../queue/careers-form-burst';
import { startQueueCluster } from '../queue/queue-cluster';

const WORKERS = (process.env.QUEUE_BENCH_WORKERS ?? '1,2').split(',').map(Number);
const APPLICATIONS = Number(process.env.QUEUE_BENCH_APPLICATIONS ?? 50);

async function measure(workers: number): Promise<Record<string, unknown>> {
	const emulator = await startEmulator({ key: API_KEY, seed: 'queue' });
	const cluster = await startQueueCluster({ version: versionForThisTest(), workers });
	try {
		const workflowId = await setUpCareersForm(cluster, emulator);
		const sent = applications(emulator.fixtures.sampleFiles.resumeText, APPLICATIONS);
		const burst = await postAll(cluster, workflowId, sent);
		const uploads = countUploads(emulator, sent);
		return {
			n8n: cluster.runtime.version,
			workers,
			executions: burst.executions.length,
			succeeded: burst.executions.filter((execution) => execution.status === 'success').length,
			perWorker: cluster.workers.map((worker) => worker.finishedExecutions().length).join(' + '),
			uploadsReceived: uploads.received,
			duplicates: uploads.duplicates,
			checksumMismatches: uploads.mismatched,
			missing: uploads.missing,
			seconds: Number((burst.elapsedMs / 1000).toFixed(1)),
			perSecond: Number(((APPLICATIONS * 1000) / burst.elapsedMs).toFixed(2)),
		};
	} finally {
		await cluster.stop();
		await emulator.stop();
	}
}

(async () => {
	const rows = [];
	for (const workers of WORKERS) rows.push(await measure(workers));
	for (const row of rows)
		process.stdout.write(
			`${Object.entries(row)
				.map(([key, value]) => `${key}: ${value}`)
				.join(', ')}\n`,
		);
	process.stdout.write(`${JSON.stringify(rows)}\n`);
})().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	process.exitCode = 1;
});
