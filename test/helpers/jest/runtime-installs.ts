/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The n8n runtimes a jest run needs (sequencer.js finds which), installed in jest's own process in
// the background while the files that need none run first. A test that needs a runtime still calls
// ensureN8nRuntime(): it finds the stamp, or waits on the install's lock (folder-install.ts), or
// fails with the message the failed install recorded for this run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { INSTALL_FAILURES_ENV } from '../../n8n-runtime/folder-install';
import { ensureN8nRuntime } from '../../n8n-runtime/install';
import { formatDuration } from '../../n8n-runtime/npm-progress';

// sequencer.js's NEEDED_ENV.
const NEEDED_ENV = 'AFFINDA_RUNTIMES_NEEDED';
// global-setup.ts and global-teardown.ts may be loaded as two module instances: the state is global.
const PENDING = Symbol.for('n8n-nodes-affinda.background-runtime-installs');
type WithPending = typeof globalThis & { [PENDING]?: { done: Promise<void>; versions: string[] } };

const log = (line: string) => process.stderr.write(`[runtime install] ${line}\n`);

export function startRuntimeInstalls(): void {
	const versions = (process.env[NEEDED_ENV] ?? '').split(',').filter(Boolean);
	if (versions.length === 0) return;
	process.env[INSTALL_FAILURES_ENV] = mkdtempSync(join(tmpdir(), 'affinda-jest-installs-'));
	const done = (async () => {
		for (const version of versions) {
			const started = Date.now();
			try {
				await ensureN8nRuntime(version, { log });
				const took = Date.now() - started;
				if (took > 1000) log(`n8n ${version}: ready after ${formatDuration(took)}`);
			} catch (error) {
				log(
					`n8n ${version}: FAILED; every test that needs it fails with this message:\n${(error as Error).message}`,
				);
			}
		}
	})();
	(globalThis as WithPending)[PENDING] = { done, versions };
}

/** Lets an install still running finish (the next run needs it whole), then forgets the failures. */
export async function finishRuntimeInstalls(): Promise<void> {
	const pending = (globalThis as WithPending)[PENDING];
	if (!pending) return;
	let finished = false;
	const notice = setTimeout(() => {
		if (!finished)
			log(`waiting for the background install of n8n ${pending.versions.join(', ')} to finish`);
	}, 1000);
	await pending.done;
	finished = true;
	clearTimeout(notice);
	const records = process.env[INSTALL_FAILURES_ENV];
	if (records) rmSync(records, { recursive: true, force: true });
}
