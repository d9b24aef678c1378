import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { MultipartBody } from './multipart';

/** What the transport speaks of: a request, where it is sent from, and what can go wrong. */

/**
 * Every n8n context that calls the service: node runs, dropdowns, the webhook trigger's hooks and
 * webhook, and the polling trigger's polls.
 */
export type AffindaContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

export interface AffindaRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, e.g. `/v3/documents`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | MultipartBody;
	/** Headers beyond auth, e.g. the X-Hook-Secret that activates a webhook subscription. */
	headers?: Record<string, string>;
	/** The input item the request is made for, so errors point at it. */
	itemIndex?: number;
	/**
	 * Whether sending the request twice does no harm, so that a fault after which the service may
	 * have acted (a 502, a dropped connection) may be retried. Reads, searches and updates that
	 * set values are; uploads are not. Defaults to GET only.
	 */
	idempotent?: boolean;
	/** Sent once, whatever the failure: for a call a stranger could otherwise make us repeat. */
	once?: boolean;
	/** Told the service's clock (its Date header, epoch ms) with each answer that has one. */
	serviceClock?: (epochMs: number) => void;
	/** What to tell the person when the request fails, for this operation. */
	advice?: RequestAdvice;
	/** Milliseconds without an answer before the request is given up (default one minute). */
	timeoutMs?: number;
	/**
	 * A moment (epoch ms) by which the item must be done (Parsing Timeout): no retry is waited for
	 * past it, and a request in flight gets at most a moment more to answer.
	 */
	deadline?: number;
	/** The error to fail with when the request fails once the deadline has passed. */
	deadlineError?: () => Error;
	/** The answer is a file (a PDF, the original upload): its bytes are read, not JSON. */
	file?: boolean;
	/** The endpoint's success has no body (re_index answers 200 with none): empty is no fault. */
	emptyAnswer?: boolean;
}

/** A file as it came: its bytes, and what the answer's headers say of it. */
export interface FileAnswer {
	bytes: Buffer;
	/** The Content-Type header, without parameters. */
	mimeType?: string;
	/** The file name of a Content-Disposition header. */
	fileName?: string;
}

/** What went wrong with a request, stripped of the request itself (whose headers hold the key). */
export interface RequestFailure {
	status?: number;
	networkCode?: string;
	/** The service's JSON error body. */
	body?: IDataObject;
	/** A non-JSON error body, such as a proxy's plain-text answer. */
	text?: string;
	retryAfterSeconds?: number;
	/** No answer came within the request's timeout. */
	timedOutAfterSeconds?: number;
	/** A success status whose body is not what the endpoint sends: what came instead. */
	malformed?: string;
	/** A redirect the node did not follow, and where it pointed. */
	redirectTo?: string;
	/** An answer larger than the node reads (the limit, in bytes): not read, not retried. */
	tooLargeBytes?: number;
	/**
	 * n8n's SSRF protection refused the address before anything was sent: the IP address it
	 * refused, when n8n named one. Not retried: it stays refused until n8n's settings change.
	 */
	blockedBySsrf?: { ip?: string };
}

/**
 * What a person should do after a failure, written by each operation for itself, so that no
 * advice ever leads to a duplicate (re-running a whole Upload node uploads every item again).
 */
export interface RequestAdvice {
	/** After a failure that proves nothing was done (refused, rate-limited, unavailable). */
	rerun: string;
	/** After a failure that leaves open whether the service acted (a dropped connection, a 502). */
	ifUncertain: string;
}

/** Where the failure happened, for messages: the request, and which page of a list. */
export interface FailedRequest {
	method: string;
	/** The URL's path, never its origin or query: what a person needs to recognise the call. */
	path: string;
	origin: string;
	itemIndex?: number;
	idempotent: boolean;
	advice: RequestAdvice;
	/** 1-based page of a paged list, with what was read before it. */
	page?: { number: number; resultsSoFar: number };
	/** The host of a file link off the service's origin: its failures are the link's, not Affinda's. */
	fileLinkHost?: string;
}
