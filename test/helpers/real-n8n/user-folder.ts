/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- unpacks the package as n8n does, with tar */
import { execFileSync } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PROJECT_PACKAGE_NAME, PROJECT_ROOT } from '../../n8n-runtime/paths';

export interface UserFolderOptions {
	prefix?: string;
	/**
	 * A tarball from `npm pack` to install the way n8n's Community Nodes page does, instead of
	 * linking the working tree: what users get, with nothing from the repository but the package.
	 */
	packageTarball?: string;
	/** Leave the package out: an n8n process where nobody installed it (a forgotten worker). */
	withoutPackage?: boolean;
}

/**
 * A fresh N8N_USER_FOLDER with this package where a Community Nodes install puts it:
 * `.n8n/nodes/node_modules/n8n-nodes-affinda`. n8n loads it from there at start, so its node type
 * is `n8n-nodes-affinda.affinda`, as in a user's n8n.
 */
export function createUserFolder(options: UserFolderOptions = {}): string {
	const built = join(PROJECT_ROOT, 'dist', 'nodes', 'Affinda', 'Affinda.node.js');
	if (!options.withoutPackage && !options.packageTarball && !existsSync(built)) {
		throw new Error(`${built} is missing: run \`npm run build\` first`);
	}
	const userFolder = mkdtempSync(join(tmpdir(), options.prefix ?? 'affinda-n8n-'));
	const nodeModules = join(userFolder, '.n8n', 'nodes', 'node_modules');
	mkdirSync(nodeModules, { recursive: true });
	if (options.withoutPackage) return userFolder;
	if (options.packageTarball) installTarball(options.packageTarball, userFolder);
	else symlinkSync(PROJECT_ROOT, join(nodeModules, PROJECT_PACKAGE_NAME), 'dir');
	return userFolder;
}

/**
 * What n8n 2.8's community-package install does with the tarball it fetched: unpack it into
 * `nodes/node_modules/<name>`, drop dev, peer and optional dependencies from its manifest, `npm
 * install` inside it (nothing to do: the package has no dependencies), and record it in
 * `nodes/package.json`.
 */
function installTarball(tarball: string, userFolder: string): void {
	const nodesFolder = join(userFolder, '.n8n', 'nodes');
	const packageFolder = join(nodesFolder, 'node_modules', PROJECT_PACKAGE_NAME);
	mkdirSync(packageFolder, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', packageFolder, '--strip-components=1']);
	const manifestPath = join(packageFolder, 'package.json');
	const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
	for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies']) {
		delete manifest[key];
	}
	writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	writeFileSync(
		join(nodesFolder, 'package.json'),
		JSON.stringify({
			name: 'installed-nodes',
			private: true,
			dependencies: { [PROJECT_PACKAGE_NAME]: manifest.version },
		}),
	);
}
