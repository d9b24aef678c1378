/**
 * The only layer that talks HTTP. `request` sends one request (auth, base URL, timeout,
 * redirects, retries), `pager` reads paged lists whole, `retry` says what is safe to send again,
 * and `failures` turns what went wrong into errors that name the request, never the key.
 */
export * from './failures';
export * from './multipart';
export * from './pager';
export * from './request';
export { parseRetryAfter, RETRY_POLICY, retryDelayMs } from './retry';
