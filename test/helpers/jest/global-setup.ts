/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// One n8n user folder for the whole jest run (workers inherit it), removed by global-teardown.ts;
// the n8n runtimes the selected tests need, installed in the background (runtime-installs.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startRuntimeInstalls } from './runtime-installs';

export default function globalSetup(): void {
	if (!process.env.N8N_USER_FOLDER) {
		process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'affinda-jest-'));
		process.env.AFFINDA_JEST_USER_FOLDER = process.env.N8N_USER_FOLDER;
	}
	startRuntimeInstalls();
}
