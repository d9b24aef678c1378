/**
 * The only layer that talks HTTP. `connection` reads the credential (base URL, auth, Search &
 * Match version), `request` sends one request (timeout, redirects, retries), `pager` reads paged
 * lists whole, `itemRequest` sends one for an input item within its Request Timeout, `retry` says what is safe to send again, `failures` turns what went wrong into
 * errors that name the request, never the key, and `types` names what they all speak of.
 */
export { ANSWER_LIMIT } from './answer';
export * from './connection';
export * from './failures';
export * from './itemRequest';
export * from './multipart';
export * from './pager';
export * from './request';
export { parseRetryAfter, RETRY_POLICY, retryDelayMs } from './retry';
export type * from './types';
