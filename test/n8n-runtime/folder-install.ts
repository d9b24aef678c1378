/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- a build script: it runs npm */
// Installs one pinned folder (a package.json and its lockfile) into its node_modules, exactly as
// the lockfile says, once: a stamp written last records what was installed, a lock file keeps two
// processes (two jest workers, a test run and the demo) from installing the same folder at once.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	createWriteStream,
	existsSync,
	linkSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

import { countLockedPackages, formatDuration, NpmInstallProgress } from './npm-progress';

export interface InstallOptions {
	/** Where progress lines go; stderr by default. */
	log?: (line: string) => void;
	/** Rewrite one status line in place (a terminal) instead of printing a line now and then (CI, jest). */
	interactive?: boolean;
	/** Reinstall even when a complete install is present. */
	force?: boolean;
}

export interface PinnedFolder {
	dir: string;
	/** What is being installed, for progress lines: "n8n 2.8.4", "Node 24". */
	label: string;
	/** The Node ABI the native modules in it are built for (part of the stamp). */
	nodeAbi: string;
	/** Extra npm arguments (install scripts on or off). */
	npmArgs: string[];
	/** Extra environment for npm (PATH with another Node first, npm_config_nodedir). */
	env?: NodeJS.ProcessEnv;
}

/**
 * A pinned folder of an npm tool the tests run on the project's own Node (n8n's package scanner,
 * the release rehearsal's registry): no native module, and its dependencies' install scripts build
 * only optional ones it does not use.
 */
export function toolFolder(dir: string, label: string): PinnedFolder {
	return { dir, label, nodeAbi: 'none', npmArgs: ['--ignore-scripts'] };
}

const STAMP = '.n8n-nodes-affinda-runtime.json';

export function installLogPath(folder: PinnedFolder): string {
	return join(folder.dir, 'install.log');
}

/**
 * What a complete install records: the lockfile it came from and the Node ABI its native modules
 * were built for. Written last, so an interrupted install never looks complete.
 */
function expectedStamp(folder: PinnedFolder): string {
	const lockHash = createHash('sha256')
		.update(readFileSync(join(folder.dir, 'package-lock.json')))
		.digest('hex');
	return JSON.stringify({
		lockHash,
		nodeAbi: folder.nodeAbi,
		platform: process.platform,
		arch: process.arch,
	});
}

/** Whether node_modules (here, or the given one) holds a complete install of this folder's lockfile. */
export function isInstalled(
	folder: PinnedFolder,
	nodeModules = join(folder.dir, 'node_modules'),
): boolean {
	const stamp = join(nodeModules, STAMP);
	return existsSync(stamp) && readFileSync(stamp, 'utf8') === expectedStamp(folder);
}

export function writeStamp(folder: PinnedFolder): void {
	writeFileSync(join(folder.dir, 'node_modules', STAMP), expectedStamp(folder));
}

/**
 * Runs `npm install` in the folder with progress, under its lock. `finish` runs after npm, still
 * under the lock and before the stamp (native builds, checks). Returns false if it was installed.
 */
export async function installFolder(
	folder: PinnedFolder,
	options: InstallOptions,
	finish: (log: (line: string) => void) => Promise<void>,
): Promise<boolean> {
	if (!options.force && isInstalled(folder)) return false;
	const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
	const release = await acquireInstallLock(folder.dir, log);
	try {
		// Another process may have finished the install while this one waited for the lock.
		if (!options.force && isInstalled(folder)) return false;
		const failedEarlier = recordedFailure(folder);
		if (failedEarlier !== undefined)
			throw new Error(
				`${failedEarlier}\n(${folder.label}: this install failed earlier in this test run, see above; not tried again)`,
			);
		try {
			await npmInstallWithProgress(folder, log, options.interactive ?? false);
			await finish(log);
		} catch (error) {
			recordFailure(folder, (error as Error).message);
			throw error;
		}
		writeStamp(folder);
		return true;
	} finally {
		release();
	}
}

/**
 * A folder of the current test run (test/helpers/jest/global-setup.ts sets it) where a failed install
 * leaves its message: every later test of the run that needs the folder fails at once with it, in
 * whichever process, instead of waiting minutes for the same install to fail again.
 */
export const INSTALL_FAILURES_ENV = 'AFFINDA_INSTALL_FAILURES';

function failureRecordPath(folder: PinnedFolder): string | undefined {
	const records = process.env[INSTALL_FAILURES_ENV];
	return records
		? join(records, `${basename(dirname(folder.dir))}-${basename(folder.dir)}.txt`)
		: undefined;
}

function recordFailure(folder: PinnedFolder, message: string): void {
	const record = failureRecordPath(folder);
	if (record && existsSync(dirname(record))) writeFileSync(record, message);
}

function recordedFailure(folder: PinnedFolder): string | undefined {
	const record = failureRecordPath(folder);
	return record && existsSync(record) ? readFileSync(record, 'utf8') : undefined;
}

async function npmInstallWithProgress(
	folder: PinnedFolder,
	log: (line: string) => void,
	interactive: boolean,
): Promise<void> {
	const lockfile = JSON.parse(readFileSync(join(folder.dir, 'package-lock.json'), 'utf8'));
	const progress = new NpmInstallProgress(countLockedPackages(lockfile));
	const started = Date.now();
	const status = () =>
		`${folder.label}: installing [${formatDuration(Date.now() - started)}] ${progress.describe()}`;
	log(
		`${folder.label}: installing into ${folder.dir} (once; full log in ${installLogPath(folder)})`,
	);
	const ticker = interactive
		? setInterval(() => process.stderr.write(`\r\x1b[K${status()}`), 1000)
		: setInterval(() => log(status()), 15000);
	try {
		// Start clean, as `npm ci` would: a failed install must not survive as a half install.
		const nodeModules = join(folder.dir, 'node_modules');
		if (existsSync(nodeModules)) log(`${folder.label}: removing the previous, unverified install`);
		await rm(nodeModules, { recursive: true, force: true });
		const code = await runNpmInstall(folder, (line) => progress.consume(line));
		if (interactive) process.stderr.write('\r\x1b[K');
		if (code !== 0) throw new Error(failureMessage(folder, code, Date.now() - started));
		log(`${folder.label}: npm install took ${formatDuration(Date.now() - started)}`);
	} finally {
		clearInterval(ticker);
	}
}

/** npm's environment without what a surrounding `npm run` set for the project itself. */
export function npmEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env, SCARF_ANALYTICS: 'false', ...extra };
	delete env.npm_config_ignore_scripts;
	delete env.npm_config_local_prefix;
	delete env.npm_config_prefix;
	return env;
}

/**
 * Installs exactly what the lockfile pins. `--prefer-offline` takes every tarball npm's cache
 * already holds without asking the registry again, so a second runtime or a reinstall downloads
 * only what is new. Not `npm ci`: npm leaves out of the lockfile optional platform packages it cannot
 * resolve (this registry lacks some darwin/win32 builds), and `npm ci` then calls the lockfile out of
 * sync. `npm install --no-save` installs from the same lockfile and writes nothing.
 */
function runNpmInstall(folder: PinnedFolder, onLine: (line: string) => void): Promise<number> {
	const logFile = createWriteStream(installLogPath(folder));
	const child = spawn(
		'npm',
		[
			'install',
			'--no-save',
			'--prefer-offline',
			'--no-audit',
			'--no-fund',
			'--loglevel=info',
			...folder.npmArgs,
		],
		{ cwd: folder.dir, env: npmEnvironment(folder.env), stdio: ['ignore', 'pipe', 'pipe'] },
	);
	for (const stream of [child.stdout, child.stderr]) {
		stream.pipe(logFile, { end: false });
		createInterface({ input: stream }).on('line', onLine);
	}
	return new Promise((resolve, reject) => {
		child.on('error', reject);
		child.on('close', (code) => logFile.end(() => resolve(code ?? 1)));
	});
}

function failureMessage(folder: PinnedFolder, code: number, elapsedMs: number): string {
	const logPath = installLogPath(folder);
	const tail = existsSync(logPath)
		? readFileSync(logPath, 'utf8').split('\n').filter(Boolean).slice(-25).join('\n')
		: '';
	return `Installing ${folder.label} failed: npm install exited with ${code} after ${formatDuration(elapsedMs)}.\nLast lines of ${logPath}:\n${tail}`;
}

/**
 * One installer per folder at a time. The lock is a file holding its owner's pid, created whole by
 * link(2), so it is never seen half-written; a dead owner's lock is taken over.
 */
export async function acquireInstallLock(
	dir: string,
	log: (line: string) => void,
): Promise<() => void> {
	const lock = join(dir, '.install.lock');
	const claim = `${lock}.${process.pid}`;
	writeFileSync(claim, String(process.pid));
	try {
		for (let announced = false; ; ) {
			try {
				linkSync(claim, lock);
				return () => rmSync(lock, { force: true });
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			}
			const owner = lockOwner(lock);
			if (owner === undefined) continue; // released meanwhile
			if (!isAlive(owner)) {
				rmSync(lock, { force: true });
				continue;
			}
			if (!announced) log(`waiting for another install in ${dir} (pid ${owner}) to finish`);
			announced = true;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	} finally {
		rmSync(claim, { force: true });
	}
}

function lockOwner(lock: string): number | undefined {
	try {
		return Number(readFileSync(lock, 'utf8'));
	} catch {
		return undefined;
	}
}

function isAlive(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}
