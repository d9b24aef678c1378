/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The repository root, found by walking up from this file, so the same code works from source
// (ts-jest) and from its compiled copy under node_modules/.cache.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const PACKAGE_NAME = 'n8n-nodes-affinda';

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
