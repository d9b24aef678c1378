/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- starts and stops a real n8n */
// One n8n process (`n8n start`, or a queue-mode `n8n worker`) on 127.0.0.1 that never outlives its
// parent (../guarded-process.ts), ready when it answers.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { startGuardedProcess, waitUntil } from '../guarded-process';
import { n8nFetch } from './n8n-fetch';

export interface N8nProcessOptions {
	/** n8n's CLI entry script (from the runtime). */
	n8nMain: string;
	/** The Node that runs it (the runtime's); the project's own by default. */
	nodePath?: string;
	/** `start` (editor, REST API, webhooks) by default; `worker` runs queued executions. */
	command?: 'start' | 'worker';
	/** More arguments for the command (`--concurrency=10`). */
	args?: string[];
	/** N8N_USER_FOLDER: n8n keeps its database, settings and community packages under `.n8n/` in it. */
	userFolder: string;
	/** The editor's port; for a worker, its health-check server's. */
	port: number;
	/** The task broker's port; every n8n instance needs its own. */
	brokerPort: number;
	encryptionKey: string;
	/** More environment for n8n (N8N_LOG_LEVEL, N8N_SECURE_COOKIE ...). */
	env?: NodeJS.ProcessEnv;
	readyTimeoutMs?: number;
}

export interface N8nProcess {
	baseUrl: string;
	pid: number;
	/** From spawn until the REST API answered. */
	readyInMs: number;
	/** What n8n printed so far (the last part, if it printed a lot). */
	output(): string;
	/** SIGTERM to n8n, then SIGKILL to its whole group if it has not stopped within the grace period. */
	stop(graceMs?: number): Promise<void>;
	/** SIGKILL to n8n and its children at once: no graceful shutdown, as a crash ends it. */
	kill(): Promise<void>;
}

export async function startN8nProcess(options: N8nProcessOptions): Promise<N8nProcess> {
	const started = Date.now();
	const baseUrl = `http://127.0.0.1:${options.port}`;
	const tmp = join(options.userFolder, 'tmp');
	mkdirSync(tmp, { recursive: true });

	const command = options.command ?? 'start';
	const n8n = startGuardedProcess(
		options.nodePath ?? process.execPath,
		[options.n8nMain, command, ...(options.args ?? [])],
		{ cwd: options.userFolder, env: n8nEnvironment(options, tmp) },
	);
	// `start`: /healthz turns green before the REST API and webhooks are mounted; /rest/settings
	// answers first with HTML ("n8n is starting up"), then 404, then JSON. Only the JSON means ready.
	// `worker`: its health server starts once it listens to the queue, and its readiness checks the
	// database and Redis connections.
	const readyUrl =
		command === 'worker' ? `${baseUrl}/healthz/readiness` : `${baseUrl}/rest/settings`;
	try {
		await waitUntil(
			`n8n ${command} (${readyUrl})`,
			n8n,
			async () => {
				const response = await n8nFetch(readyUrl);
				return response.ok && Boolean(response.headers.get('content-type')?.includes('json'));
			},
			options.readyTimeoutMs ?? 120_000,
		);
	} catch (error) {
		await n8n.stop(0);
		throw error;
	}

	return {
		baseUrl,
		pid: n8n.pid,
		readyInMs: Date.now() - started,
		output: n8n.output,
		stop: n8n.stop,
		kill: n8n.kill,
	};
}

function n8nEnvironment(options: N8nProcessOptions, tmp: string): NodeJS.ProcessEnv {
	return {
		...process.env,
		// jest sets NODE_ENV=test, which changes n8n's own behaviour; run it as users do.
		NODE_ENV: 'production',
		TMPDIR: tmp,
		N8N_USER_FOLDER: options.userFolder,
		N8N_ENCRYPTION_KEY: options.encryptionKey,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(options.port),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		DB_TYPE: 'sqlite',
		// Offline and quiet: nothing phones home.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_LOG_LEVEL: 'warn',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		...(options.command === 'worker'
			? {
					// A worker has no editor; its health server answers on this port once it takes jobs.
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(options.port),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				}
			: {}),
		NO_PROXY: ['127.0.0.1', 'localhost', process.env.NO_PROXY].filter(Boolean).join(','),
		...options.env,
	};
}
