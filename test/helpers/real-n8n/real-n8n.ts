/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test infrastructure, not node code */
// A real n8n with this package installed, ready to drive: the runtime installed if it is missing,
// a fresh user folder with the package linked in, n8n started on free ports, the owner set up.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { ensureN8nRuntime, type InstallOptions } from '../../n8n-runtime/install';
import { versionForThisTest } from '../../n8n-runtime/versions';
import { freePort } from '../free-port';
import { N8nClient, type Owner } from './n8n-client';
import { startN8nProcess, type N8nProcess } from './n8n-process';
import { createUserFolder } from './user-folder';

export const AFFINDA_NODE_TYPE = 'n8n-nodes-affinda.affinda';
export const AFFINDA_CREDENTIAL_TYPE = 'affindaApi';

/** Every n8n process of a run uses it: in queue mode, workers decrypt credentials the main stored. */
// eslint-disable-next-line @n8n/community-nodes/no-hardcoded-secrets -- guards nothing: a throwaway n8n's data
export const E2E_ENCRYPTION_KEY = 'n8n-nodes-affinda-e2e-key';

export const E2E_OWNER: Owner = {
	email: 'e2e@example.com',
	password: 'E2e-password-1',
	firstName: 'End',
	lastName: 'ToEnd',
};

export interface RealN8nOptions {
	/** Which installed n8n (test/n8n-runtime/runtimes.json); the one this test runs against by default. */
	version?: string;
	owner?: Owner;
	/** A fixed port (the demo's); a free one otherwise. */
	port?: number;
	/** More environment for n8n. */
	env?: NodeJS.ProcessEnv;
	/** How the runtime install, if one is needed, reports progress. */
	install?: InstallOptions;
	/** Install this `npm pack` tarball as the Community Nodes page would, instead of linking the repository. */
	packageTarball?: string;
	/**
	 * Installs the package into the fresh user folder's `.n8n/nodes` (a plain `npm i` from the
	 * release rehearsal's registry), instead of linking the repository.
	 */
	installPackage?: (nodesFolder: string) => Promise<void>;
	/** Leave the user folder on disk after stop (to look at n8n's database after a failure). */
	keepUserFolder?: boolean;
}

export interface RealN8n {
	baseUrl: string;
	client: N8nClient;
	owner: Owner;
	process: N8nProcess;
	userFolder: string;
	n8nVersion: string;
	/**
	 * Stops n8n and starts it again on the same user folder (database, static data, credentials),
	 * as after a reboot; `client`, `process` and `baseUrl` then refer to the new process.
	 */
	restart(): Promise<void>;
	stop(): Promise<void>;
}

export async function startRealN8n(options: RealN8nOptions = {}): Promise<RealN8n> {
	const runtime = await ensureN8nRuntime(options.version ?? versionForThisTest(), options.install);
	const owner = options.owner ?? E2E_OWNER;
	const userFolder = createUserFolder({
		packageTarball: options.packageTarball,
		withoutPackage: options.installPackage !== undefined,
	});
	const removeUserFolder = () => {
		if (!options.keepUserFolder) rmSync(userFolder, { recursive: true, force: true });
	};
	let n8n: N8nProcess | undefined;
	const start = async () =>
		await startN8nProcess({
			n8nMain: runtime.n8nMain,
			nodePath: runtime.node.path,
			userFolder,
			port: options.port ?? (await freePort()),
			brokerPort: await freePort(),
			encryptionKey: E2E_ENCRYPTION_KEY,
			env: { ...runtime.env, ...options.env },
		});
	try {
		await options.installPackage?.(join(userFolder, '.n8n', 'nodes'));
		n8n = await start();
		const started: RealN8n = {
			baseUrl: n8n.baseUrl,
			client: await N8nClient.bootstrap(n8n.baseUrl, owner),
			owner,
			process: n8n,
			userFolder,
			n8nVersion: runtime.version,
			restart: async () => {
				await started.process.stop();
				started.process = await start();
				started.baseUrl = started.process.baseUrl;
				started.client = await N8nClient.logIn(started.baseUrl, owner);
			},
			stop: async () => {
				await started.process.stop();
				removeUserFolder();
			},
		};
		return started;
	} catch (error) {
		await n8n?.stop();
		removeUserFolder();
		throw error;
	}
}
