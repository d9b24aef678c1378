/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
import { rmSync } from 'node:fs';

/** Removes the user folder global-setup.ts made (and only that one). */
export default function globalTeardown(): void {
	const folder = process.env.AFFINDA_JEST_USER_FOLDER;
	if (folder) rmSync(folder, { recursive: true, force: true });
}
