/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * Shorter backoffs for tests of the built node, so a scenario with retries takes milliseconds,
 * not seconds. Changes the retry policy of dist/ (the copy the in-process n8n runs), never what
 * is retried: only how long the node waits in between.
 */
import { join } from 'node:path';

import type { RETRY_POLICY as Policy } from '../../nodes/shared/transport/retry';
import { PROJECT_ROOT } from './project-root';

type RetryPolicy = typeof Policy;

function builtPolicy(): RetryPolicy {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(join(PROJECT_ROOT, 'dist/nodes/shared/transport/retry'))
		.RETRY_POLICY as RetryPolicy;
}

/** Call at the top of a describe block: backoffs of 5-40 ms while it runs. */
export function useFastRetries(): void {
	let saved: RetryPolicy | undefined;
	beforeAll(() => {
		const policy = builtPolicy();
		saved = { ...policy };
		Object.assign(policy, { firstBackoffMs: 5, maxBackoffMs: 40 });
	});
	afterAll(() => {
		if (saved) Object.assign(builtPolicy(), saved);
	});
}
