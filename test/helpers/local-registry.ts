/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- starts a registry and runs npm against it */
// The release rehearsal's registry: verdaccio (pinned in test/package/registry, installed on first
// use like the scanner) on 127.0.0.1 with its own storage and no uplinks, so an install from it can
// bring only what was published to it. The packed package is published there as the publish
// workflow publishes it, read back with `npm view`, and installed with a plain `npm i` the way n8n's
// manual install and queue-mode workers install it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { installFolder, npmEnvironment, toolFolder } from '../n8n-runtime/folder-install';
import { PROJECT_PACKAGE_NAME } from '../n8n-runtime/paths';
import { freePort } from './free-port';
import { startGuardedProcess, waitUntil, type GuardedProcess } from './guarded-process';
import { packTarball } from './package-build';
import { PROJECT_ROOT } from './project-root';

const run = promisify(execFile);

const REGISTRY_DIR = join(PROJECT_ROOT, 'test', 'package', 'registry');
const REGISTRY = toolFolder(REGISTRY_DIR, 'verdaccio (the local npm registry)');

export interface LocalRegistry {
	/** `http://127.0.0.1:<port>/` */
	url: string;
	/** Runs npm against this registry only (its own userconfig), in `cwd`; resolves to stdout. */
	npm(args: string[], cwd: string): Promise<string>;
	stop(): Promise<void>;
}

/** Installs verdaccio if it is not (once), then starts it; each step's time goes into `times`. */
export async function startLocalRegistry(times: StepTimes = []): Promise<LocalRegistry> {
	await timed(times, 'verdaccio install', async () => {
		await installFolder(REGISTRY, {}, async () => undefined);
	});
	const started = Date.now();
	const folder = mkdtempSync(join(tmpdir(), 'affinda-registry-'));
	const port = await freePort();
	const url = `http://127.0.0.1:${port}/`;
	const config = join(folder, 'config.yaml');
	// Anyone may publish (a token is still needed for npm to try): no uplinks, no web UI.
	writeFileSync(
		config,
		[
			`storage: ${join(folder, 'storage')}`,
			'auth: { htpasswd: { file: ./htpasswd, max_users: -1 } }',
			'uplinks: {}',
			"packages: { '**': { access: $all, publish: $all, unpublish: $all } }",
			'web: { enable: false }',
			'log: { type: stdout, format: pretty, level: warn }',
			'',
		].join('\n'),
	);
	const userconfig = join(folder, 'npmrc');
	writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=release-rehearsal\n`);
	const server: GuardedProcess = startGuardedProcess(
		process.execPath,
		[
			join(REGISTRY_DIR, 'node_modules', 'verdaccio', 'bin', 'verdaccio'),
			'--config',
			config,
			'--listen',
			`127.0.0.1:${port}`,
		],
		{ cwd: folder, env: { ...process.env } },
	);
	await waitUntil('verdaccio', server, async () => (await fetch(`${url}-/ping`)).ok, 60_000).catch(
		async (error: unknown) => {
			await server.stop();
			throw error;
		},
	);
	times.push(['registry start', Date.now() - started]);
	return {
		url,
		npm: async (args, cwd) => {
			const env = npmEnvironment({ npm_config_registry: url, npm_config_userconfig: userconfig });
			const { stdout } = await run('npm', [...args, '--no-audit', '--no-fund'], {
				cwd,
				env: { ...env, npm_config_update_notifier: 'false' },
				maxBuffer: 16 * 1024 * 1024,
			});
			return stdout;
		},
		stop: async () => {
			await server.stop();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}

/** One rehearsal step's name and how long it took, for the log (never asserted). */
export type StepTimes = Array<[step: string, ms: number]>;

/** The rehearsal's steps and times on one line of the test log. */
export function logTimes(label: string, times: StepTimes): void {
	process.stderr.write(`${label}: ${times.map(([step, ms]) => `${step} ${ms} ms`).join(', ')}\n`);
}

export async function timed<T>(times: StepTimes, step: string, work: () => Promise<T>): Promise<T> {
	const started = Date.now();
	const result = await work();
	times.push([step, Date.now() - started]);
	return result;
}

/**
 * Packs the built project and publishes the tarball to the registry, as the publish workflow
 * publishes what its test job packed; resolves to what `npm view` then shows of the version.
 */
export async function publishPackage(
	registry: LocalRegistry,
	times: StepTimes,
): Promise<Record<string, unknown>> {
	const work = mkdtempSync(join(tmpdir(), 'affinda-release-'));
	try {
		const tarball = await timed(
			times,
			'npm pack',
			async () => await packTarball(PROJECT_ROOT, work),
		);
		const listing = await run('tar', ['-tzf', tarball]);
		if (!listing.stdout.includes('package/dist/nodes/Affinda/Affinda.node.js'))
			throw new Error(`${tarball} holds no dist/: run \`npm run build\` first`);
		await timed(times, 'npm publish', async () => await registry.npm(['publish', tarball], work));
		return await timed(
			times,
			'npm view',
			async () =>
				JSON.parse(
					await registry.npm(['view', `${PROJECT_PACKAGE_NAME}@latest`, '--json'], work),
				) as Record<string, unknown>,
		);
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

/**
 * `npm i n8n-nodes-affinda` in an n8n user folder's `.n8n/nodes`, as n8n documents the manual
 * install; resolves to every package npm put in node_modules (from its lockfile).
 */
export async function installFromRegistry(
	registry: LocalRegistry,
	nodesFolder: string,
	times: StepTimes,
): Promise<string[]> {
	mkdirSync(nodesFolder, { recursive: true });
	await timed(
		times,
		'npm i',
		async () =>
			await registry.npm(['install', PROJECT_PACKAGE_NAME, '--prefer-online'], nodesFolder),
	);
	const lock = JSON.parse(readFileSync(join(nodesFolder, 'package-lock.json'), 'utf8')) as {
		packages: Record<string, unknown>;
	};
	const fromLock = Object.keys(lock.packages).filter((path) => path !== '');
	const onDisk = readdirSync(join(nodesFolder, 'node_modules')).filter(
		(entry) => !entry.startsWith('.'),
	);
	return [...new Set([...fromLock.map((path) => path.replace(/^node_modules\//, '')), ...onDisk])];
}
