/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// Where the n8n runtimes, the Node they run on, their native builds and the example workflows live.
import { homedir } from 'node:os';
import { join } from 'node:path';

import { PACKAGE_NAME, PROJECT_ROOT } from '../helpers/project-root';

export { PROJECT_ROOT };
export const PROJECT_PACKAGE_NAME = PACKAGE_NAME;

/** This folder: one sub-folder per pinned install (package.json + lockfile; node_modules beside them). */
export const RUNTIME_DIR = join(PROJECT_ROOT, 'test', 'n8n-runtime');

/** The folder that pins one n8n version, e.g. `n8n-2.8.4/`. */
export function n8nFolder(version: string): string {
	return join(RUNTIME_DIR, `n8n-${version}`);
}

/** The folder that pins a Node release from the npm registry, e.g. `node-24/`. */
export function nodeFolder(major: string): string {
	return join(RUNTIME_DIR, `node-${major}`);
}

/**
 * Native modules compiled once per module version and Node ABI, outside the repo so that every
 * clone, worktree and reinstall on this machine reuses them (CI caches it beside npm's cache).
 */
export function nativeBuildCache(): string {
	return (
		process.env.AFFINDA_NATIVE_BUILD_CACHE ??
		join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'n8n-nodes-affinda', 'native')
	);
}

/** Example workflows users import; the e2e suite and the demo run these very files. */
export const EXAMPLES_DIR = join(PROJECT_ROOT, 'test', 'examples');
