/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- installs Debian packages a test needs */
// Debian packages a test needs (Redis and PostgreSQL for queue mode, shellcheck for the workflows):
// installed by apt-get on first use, one apt-get at a time across test processes, with its
// progress, as root (or through `sudo -n`, as on a CI runner). Fails with what to run by hand.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { acquireInstallLock } from '../n8n-runtime/folder-install';

type Log = (line: string) => void;

export function onPath(command: string): boolean {
	return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export const isRoot = () => process.getuid?.() === 0;

/**
 * Installs the packages `missing()` names, if it names any. `purpose` starts the messages: "The
 * queue-mode test".
 */
export async function ensureDebianPackages(
	purpose: string,
	missing: () => string[],
	log: Log,
): Promise<void> {
	if (missing().length === 0) return;
	// Jest's workers (and two runtimes' queue tests) may ask at the same time: one apt-get at a time.
	const lockDir = join(tmpdir(), 'n8n-nodes-affinda-apt');
	mkdirSync(lockDir, { recursive: true });
	const release = await acquireInstallLock(lockDir, log);
	try {
		const stillMissing = missing();
		if (stillMissing.length > 0) await aptInstall(purpose, stillMissing, log);
	} finally {
		release();
	}
}

async function aptInstall(purpose: string, missing: string[], log: Log): Promise<void> {
	const byHand = `apt-get update && apt-get install -y ${missing.join(' ')}`;
	const sudo = isRoot() ? [] : ['sudo', '-n'];
	if (!onPath('apt-get'))
		throw new Error(
			`${purpose} needs ${missing.join(' and ')} and installs them with apt-get, which this system lacks. Install them yourself (Debian/Ubuntu: ${byHand}).`,
		);
	if (!isRoot() && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0)
		throw new Error(
			`${purpose} needs ${missing.join(' and ')}; installing needs root. Run as root: ${byHand}`,
		);

	const started = Date.now();
	log(`${purpose}: installing Debian's ${missing.join(' and ')} with apt-get (once)`);
	const apt = async (args: string[]) => {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		const [command, ...rest] = [...sudo, 'apt-get', '-o', 'DPkg::Lock::Timeout=600', ...args];
		const { code, tail } = await runWithProgress(command, rest, env, log);
		if (code !== 0)
			throw new Error(
				`apt-get ${args.join(' ')} failed (exit ${code}). Install by hand: ${byHand}\n${tail}`,
			);
	};
	await apt(['update', '-q']);
	await apt(['install', '-y', '-q', '--no-install-recommends', ...missing]);
	log(
		`${purpose}: installed ${missing.join(' and ')} in ${Math.round((Date.now() - started) / 1000)} s`,
	);
}

/** Runs a command, passing on the lines that show progress (apt-get's Get:/Unpacking/Setting up). */
function runWithProgress(
	command: string,
	args: string[],
	env: NodeJS.ProcessEnv,
	log: Log,
): Promise<{ code: number; tail: string }> {
	const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
	const lines: string[] = [];
	for (const stream of [child.stdout, child.stderr]) {
		createInterface({ input: stream }).on('line', (line) => {
			lines.push(line);
			if (/^(Get:|Unpacking|Setting up|E:|W:)/.test(line)) log(`  ${line}`);
		});
	}
	return new Promise((resolve, reject) => {
		child.on('error', reject);
		child.on('close', (code) => resolve({ code: code ?? 1, tail: lines.slice(-20).join('\n') }));
	});
}
