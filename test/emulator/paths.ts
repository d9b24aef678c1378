/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// Where the sample files live, found from this module whether it runs compiled (from
// node_modules/.cache/...) or through ts-jest (from test/emulator/).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root: the nearest folder up whose package.json is this package's. */
export function projectRoot(): string {
	let dir = __dirname;
	for (;;) {
		const manifest = join(dir, 'package.json');
		if (
			existsSync(manifest) &&
			(JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'n8n-nodes-affinda'
		) {
			return dir;
		}
		const parent = dirname(dir);
		if (parent === dir) return process.cwd();
		dir = parent;
	}
}

export function fixturesDir(): string {
	return join(projectRoot(), 'test', 'fixtures');
}
