/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a build script: it installs n8n */
// Installs a pinned n8n (test/n8n-runtime/n8n-<version>/, exactly as its lockfile says) and the Node
// it runs on, once, and reuses them on later runs. On its own: `npm run n8n:install [-- <version>
// ... --force]`; the e2e suite, the queue-mode test and the demo call ensureN8nRuntime() themselves.
import { existsSync, realpathSync, symlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import {
	installFolder,
	isInstalled,
	type InstallOptions,
	type PinnedFolder,
} from './folder-install';
import { provideNativeModules, runtimeNpmEnvironment } from './native-builds';
import { ensureRegistryNode, projectNode, type NodeBinary } from './node-binary';
import { optionsOnFor } from './options-on';
import { n8nFolder, RUNTIME_DIR } from './paths';
import { knownVersions, referenceVersion, runtimeSpec } from './versions';

export type { InstallOptions };

export interface N8nRuntime {
	/** n8n's version, as pinned in n8n-<version>/package.json. */
	version: string;
	/** The Node that runs it. */
	node: NodeBinary;
	/** The n8n CLI's entry script, to run with `node.path`. */
	n8nMain: string;
	/**
	 * Environment to run it with: its Node first on PATH (n8n starts children with `node`), and the
	 * newest n8n's options on (options-on.ts).
	 */
	env: NodeJS.ProcessEnv;
}

function pinnedN8nFolder(version: string, node: NodeBinary): PinnedFolder {
	return {
		dir: n8nFolder(version),
		label: `n8n ${version}`,
		nodeAbi: node.abi,
		// Install scripts off: n8n's either fetch prebuilt binaries from GitHub (unreachable here) or
		// are optional; the one native module n8n needs, sqlite3, is built by native-builds.ts.
		npmArgs: ['--ignore-scripts'],
		env: runtimeNpmEnvironment(node),
	};
}

async function runtimeNode(version: string, options: InstallOptions): Promise<NodeBinary> {
	const { node } = runtimeSpec(version);
	return node === 'project' ? projectNode() : await ensureRegistryNode(node, options);
}

/**
 * An install made elsewhere that is exactly this lockfile for this Node, linked in place instead of
 * installed again:
 * - the earlier layout's single runtime at test/n8n-runtime/node_modules (it was n8n 2.8.4);
 * - when test/n8n-runtime/node_modules links to another checkout's (git worktrees sharing one set
 *   of installs), the same version installed in that checkout.
 */
function adoptInstallFromElsewhere(folder: PinnedFolder): void {
	const here = join(folder.dir, 'node_modules');
	if (existsSync(here)) return;
	const earlier = join(RUNTIME_DIR, 'node_modules');
	if (isInstalled(folder, earlier)) {
		symlinkSync(join('..', 'node_modules'), here, 'dir');
		return;
	}
	if (!existsSync(earlier)) return;
	const sharedRuntimeDir = dirname(realpathSync(earlier));
	if (sharedRuntimeDir === realpathSync(RUNTIME_DIR)) return;
	const shared = join(sharedRuntimeDir, basename(folder.dir), 'node_modules');
	if (existsSync(shared) && isInstalled(folder, shared))
		symlinkSync(realpathSync(shared), here, 'dir');
}

export async function ensureN8nRuntime(
	version = referenceVersion(),
	options: InstallOptions = {},
): Promise<N8nRuntime> {
	const node = await runtimeNode(version, options);
	const folder = pinnedN8nFolder(version, node);
	if (!options.force) adoptInstallFromElsewhere(folder);
	await installFolder(folder, options, (log) => provideNativeModules(folder.dir, node, log));
	return {
		version,
		node,
		n8nMain: join(folder.dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		env: { PATH: runtimeNpmEnvironment(node).PATH, ...optionsOnFor(version) },
	};
}

if (require.main === module) {
	const force = process.argv.includes('--force');
	const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
	const versions = asked.length > 0 ? asked : knownVersions();
	(async () => {
		for (const version of versions) {
			const started = Date.now();
			const runtime = await ensureN8nRuntime(version, {
				force,
				interactive: Boolean(process.stderr.isTTY),
			});
			process.stderr.write(
				`n8n ${runtime.version} on Node ${runtime.node.version}: ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${runtime.n8nMain}\n`,
			);
		}
	})().catch((error: Error) => {
		process.stderr.write(`\n${error.message}\n`);
		process.exitCode = 1;
	});
}
