import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_SECONDS } from './timeouts';
import { AnswerTooLarge, readAnswer } from './answer';
import { connect, CREDENTIAL_TYPE, withSearchApiVersion, type Connection } from './connection';
import {
	CHECK_BEFORE_REPEATING,
	describeConnectionFailure,
	describeResponse,
	recordOutcome,
	REPEATABLE,
	toNodeApiError,
} from './failures';
import { fileLinkRefusal } from './fileLinks';
import { mayHaveBeenProcessed, provedNotProcessed, RETRY_POLICY, retryDelayMs } from './retry';
import type {
	AffindaContext,
	AffindaRequest,
	FailedRequest,
	FileAnswer,
	RequestFailure,
} from './types';

/**
 * Sending one request on the context's connection (`connection.ts`): a timeout, redirects kept on
 * the credential's origin, retries as `retry.ts` allows at a pace all the context's requests
 * share, and every answer checked to be JSON before anyone reads it.
 */

/** One request, with retries, answered with the parsed JSON body (empty for a 204). */
export async function affindaApiRequest(
	this: AffindaContext,
	asked: AffindaRequest,
): Promise<IDataObject> {
	const connection = await connect.call(this);
	const request = withSearchApiVersion(connection, asked);
	const body = await sendRequest.call(this, connection, `${connection.baseUrl}${request.path}`, {
		request,
	});
	return (typeof body === 'object' && body !== null ? body : {}) as IDataObject;
}

/**
 * A file: at `path` on the service (with the API key), or at `url`, a link the service gave
 * (a document's file or PDF). A link is fetched only where `fileLinks.ts` allows; one on another
 * host (the service's signed storage links) without the key, and its redirects kept on that host.
 */
export async function affindaApiFileRequest(
	this: AffindaContext,
	asked: AffindaRequest & { url?: string },
): Promise<FileAnswer> {
	const connection = await connect.call(this);
	const refusal =
		asked.url === undefined ? undefined : fileLinkRefusal(asked.url, connection.baseUrl);
	if (refusal !== undefined) {
		throw new NodeOperationError(this.getNode(), refusal, {
			itemIndex: asked.itemIndex,
			description:
				'Nothing was sent to it. Run the item again later for a fresh link; if it stays so, the Base URL of the Affinda API credential may not be the service that gave the link.',
		});
	}
	const url = asked.url ?? `${connection.baseUrl}${asked.path}`;
	const { origin, host } = new URL(url);
	const elsewhere = origin !== connection.origin;
	// A link elsewhere goes out without the credential (so without the key), through n8n's plain helper.
	const via: Connection = elsewhere ? { ...connection, origin, credential: undefined } : connection;
	const response = (await sendRequest.call(this, via, url, {
		request: { ...asked, file: true },
		fileLinkHost: elsewhere ? host : undefined,
	})) as IN8nHttpFullResponse;
	const mimeType = String(response.headers?.['content-type'] ?? '')
		.split(';')[0]
		.trim();
	return {
		bytes: response.body as Buffer,
		mimeType: mimeType || undefined,
		fileName: fileNameOf(response.headers?.['content-disposition']),
	};
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first), if it has one. */
function fileNameOf(disposition: unknown): string | undefined {
	if (typeof disposition !== 'string') return undefined;
	const encoded = /filename\*=(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition)?.[1];
	if (encoded) {
		try {
			return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
		} catch {
			// Not percent-encoded after all: the plain form below.
		}
	}
	return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || undefined;
}

/* ------------------------------------------------------------------ sending */

export interface Sending {
	request: AffindaRequest;
	/** For a page of a list: which one, and how many results came before it. */
	page?: FailedRequest['page'];
	/** A further check of a success answer's body: what is wrong with it, or undefined. */
	check?: (body: unknown) => string | undefined;
	/** The host of a file link off the service's origin, which failures then name. */
	fileLinkHost?: string;
}

/** Statuses whose answer is a redirect to follow or refuse (304 is not one). */
const REDIRECTS = [301, 302, 303, 307, 308];

/** Sends `request` to `url` (query included or in `request.qs`) and returns the JSON body. */
export async function sendRequest(
	this: AffindaContext,
	connection: Connection,
	url: string,
	{ request, page, check, fileLinkHost }: Sending,
): Promise<unknown> {
	const idempotent = request.idempotent ?? ['GET', 'HEAD'].includes(request.method);
	const { throttle } = connection;
	// Whether an attempt already retried may have been carried out (its answer lost).
	let earlierAttemptUncertain = false;
	for (let attempt = 0; ; attempt++) {
		const startedAt = await throttle.ready();
		const answer = await sendFollowingRedirects.call(this, connection, url, request);
		let failure: RequestFailure;
		if ('failure' in answer) {
			failure = answer.failure;
		} else if (answer.response.statusCode >= 300) {
			failure = describeResponse(request.file ? bytesAsText(answer.response) : answer.response);
		} else {
			throttle.admitted(startedAt);
			const { response } = answer;
			const serviceNow = Date.parse(String(response.headers?.date));
			if (request.serviceClock && Number.isFinite(serviceNow)) request.serviceClock(serviceNow);
			if (request.file) {
				if (Buffer.isBuffer(response.body) && response.body.length > 0) return response;
				failure = { status: response.statusCode, malformed: 'an empty file' };
			} else {
				const malformed = notJson(request, response) ?? check?.(response.body);
				if (malformed === undefined) return response.statusCode === 204 ? undefined : response.body;
				failure = { status: response.statusCode, malformed };
			}
		}
		let delayMs = request.once ? undefined : retryDelayMs(failure, attempt, idempotent);
		const rateLimited = failure.status === 429;
		if (rateLimited || (failure.retryAfterSeconds !== undefined && provedNotProcessed(failure))) {
			// The service asked everyone to wait, not just this request.
			throttle.pause(delayMs ?? 0, startedAt, rateLimited);
		} else if (failure.status !== undefined) {
			throttle.admitted(startedAt);
		}
		if (request.deadline !== undefined && Date.now() + (delayMs ?? 0) >= request.deadline) {
			if (request.deadlineError) throw request.deadlineError();
			delayMs = undefined;
		}
		// A cancelled execution sends nothing more: no retry, and none waited for.
		if (cancelSignalOf(this)?.aborted) delayMs = undefined;
		if (delayMs === undefined) {
			const failed: FailedRequest = {
				method: request.method,
				path: new URL(answer.url).pathname,
				origin: connection.origin,
				itemIndex: request.itemIndex,
				idempotent,
				advice: request.advice ?? (idempotent ? REPEATABLE : CHECK_BEFORE_REPEATING),
				page,
				fileLinkHost,
			};
			throw recordOutcome(
				toNodeApiError(this.getNode(), failure, failed, attempt + 1, connection.secret),
				{ mayHaveBeenProcessed: mayHaveBeenProcessed(failure), earlierAttemptUncertain },
			);
		}
		if (mayHaveBeenProcessed(failure)) earlierAttemptUncertain = true;
		await pause(delayMs, cancelSignalOf(this));
	}
}

/** Waits `ms`, or less when the execution is cancelled meanwhile. */
async function pause(ms: number, cancelled: AbortSignal | undefined): Promise<void> {
	if (!cancelled) return await sleep(ms);
	let stop = () => {};
	await Promise.race([
		sleep(ms),
		new Promise<void>((done) => {
			stop = done;
			cancelled.addEventListener('abort', stop, { once: true });
		}),
	]);
	cancelled.removeEventListener('abort', stop);
}

/** n8n's signal that the execution was cancelled, where the context has one (node runs). */
function cancelSignalOf(context: AffindaContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
}

/** A request in flight when the deadline passes gets this much longer to answer. */
const DEADLINE_GRACE_MS = 500;

function timeoutOf(request: AffindaRequest): number {
	const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000;
	if (request.deadline === undefined) return timeoutMs;
	return Math.max(1, Math.min(timeoutMs, request.deadline + DEADLINE_GRACE_MS - Date.now()));
}

/** What one attempt came to: an answer (at the URL that gave it), or a failure without one. */
type Attempt =
	| { response: IN8nHttpFullResponse; url: string }
	| { failure: RequestFailure; url: string };

/**
 * One attempt. n8n is told not to follow redirects: a redirect on the same origin is followed
 * here for requests without a body; any other is refused, so a body, a file or the API key
 * never goes to a host the person did not configure.
 */
async function sendFollowingRedirects(
	this: AffindaContext,
	connection: Connection,
	url: string,
	request: AffindaRequest,
): Promise<Attempt> {
	let current = url;
	let qs = request.qs;
	for (let hop = 0; ; hop++) {
		const timeoutMs = timeoutOf(request);
		// The timeout is a deadline for the whole answer, body included: a server that sends a
		// byte now and then cannot hold the request open past it.
		const deadline = AbortSignal.timeout(timeoutMs);
		const cancelled = cancelSignalOf(this);
		const signal = cancelled ? AbortSignal.any([deadline, cancelled]) : deadline;
		const options: IHttpRequestOptions = {
			method: request.method,
			url: current,
			qs,
			body: request.body,
			headers: { ...request.headers },
			json: !request.file,
			abortSignal: signal,
			// A backstop only: n8n replaces `abortSignal` with the execution's own in a node run, so
			// the socket of a request given up at `signal` is closed by this.
			timeout: timeoutMs + SOCKET_BACKSTOP_MS,
			// The status, headers (Retry-After, Location) and body are read here, not by n8n.
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		};
		let response: IN8nHttpFullResponse;
		try {
			response = await untilAborted(send.call(this, connection, options), signal);
			response.body = (await readAnswer(response.body, signal, {
				bytes: request.file === true,
			})) as IN8nHttpFullResponse['body'];
		} catch (error) {
			let failure: RequestFailure;
			if (error instanceof AnswerTooLarge) {
				failure = { tooLargeBytes: error.limitBytes };
			} else if (cancelled?.aborted) {
				failure = { networkCode: 'ERR_CANCELED' };
			} else if (deadline.aborted) {
				failure = { networkCode: 'ETIMEDOUT', timedOutAfterSeconds: roundSeconds(timeoutMs) };
			} else {
				// Only the error code is kept: the error itself holds the request, and so the key.
				failure = describeConnectionFailure(error);
			}
			return { failure, url: current };
		}
		if (!REDIRECTS.includes(response.statusCode)) return { response, url: current };

		const location = response.headers?.location;
		const target = typeof location === 'string' ? new URL(location, current) : undefined;
		if (!target || target.origin !== connection.origin || request.body !== undefined) {
			return {
				failure: { status: response.statusCode, redirectTo: target?.href ?? current },
				url: current,
			};
		}
		if (hop >= RETRY_POLICY.maxRedirects) {
			const malformed = `more than ${RETRY_POLICY.maxRedirects} redirects`;
			return { failure: { status: response.statusCode, malformed }, url: current };
		}
		current = target.href;
		qs = undefined; // the Location carries its own query
	}
}

/** How long after a request's timeout n8n's HTTP client closes its socket itself. */
const SOCKET_BACKSTOP_MS = 1000;

/**
 * Through n8n's helpers: to the credential's host with n8n's `httpRequestWithAuthentication`,
 * which applies the credential's `authenticate` (the only place the key is written); to a link
 * on another host with the plain `httpRequest`, without it.
 */
async function send(
	this: AffindaContext,
	connection: Connection,
	options: IHttpRequestOptions,
): Promise<IN8nHttpFullResponse> {
	const response = connection.credential
		? await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options, {
				// Read once per execution (connection.ts), not again for every request.
				credentialsDecrypted: connection.credential,
			})
		: await this.helpers.httpRequest(options);
	return response as IN8nHttpFullResponse;
}

/**
 * The answer, or a rejection the moment `signal` aborts (the request's deadline, or the
 * execution's cancellation): n8n does not pass our signal on in every context. An answer that
 * comes after that has its body closed unread.
 */
async function untilAborted(
	answering: Promise<IN8nHttpFullResponse>,
	signal: AbortSignal,
): Promise<IN8nHttpFullResponse> {
	let stop = () => {};
	const aborted = new Promise<never>((_, reject) => {
		stop = () => reject(new Error('aborted'));
		if (signal.aborted) stop();
		else signal.addEventListener('abort', stop, { once: true });
	});
	const first = Promise.race([answering, aborted]);
	first.catch(() => answering.then(closeBody, () => undefined));
	try {
		return await first;
	} finally {
		signal.removeEventListener('abort', stop);
	}
}

function closeBody(response: IN8nHttpFullResponse): void {
	const body = response.body as { destroy?: () => void } | undefined;
	if (typeof body?.destroy === 'function') body.destroy();
}

/** A file request's error answer, its bytes read as the JSON or text they are. */
function bytesAsText(response: IN8nHttpFullResponse): IN8nHttpFullResponse {
	if (!Buffer.isBuffer(response.body)) return response;
	const text = response.body.toString('utf8');
	try {
		return { ...response, body: JSON.parse(text) as IDataObject };
	} catch {
		return { ...response, body: text };
	}
}

function roundSeconds(ms: number): number {
	return Math.round(ms / 100) / 10;
}

/** What a success answer holds instead of JSON, or undefined when it is JSON (or rightly empty). */
function notJson(request: AffindaRequest, response: IN8nHttpFullResponse): string | undefined {
	const { body, statusCode } = response;
	if (statusCode === 204) return undefined;
	if (body === undefined || body === null || body === '') {
		return request.method === 'DELETE' || request.emptyAnswer ? undefined : 'an empty answer';
	}
	if (Buffer.isBuffer(body)) return 'binary data';
	if (typeof body !== 'string') return undefined;
	return describeText(body);
}

/** Names what came back, quoting little of it: enough to recognise a proxy's page. */
export function describeText(text: string): string {
	const trimmed = text.trim();
	if (trimmed.startsWith('<')) {
		const title = titleOf(trimmed);
		return title ? `an HTML page ("${title}")` : 'an HTML page';
	}
	if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
		return `JSON that is cut short or malformed (${trimmed.length} characters)`;
	}
	return `text that is not JSON (${JSON.stringify(trimmed.slice(0, 60))}${trimmed.length > 60 ? '…' : ''})`;
}

/**
 * The text of a page's first <title> element, when it is short (80 characters at most), found by
 * plain searching: a pattern could take time growing with the square of a hostile page's size.
 */
function titleOf(page: string): string | undefined {
	const lower = page.toLowerCase();
	const open = lower.indexOf('<title');
	if (open < 0) return undefined;
	const start = lower.indexOf('>', open) + 1;
	const end = lower.indexOf('</title>', start);
	if (start === 0 || end < 0 || end - start > 80) return undefined;
	const title = page.slice(start, end);
	return title.includes('<') ? undefined : title.trim() || undefined;
}
