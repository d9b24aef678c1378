/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- starts and stops a real n8n */
// One `n8n start` on 127.0.0.1, in a process group of its own, that never outlives its parent.
//
// n8n runs under a tiny guardian process (the group leader). The guardian holds a pipe from the
// parent on its stdin; when the parent dies in any way, even SIGKILL, the pipe closes and the
// guardian kills the whole group: n8n and its task-runner child. An orphaned n8n ignores SIGTERM
// and spins (seen with n8n 2.8.4), hence SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const GUARDIAN = `
const { spawn } = require('node:child_process');
const n8n = spawn(process.execPath, process.argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
const killGroup = () => { try { process.kill(0, 'SIGKILL'); } catch {} };
process.stdin.on('end', killGroup).on('error', killGroup).resume();
process.on('SIGTERM', () => n8n.kill('SIGTERM'));
n8n.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`;

export interface N8nProcessOptions {
	/** n8n's CLI entry script (from the runtime). */
	n8nMain: string;
	/** N8N_USER_FOLDER: n8n keeps its database, settings and community packages under `.n8n/` in it. */
	userFolder: string;
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
}

const OUTPUT_KEEP = 200_000;

export async function startN8nProcess(options: N8nProcessOptions): Promise<N8nProcess> {
	const started = Date.now();
	const baseUrl = `http://127.0.0.1:${options.port}`;
	const tmp = join(options.userFolder, 'tmp');
	mkdirSync(tmp, { recursive: true });

	const child = spawn(process.execPath, ['-e', GUARDIAN, options.n8nMain, 'start'], {
		cwd: options.userFolder,
		env: n8nEnvironment(options, tmp),
		detached: true,
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	const killGroup = () => killProcessGroup(child);
	process.on('exit', killGroup);

	let output = '';
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEEP);
	};
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

	try {
		await waitUntilReady(baseUrl, child, options.readyTimeoutMs ?? 120_000, () => output);
	} catch (error) {
		killGroup();
		process.off('exit', killGroup);
		throw error;
	}

	return {
		baseUrl,
		pid: child.pid ?? -1,
		readyInMs: Date.now() - started,
		output: () => output,
		stop: async (graceMs = 10_000) => {
			if (child.exitCode === null && child.signalCode === null) {
				child.kill('SIGTERM'); // the guardian passes it on to n8n, which stops its task runner
				const timer = setTimeout(killGroup, graceMs);
				await exited;
				clearTimeout(timer);
			}
			killGroup(); // anything n8n left behind in its group
			child.stdin?.destroy();
			process.off('exit', killGroup);
		},
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
		NO_PROXY: ['127.0.0.1', 'localhost', process.env.NO_PROXY].filter(Boolean).join(','),
		...options.env,
	};
}

/**
 * /healthz turns green before the REST API and webhooks are mounted; /rest/settings answers first
 * with HTML ("n8n is starting up"), then 404, then JSON. Only the JSON means ready.
 */
async function waitUntilReady(
	baseUrl: string,
	child: ChildProcess,
	timeoutMs: number,
	output: () => string,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(
				`n8n exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}):\n${output()}`,
			);
		}
		try {
			const response = await fetch(`${baseUrl}/rest/settings`);
			if (response.ok && response.headers.get('content-type')?.includes('json')) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`n8n was not ready after ${timeoutMs} ms:\n${output()}`);
}

function killProcessGroup(child: ChildProcess): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {
		// the group is gone already
	}
}
