/**
 * How long one request may go without an answer, unless the operation says otherwise. Affinda
 * answers reads and searches in seconds; a minute leaves room for a slow day, yet a connection
 * that hangs fails within a minute, not after n8n's own five.
 */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * Options → Request Timeout, which every operation of the Affinda node offers (its parameter is
 * `requestTimeoutOption` of parameters.ts); the transport reads it per item.
 */
export const REQUEST_TIMEOUT = {
	displayName: 'Request Timeout (Seconds)',
	name: 'requestTimeout',
	bounds: { min: 1, max: 3600 },
} as const;
