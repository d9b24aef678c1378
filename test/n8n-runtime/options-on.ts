// The options users of the newest n8n turn on, on for every process the tests start on that
// runtime (the e2e suite, the queue test's main and workers, the demo when it runs that n8n), so
// that its end-to-end tests are runs with them on rather than extra passes. Each was read in n8n
// 2.41.1's own source (@n8n/config 2.39.0's SsrfProtectionConfig).
//
// Durable poll cursors: the cursor lives in n8n's poller_state table, staged for each poll
// (getWorkflowStaticData('node') is a copy valid only inside the poll), kept with each run the
// poll starts in one transaction, or alone when the poll returns nothing, fenced by the poll's
// lease (n8n's trigger-execution-context.factory.js, poll-trigger-task-handler.js). The
// activation poll is a test whose staged cursor n8n discards; the trigger keeps its baseline in
// the workflow's static data too, which n8n saves at activation (nodes/AffindaPollingTrigger/poll.ts).
// In effect only with the scheduler and its poll triggers on (and N8N_USE_WORKFLOW_PUBLICATION_SERVICE,
// on by default): n8n then polls from its scheduler, every minute at a second seeded by the node.

/** The loopback address the tests' servers listen on, and the only one n8n is allowed to reach. */
export const ALLOWED_LOOPBACK = '127.0.0.1';

const NEWEST_OPTIONS: NodeJS.ProcessEnv = {
	// SSRF protection: loopback (127.0.0.0/8) and private ranges are blocked; the emulator and the
	// tests' other servers are let through as a user lets a self-hosted Affinda through: by IP range.
	// Every other loopback address (127.0.0.2 ...) stays blocked.
	N8N_SSRF_PROTECTION_ENABLED: 'true',
	N8N_SSRF_ALLOWED_IP_RANGES: `${ALLOWED_LOOPBACK}/32`,
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	// Not an option users turn on: the MCP registry module fetches its server list from
	// api.n8n.io at start (mcp-registry-refresh.task.js, run on takeover); tests stay on loopback.
	N8N_DISABLED_MODULES: 'mcp-registry',
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
