/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- starts and stops servers for tests */
// A server process for a test (n8n, Redis, PostgreSQL) in a process group of its own, that never
// outlives the test process.
//
// It runs under a tiny guardian process (the group leader). The guardian holds a pipe from the
// parent on its stdin; when the parent dies in any way, even SIGKILL, the pipe closes and the
// guardian kills the whole group: the server and its children. An orphaned n8n ignores SIGTERM and
// spins, hence SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';

const GUARDIAN = `
const { spawn } = require('node:child_process');
const server = spawn(process.argv[1], process.argv.slice(2), { stdio: ['ignore', 'inherit', 'inherit'] });
const killGroup = () => { try { process.kill(0, 'SIGKILL'); } catch {} };
process.stdin.on('end', killGroup).on('error', killGroup).resume();
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('error', (error) => { console.error(String(error)); process.exit(127); });
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`;

export interface GuardedProcessOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
}

export interface GuardedProcess {
	pid: number;
	/** What it printed so far (the last part, if it printed a lot). */
	output(): string;
	/** Undefined while it runs; its exit code (or 1 for a signal) once it stopped. */
	exitCode(): number | null | undefined;
	/** SIGTERM, then SIGKILL to its whole group if it has not stopped within the grace period. */
	stop(graceMs?: number): Promise<void>;
	/** SIGKILL to its whole group at once, as a crash or an out-of-memory kill would end it. */
	kill(): Promise<void>;
}

const OUTPUT_KEEP = 1_000_000;

export function startGuardedProcess(
	command: string,
	args: string[],
	options: GuardedProcessOptions,
): GuardedProcess {
	const child = spawn(process.execPath, ['-e', GUARDIAN, command, ...args], {
		cwd: options.cwd,
		env: options.env,
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
	const running = () => child.exitCode === null && child.signalCode === null;

	return {
		pid: child.pid ?? -1,
		output: () => output,
		exitCode: () => (running() ? undefined : (child.exitCode ?? 1)),
		stop: async (graceMs = 10_000) => {
			if (running()) {
				child.kill('SIGTERM'); // the guardian passes it on
				const timer = setTimeout(killGroup, graceMs);
				await exited;
				clearTimeout(timer);
			}
			killGroup(); // anything left behind in the group
			child.stdin?.destroy();
			process.off('exit', killGroup);
		},
		kill: async () => {
			killGroup();
			if (running()) await exited;
			child.stdin?.destroy();
			process.off('exit', killGroup);
		},
	};
}

function killProcessGroup(child: ChildProcess): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {
		// the group is gone already
	}
}

/** Polls `ready` until it says yes; fails early with the process's output if it stopped. */
export async function waitUntil(
	what: string,
	process: GuardedProcess,
	ready: () => Promise<boolean>,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const code = process.exitCode();
		if (code !== undefined)
			throw new Error(`${what} exited (code ${code}) before it was ready:\n${process.output()}`);
		if (await ready().catch(() => false)) return;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`${what} was not ready after ${timeoutMs} ms:\n${process.output()}`);
}
