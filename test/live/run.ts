/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- a terminal program: it reads the environment and sets its exit code */
// `npm run test:live`: the live check (live-check.ts). n8n-core keeps its settings under
// N8N_USER_FOLDER: a folder of the run's own, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const userFolder = mkdtempSync(join(tmpdir(), 'affinda-live-'));
process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_ENCRYPTION_KEY ??= 'affinda-live-check';
process.env.N8N_LOG_LEVEL ??= 'silent';

// Loaded once the environment is set: n8n-core reads it when it loads.
const { main } = require('./live-check') as typeof import('./live-check');
const { stopN8nCoreTimers } =
	require('../helpers/n8n-in-process') as typeof import('../helpers/n8n-in-process');

main(process.env, (line) => process.stdout.write(`${line}\n`))
	.then((code) => {
		process.exitCode = code;
	})
	.catch((error: unknown) => {
		process.stderr.write(
			`Live check stopped: ${error instanceof Error ? error.stack : String(error)}\n`,
		);
		process.exitCode = 1;
	})
	.finally(() => {
		stopN8nCoreTimers();
		rmSync(userFolder, { recursive: true, force: true });
	});
