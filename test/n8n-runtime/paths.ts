/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// Where the project and the reference n8n live. Found by walking up from this file, so the same
// code works from source (ts-jest) and from its compiled copy under node_modules/.cache.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = 'n8n-nodes-affinda';

function findProjectRoot(start: string): string {
	for (let dir = start; ; dir = dirname(dir)) {
		const manifest = join(dir, 'package.json');
		if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === PACKAGE_NAME) {
			return dir;
		}
		if (dirname(dir) === dir) throw new Error(`No ${PACKAGE_NAME} package.json above ${start}`);
	}
}

export const PROJECT_ROOT = findProjectRoot(__dirname);
export const PROJECT_PACKAGE_NAME = PACKAGE_NAME;

/** The runtime folder: its package.json and lockfile pin n8n; node_modules is installed beside them. */
export const RUNTIME_DIR = join(PROJECT_ROOT, 'test', 'n8n-runtime');

/** Example workflows users import; the e2e suite and the demo run these very files. */
export const WORKFLOWS_DIR = join(PROJECT_ROOT, 'test', 'workflows');
