/**
 * What every e2e file's set-up allows itself: a first run installs the n8n runtime (minutes), and
 * starting n8n on the shared two-core machine can take minutes more.
 */
export const SETUP_TIMEOUT_MS = 15 * 60_000;
