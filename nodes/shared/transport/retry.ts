/**
 * What the node retries by itself, and how long it waits. Written once for every request.
 *
 * Two kinds of failure are retried:
 * - answers that prove the service did nothing with the request (429, 503, a refused connection):
 *   retried for every request, uploads included, because repeating them cannot create anything
 *   twice;
 * - faults after which the service may or may not have acted (other 5xx, a dropped connection,
 *   an answer that is not what the endpoint sends): retried only for requests that do no harm
 *   when repeated (reads, searches, updates that set values). Never for an upload.
 */

import type { RequestFailure } from './types';

export const RETRY_POLICY = {
	/** Retries after the first attempt. */
	maxRetries: 3,
	firstBackoffMs: 500,
	maxBackoffMs: 8_000,
	/**
	 * The longest Retry-After the node sleeps through. Beyond it the item fails at once, saying
	 * how long the service asked to wait: a node that sleeps for minutes looks hung.
	 */
	maxRetryAfterSeconds: 120,
	/** Same-origin redirects followed for one request. */
	maxRedirects: 5,
};

/** A request not sent at all (or refused before it was read): repeating it is always safe. */
const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];
/** Of those, the ones worth another try: a misspelled host stays misspelled. */
const RETRYABLE_NOT_SENT_CODES = ['ECONNREFUSED', 'EAI_AGAIN'];
/** Statuses that say the service did not process the request. */
const NOT_PROCESSED_STATUSES = [429, 503];
/** Statuses and connection faults after which the service may have acted. */
const UNCERTAIN_STATUSES = [500, 502, 504];
const UNCERTAIN_CODES = ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_BAD_RESPONSE'];

/** The service did nothing with the request, for sure. */
export function provedNotProcessed(failure: RequestFailure): boolean {
	if (failure.blockedBySsrf !== undefined) return true;
	if (failure.status !== undefined) return NOT_PROCESSED_STATUSES.includes(failure.status);
	return failure.networkCode !== undefined && NOT_SENT_CODES.includes(failure.networkCode);
}

/** The service may have acted on the request: it was sent and no clear answer came back. */
export function mayHaveBeenProcessed(failure: RequestFailure): boolean {
	if (failure.redirectTo !== undefined || failure.malformed !== undefined) return true;
	if (failure.tooLargeBytes !== undefined) return true;
	if (failure.timedOutAfterSeconds !== undefined) return true;
	if (failure.status !== undefined) return failure.status >= 500 && !provedNotProcessed(failure);
	return !provedNotProcessed(failure) && failure.networkCode !== 'ERR_CANCELED';
}

/** A Retry-After longer than the node is willing to sleep through. */
export function waitTooLong(failure: RequestFailure): boolean {
	return (
		failure.retryAfterSeconds !== undefined &&
		failure.retryAfterSeconds > RETRY_POLICY.maxRetryAfterSeconds
	);
}

function retryable(failure: RequestFailure, idempotent: boolean): boolean {
	// A request that ran out of time is not sent again: the time was the person's limit. Nor is
	// one whose answer was too large: it would be as large again.
	if (
		failure.timedOutAfterSeconds !== undefined ||
		failure.redirectTo !== undefined ||
		failure.tooLargeBytes !== undefined
	)
		return false;
	if (failure.status !== undefined && NOT_PROCESSED_STATUSES.includes(failure.status)) return true;
	if (failure.networkCode !== undefined && RETRYABLE_NOT_SENT_CODES.includes(failure.networkCode))
		return true;
	if (!idempotent) return false;
	return (
		failure.malformed !== undefined ||
		(failure.status !== undefined && UNCERTAIN_STATUSES.includes(failure.status)) ||
		(failure.networkCode !== undefined && UNCERTAIN_CODES.includes(failure.networkCode))
	);
}

/**
 * How long to wait before attempt `attempt + 1`, or undefined when the failure stands: not
 * retryable, retries used up, or the service asked for a longer wait than the node sleeps.
 */
export function retryDelayMs(
	failure: RequestFailure,
	attempt: number,
	idempotent: boolean,
): number | undefined {
	if (attempt >= RETRY_POLICY.maxRetries || !retryable(failure, idempotent)) return undefined;
	if (failure.retryAfterSeconds !== undefined) {
		return waitTooLong(failure) ? undefined : failure.retryAfterSeconds * 1000;
	}
	return Math.min(RETRY_POLICY.firstBackoffMs * 2 ** attempt, RETRY_POLICY.maxBackoffMs);
}

/**
 * Retry-After in either form HTTP allows: a number of seconds, or an HTTP date (counted from
 * `now`; a date in the past means no wait). Undefined when absent or unreadable.
 */
export function parseRetryAfter(header: unknown, now = Date.now()): number | undefined {
	const text = Array.isArray(header) ? header[0] : header;
	if (typeof text !== 'string' && typeof text !== 'number') return undefined;
	const value = String(text).trim();
	if (/^\d+$/.test(value)) return Number(value);
	// HTTP dates start with the day's name; anything else is no date ("-5" would parse as a year).
	if (!/^[A-Za-z]{3}/.test(value)) return undefined;
	const date = Date.parse(value);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, Math.ceil((date - now) / 1000));
}
