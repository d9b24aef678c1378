/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- a build script: it runs npm and checks build tools */
// Installs the reference n8n (DECISIONS.md 15) into test/n8n-runtime/node_modules, exactly as the
// committed lockfile pins it, and reuses it on later runs. Run on its own with
// `npm run n8n:install`; the e2e suite and the demo call ensureN8nRuntime() themselves.
import { spawn, spawnSync } from 'node:child_process';
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
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { countLockedPackages, formatDuration, NpmInstallProgress } from './npm-progress';
import { RUNTIME_DIR } from './paths';
import { missingBuildTools, missingToolsMessage, nodeHeadersFound } from './toolchain';

export interface N8nRuntime {
	/** n8n's version, as pinned in test/n8n-runtime/package.json. */
	version: string;
	/** The n8n CLI's entry script, to run with this very Node binary. */
	n8nMain: string;
}

export interface InstallOptions {
	/** Where progress lines go; stderr by default. */
	log?: (line: string) => void;
	/** Rewrite one status line in place (a terminal) instead of printing a line now and then (CI, jest). */
	interactive?: boolean;
	/** Reinstall even when a complete install is present. */
	force?: boolean;
}

const NODE_MODULES = join(RUNTIME_DIR, 'node_modules');
const LOCKFILE = join(RUNTIME_DIR, 'package-lock.json');
const STAMP = join(NODE_MODULES, '.n8n-nodes-affinda-runtime.json');
const INSTALL_LOG = join(RUNTIME_DIR, 'install.log');
const INSTALL_LOCK = join(RUNTIME_DIR, '.install.lock');

export function pinnedN8nVersion(): string {
	const manifest = JSON.parse(readFileSync(join(RUNTIME_DIR, 'package.json'), 'utf8'));
	return manifest.dependencies.n8n;
}

function runtime(): N8nRuntime {
	return { version: pinnedN8nVersion(), n8nMain: join(NODE_MODULES, 'n8n', 'bin', 'n8n') };
}

/**
 * What a complete install records: the lockfile it came from and the Node ABI sqlite3 was compiled
 * for. Written last, so an interrupted install never looks complete.
 */
function expectedStamp(): string {
	const lockHash = createHash('sha256').update(readFileSync(LOCKFILE)).digest('hex');
	return JSON.stringify({
		lockHash,
		nodeAbi: process.versions.modules,
		platform: process.platform,
		arch: process.arch,
	});
}

export function isRuntimeInstalled(): boolean {
	return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === expectedStamp();
}

export async function ensureN8nRuntime(options: InstallOptions = {}): Promise<N8nRuntime> {
	if (!options.force && isRuntimeInstalled()) return runtime();
	const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));

	const missing = missingBuildTools();
	if (missing.length > 0) throw new Error(missingToolsMessage(missing));
	if (!nodeHeadersFound()) {
		log(
			'n8n runtime: warning: Node headers not found locally; node-gyp will try to download them to build sqlite3.',
		);
	}

	const release = await acquireInstallLock(log);
	try {
		// Another process may have finished the install while this one waited for the lock.
		if (!options.force && isRuntimeInstalled()) return runtime();
		await installWithProgress(log, options.interactive ?? false);
		verifyInstall();
		writeFileSync(STAMP, expectedStamp());
		return runtime();
	} finally {
		release();
	}
}

async function installWithProgress(
	log: (line: string) => void,
	interactive: boolean,
): Promise<void> {
	const version = pinnedN8nVersion();
	const progress = new NpmInstallProgress(
		countLockedPackages(JSON.parse(readFileSync(LOCKFILE, 'utf8'))),
	);
	const started = Date.now();
	const status = () =>
		`n8n runtime: installing n8n ${version} [${formatDuration(Date.now() - started)}] ${progress.describe()}`;
	log(
		`n8n runtime: installing n8n ${version} into ${RUNTIME_DIR} (a few minutes, once; full log in ${INSTALL_LOG})`,
	);

	const ticker = interactive
		? setInterval(() => process.stderr.write(`\r\x1b[K${status()}`), 1000)
		: setInterval(() => log(status()), 15000);
	try {
		// Start clean, as `npm ci` would: a failed native build must not survive as a half install.
		if (existsSync(NODE_MODULES))
			log('n8n runtime: removing the previous, unverified install first');
		await rm(NODE_MODULES, { recursive: true, force: true });
		const code = await runNpmInstall((line) => progress.consume(line));
		if (interactive) process.stderr.write('\r\x1b[K');
		if (code !== 0) throw new Error(installFailureMessage(code, Date.now() - started));
		log(`n8n runtime: installed n8n ${version} in ${formatDuration(Date.now() - started)}`);
	} finally {
		clearInterval(ticker);
	}
}

/**
 * Installs exactly what the lockfile pins, with install scripts on (the project's .npmrc turns them
 * off). Not `npm ci`: npm leaves out of the lockfile optional platform packages it cannot resolve
 * (this registry lacks msgpackr-extract's darwin/win32 3.0.7 builds), and `npm ci` then refuses the
 * lockfile as out of sync. `npm install --no-save` installs from the same lockfile and writes nothing.
 */
function runNpmInstall(onLine: (line: string) => void): Promise<number> {
	const env: NodeJS.ProcessEnv = { ...process.env, SCARF_ANALYTICS: 'false' };
	// Set by a surrounding `npm run`; they would point the inner npm at the project instead.
	delete env.npm_config_ignore_scripts;
	delete env.npm_config_local_prefix;
	delete env.npm_config_prefix;

	const logFile = createWriteStream(INSTALL_LOG);
	const child = spawn(
		'npm',
		[
			'install',
			'--no-save',
			'--ignore-scripts=false',
			'--no-audit',
			'--no-fund',
			'--loglevel=info',
			'--foreground-scripts=false',
		],
		{ cwd: RUNTIME_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] },
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

function installFailureMessage(code: number, elapsedMs: number): string {
	const log = existsSync(INSTALL_LOG) ? readFileSync(INSTALL_LOG, 'utf8') : '';
	const tail = log.split('\n').filter(Boolean).slice(-25).join('\n');
	const hint = /gyp ERR!/.test(log)
		? '\nA native module failed to compile: check python3, make, g++ and the Node headers (npm config get nodedir).'
		: '';
	return `Installing n8n ${pinnedN8nVersion()} failed: npm install exited with ${code} after ${formatDuration(elapsedMs)}.${hint}\nLast lines of ${INSTALL_LOG}:\n${tail}`;
}

/** The install can exit 0 and still leave n8n unable to open its database; check the part that builds. */
function verifyInstall(): void {
	const check = spawnSync(process.execPath, ['-e', "require('sqlite3')"], {
		cwd: RUNTIME_DIR,
		encoding: 'utf8',
	});
	if (check.status !== 0) {
		throw new Error(
			`n8n was installed but sqlite3 does not load, so n8n cannot open its database:\n${check.stderr}`,
		);
	}
	if (!existsSync(runtime().n8nMain))
		throw new Error(`n8n was installed but ${runtime().n8nMain} is missing`);
}

/**
 * One installer at a time (a test run and a demo may start together). The lock is a file holding
 * its owner's pid, created whole by link(2), so it is never seen half-written; a dead owner's lock
 * is taken over.
 */
async function acquireInstallLock(log: (line: string) => void): Promise<() => void> {
	const claim = `${INSTALL_LOCK}.${process.pid}`;
	writeFileSync(claim, String(process.pid));
	try {
		for (let announced = false; ; ) {
			try {
				linkSync(claim, INSTALL_LOCK);
				return () => rmSync(INSTALL_LOCK, { force: true });
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			}
			const owner = lockOwner();
			if (owner === undefined) continue; // released meanwhile
			if (!isAlive(owner)) {
				rmSync(INSTALL_LOCK, { force: true });
				continue;
			}
			if (!announced) log(`n8n runtime: waiting for another install (pid ${owner}) to finish`);
			announced = true;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	} finally {
		rmSync(claim, { force: true });
	}
}

function lockOwner(): number | undefined {
	try {
		return Number(readFileSync(INSTALL_LOCK, 'utf8'));
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

if (require.main === module) {
	const force = process.argv.includes('--force');
	const already = !force && isRuntimeInstalled();
	ensureN8nRuntime({ force, interactive: Boolean(process.stderr.isTTY) }).then(
		(installed) => {
			const how = already ? 'already installed' : 'ready';
			process.stderr.write(`n8n runtime: n8n ${installed.version} ${how}: ${installed.n8nMain}\n`);
		},
		(error: Error) => {
			process.stderr.write(`\n${error.message}\n`);
			process.exitCode = 1;
		},
	);
}
