/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- runs n8n in queue mode for a test */
// n8n as teams run it when one process is not enough (queue mode): Redis, PostgreSQL, one main
// process (editor, API, webhooks) and N workers that run the executions. Each process has its own
// user folder with this package installed, and all share one N8N_ENCRYPTION_KEY (CONTRIBUTING.md).
// Binary data is kept in the database, the one mode every process reads without shared disk.
import { rmSync } from 'node:fs';

import { ensureN8nRuntime, type N8nRuntime } from '../n8n-runtime/install';
import { freePort } from '../helpers/free-port';
import { startN8nProcess, type N8nProcess } from '../helpers/real-n8n/n8n-process';
import { E2E_ENCRYPTION_KEY, startRealN8n, type RealN8n } from '../helpers/real-n8n/real-n8n';
import { createUserFolder } from '../helpers/real-n8n/user-folder';
import {
	ensureQueueServices,
	startPostgres,
	startRedis,
	type Postgres,
	type Service,
} from './services';

export interface QueueClusterOptions {
	version: string;
	workers: number;
	/** Executions each worker runs at once (n8n advises at least 5). */
	concurrency?: number;
	/** More environment for the main process (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS ...). */
	mainEnv?: NodeJS.ProcessEnv;
	log?: (line: string) => void;
}

/** How a worker differs from a well set-up one: each a mistake teams make. */
export interface WorkerOptions {
	/** Executions it runs at once; the cluster's by default. */
	concurrency?: number;
	/** False: the package was not installed in this worker. */
	withPackage?: boolean;
	/** Another N8N_ENCRYPTION_KEY than the main's. */
	encryptionKey?: string;
}

export interface Worker {
	process: N8nProcess;
	userFolder: string;
	/** Execution IDs this worker finished, read from its log ("Worker finished execution <id>"). */
	finishedExecutions(): string[];
}

export interface QueueCluster {
	runtime: N8nRuntime;
	main: RealN8n;
	/** Every worker started, stopped ones included, in the order they started. */
	workers: Worker[];
	/** Starts one more worker, ready to take jobs. */
	addWorker(options?: WorkerOptions): Promise<Worker>;
	redis: Service;
	postgres: Postgres;
	stop(): Promise<void>;
}

function queueEnvironment(redis: Service, postgres: Postgres): NodeJS.ProcessEnv {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		// Workers say which executions they ran at info level.
		N8N_LOG_LEVEL: 'info',
	};
}

const FINISHED = /Worker finished execution (\S+)/g;

export async function startQueueCluster(options: QueueClusterOptions): Promise<QueueCluster> {
	const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
	const runtime = await ensureN8nRuntime(options.version, { log });
	await ensureQueueServices(log);

	const stops: Array<() => Promise<void>> = [];
	const stopAll = async () => {
		// Workers and main first, then what they use.
		for (const stop of stops.reverse()) await stop().catch(() => undefined);
	};
	try {
		const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
		stops.push(redis.stop, postgres.stop);
		const env = queueEnvironment(redis, postgres);

		// The main process runs the database migrations: workers start once it is up.
		const main = await startRealN8n({
			version: options.version,
			env: { ...env, ...options.mainEnv },
		});
		stops.push(main.stop);

		const workers: Worker[] = [];
		const addWorker = async (worker: WorkerOptions = {}): Promise<Worker> => {
			const userFolder = createUserFolder({
				prefix: 'affinda-n8n-worker-',
				withoutPackage: worker.withPackage === false,
			});
			stops.push(async () => rmSync(userFolder, { recursive: true, force: true }));
			const started = await startN8nProcess({
				n8nMain: runtime.n8nMain,
				nodePath: runtime.node.path,
				command: 'worker',
				args: [`--concurrency=${worker.concurrency ?? options.concurrency ?? 5}`],
				userFolder,
				port: await freePort(),
				brokerPort: await freePort(),
				encryptionKey: worker.encryptionKey ?? E2E_ENCRYPTION_KEY,
				env: { ...runtime.env, ...env },
			});
			stops.push(() => started.stop());
			const added = {
				process: started,
				userFolder,
				finishedExecutions: () => [...started.output().matchAll(FINISHED)].map((match) => match[1]),
			};
			workers.push(added);
			return added;
		};
		await Promise.all(Array.from({ length: options.workers }, () => addWorker()));
		return { runtime, main, workers, addWorker, redis, postgres, stop: stopAll };
	} catch (error) {
		await stopAll();
		throw error;
	}
}
