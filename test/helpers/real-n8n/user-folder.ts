/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PROJECT_PACKAGE_NAME, PROJECT_ROOT } from '../../n8n-runtime/paths';

/**
 * A fresh N8N_USER_FOLDER with this package where a Community Nodes install puts it:
 * `.n8n/nodes/node_modules/n8n-nodes-affinda`. n8n loads it from there at start, so its node type
 * is `n8n-nodes-affinda.affinda`, as in a user's n8n.
 */
export function createUserFolder(prefix = 'affinda-n8n-'): string {
	const built = join(PROJECT_ROOT, 'dist', 'nodes', 'Affinda', 'Affinda.node.js');
	if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
	const userFolder = mkdtempSync(join(tmpdir(), prefix));
	const nodeModules = join(userFolder, '.n8n', 'nodes', 'node_modules');
	mkdirSync(nodeModules, { recursive: true });
	symlinkSync(PROJECT_ROOT, join(nodeModules, PROJECT_PACKAGE_NAME), 'dir');
	return userFolder;
}
