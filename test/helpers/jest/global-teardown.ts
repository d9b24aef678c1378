/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
import { rmSync } from 'node:fs';

import { finishRuntimeInstalls } from './runtime-installs';

/** Removes the user folder global-setup.ts made (and only that one); waits for its installs. */
export default async function globalTeardown(): Promise<void> {
	const folder = process.env.AFFINDA_JEST_USER_FOLDER;
	if (folder) rmSync(folder, { recursive: true, force: true });
	await finishRuntimeInstalls();
}
