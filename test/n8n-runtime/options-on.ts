// The options users of the newest n8n turn on, on for every process the tests start on that
// runtime (the e2e suite, the queue test's main and workers, the demo when it runs that n8n), so
// that its end-to-end tests are runs with them on rather than extra passes. Each was read in n8n
// 2.41.1's own source (@n8n/config 2.39.0's SsrfProtectionConfig).
//
// Not on yet: durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED, in effect with
// N8N_SCHEDULER_ENABLED and N8N_SCHEDULER_POLL_TRIGGERS_ENABLED). With them the Polling Trigger
// loses the documents parsed between activation and the first scheduled poll: n8n 2.41.1 runs the
// activation poll as a test (active-workflow-triggers.js, executePollTrigger(true)) and commits
// the cursor it staged only for scheduled polls, so the trigger's baseline is taken again at the
// first scheduled poll, and what was parsed before it counts as old (measured: 3 polls, no run).

/** The loopback address the tests' servers listen on, and the only one n8n is allowed to reach. */
export const ALLOWED_LOOPBACK = '127.0.0.1';

const NEWEST_OPTIONS: NodeJS.ProcessEnv = {
	// SSRF protection: loopback (127.0.0.0/8) and private ranges are blocked; the emulator and the
	// tests' other servers are let through as a user lets a self-hosted Affinda through: by IP range.
	// Every other loopback address (127.0.0.2 ...) stays blocked.
	N8N_SSRF_PROTECTION_ENABLED: 'true',
	N8N_SSRF_ALLOWED_IP_RANGES: `${ALLOWED_LOOPBACK}/32`,
};

/** n8n versions that have these options (2.41 and later). */
export function hasNewestOptions(version: string): boolean {
	const [major, minor] = version.split('.').map(Number);
	return major > 2 || (major === 2 && minor >= 41);
}

/** The environment that turns them on, for a runtime that has them; nothing for older ones. */
export function optionsOnFor(version: string): NodeJS.ProcessEnv {
	return hasNewestOptions(version) ? { ...NEWEST_OPTIONS } : {};
}
