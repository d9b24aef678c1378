/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- installs and runs Redis and PostgreSQL for a test */
// Redis and PostgreSQL for n8n's queue mode (CONTRIBUTING.md): Debian's packages, installed by
// apt-get on first use, each started on a private port below 32768 with a throwaway data folder,
// and stopped afterwards. Nothing is registered with the system's service manager.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureDebianPackages, isRoot, onPath } from '../helpers/debian-packages';
import { freePort } from '../helpers/free-port';
import { startGuardedProcess, waitUntil, type GuardedProcess } from '../helpers/guarded-process';

type Log = (line: string) => void;

export interface Service {
	port: number;
	process: GuardedProcess;
	stop(): Promise<void>;
}

export interface Postgres extends Service {
	user: string;
	database: string;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest PostgreSQL server's bin folder Debian installed (/usr/lib/postgresql/<major>/bin). */
function postgresBin(): string | undefined {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const majors = readdirSync(POSTGRES_ROOT)
		.filter((major) => existsSync(join(POSTGRES_ROOT, major, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length > 0 ? join(POSTGRES_ROOT, majors[0], 'bin') : undefined;
}

/**
 * Installs Debian's redis-server and postgresql if either is missing: once, with apt-get's
 * progress, as root (or through `sudo -n`, as on a CI runner). Fails with what to run by hand.
 */
export async function ensureQueueServices(log: Log): Promise<void> {
	await ensureDebianPackages('The queue-mode test', missingPackages, log);
}

function missingPackages(): string[] {
	return [
		...(onPath('redis-server') ? [] : ['redis-server']),
		...(postgresBin() ? [] : ['postgresql']),
	];
}

/** Sends Redis a PING over TCP; true on +PONG. */
function redisAnswers(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		const done = (answer: boolean) => {
			socket.destroy();
			resolve(answer);
		};
		socket.setTimeout(2000, () => done(false));
		socket.once('error', () => done(false));
		socket.once('connect', () => socket.write('PING\r\n'));
		socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
	});
}

export async function startRedis(): Promise<Service> {
	const port = await freePort();
	const dir = mkdtempSync(join(tmpdir(), 'affinda-redis-'));
	const redis = startGuardedProcess(
		'redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--dir',
			dir,
			'--save',
			'',
			'--appendonly',
			'no',
		],
		{ cwd: dir, env: process.env },
	);
	const stop = async () => {
		await redis.stop(5000);
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		await waitUntil(`redis-server on port ${port}`, redis, () => redisAnswers(port), 30_000);
	} catch (error) {
		await stop();
		throw error;
	}
	return { port, process: redis, stop };
}

/**
 * A throwaway PostgreSQL cluster: initdb into a fresh folder, the server on a private port (no
 * fsync: the data dies with the test), and a database for n8n. PostgreSQL refuses to run as root,
 * so as root it runs as Debian's `postgres` user, which owns the folder.
 */
export async function startPostgres(): Promise<Postgres> {
	const bin = postgresBin();
	if (!bin) throw new Error(`PostgreSQL is not installed (no server under ${POSTGRES_ROOT})`);
	const port = await freePort();
	const dir = mkdtempSync(join(tmpdir(), 'affinda-postgres-'));
	const asServerUser = (command: string, args: string[]): [string, string[]] =>
		isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
	if (isRoot()) {
		const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
		const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
		chownSync(dir, uid, gid);
	}
	const user = 'n8n';
	const database = 'n8n';
	const data = join(dir, 'data');

	const [initCommand, initArgs] = asServerUser(join(bin, 'initdb'), [
		'-D',
		data,
		'-U',
		user,
		'--auth=trust',
		'--encoding=UTF8',
		'--no-sync',
	]);
	const init = spawnSync(initCommand, initArgs, { encoding: 'utf8', cwd: dir });
	if (init.status !== 0) {
		rmSync(dir, { recursive: true, force: true });
		throw new Error(`initdb failed (exit ${init.status}):\n${init.stdout}\n${init.stderr}`);
	}

	const [command, args] = asServerUser(join(bin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(port),
		'-h',
		'127.0.0.1',
		'-k',
		dir,
		'-c',
		'fsync=off',
		'-c',
		'synchronous_commit=off',
		'-c',
		'full_page_writes=off',
	]);
	const postgres = startGuardedProcess(command, args, { cwd: dir, env: process.env });
	const stop = async () => {
		await postgres.stop(10_000);
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		const createdb = () =>
			spawnSync(
				join(bin, 'createdb'),
				['-h', '127.0.0.1', '-p', String(port), '-U', user, database],
				{
					encoding: 'utf8',
				},
			);
		await waitUntil(
			`PostgreSQL on port ${port}`,
			postgres,
			async () =>
				spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0,
			60_000,
		);
		const created = createdb();
		if (created.status !== 0) throw new Error(`createdb failed: ${created.stderr}`);
	} catch (error) {
		await stop();
		throw error;
	}
	return { port, process: postgres, user, database, stop };
}
