import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

/**
 * The only module that talks HTTP: base URL from the credential, Bearer auth (through n8n's
 * credential helper), retries, mapping of failures to NodeApiError, and the `next`-URL pager.
 */

export const CREDENTIAL_TYPE = 'affindaApi';

/** Every n8n context that calls the service: node runs, dropdowns, and the trigger's hooks and webhook. */
export type AffindaContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;

interface AffindaCredentials {
	region?: string;
	baseUrl?: string;
}

export interface AffindaRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, e.g. `/v3/documents`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | FormData;
	/** Headers beyond auth, e.g. the X-Hook-Secret that activates a webhook subscription. */
	headers?: Record<string, string>;
	/** The input item the request is made for, so errors point at it. */
	itemIndex?: number;
	/**
	 * Whether sending the request twice does no harm, so a 5xx or a dropped connection may be
	 * retried. Reads and searches are; uploads and updates are not. Defaults to GET/DELETE only.
	 */
	idempotent?: boolean;
}

/** Retries for 429 (always safe: the request was refused) and, when idempotent, 5xx and resets. */
export const RETRY_POLICY = {
	maxRetries: 3,
	firstBackoffMs: 500,
	maxRetryAfterSeconds: 60,
	retryableStatuses: [500, 502, 503, 504],
	retryableNetworkCodes: ['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ECONNABORTED', 'ERR_BAD_RESPONSE'],
};

/** A `next` link is followed at most this many times, so a faulty service cannot loop us forever. */
export const MAX_PAGES = 1000;

export function baseUrlFromCredentials(credentials: AffindaCredentials, node: INode): string {
	const region = credentials.region ?? 'api';
	if (region !== 'custom') return `https://${region}.affinda.com`;
	const configured = String(credentials.baseUrl ?? '').trim();
	let parsed: URL | undefined;
	try {
		parsed = new URL(configured);
	} catch {
		parsed = undefined;
	}
	if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
		throw new NodeOperationError(
			node,
			`The credential's Base URL "${configured}" is not an http(s) URL`,
			{
				description:
					'Open the Affinda API credential and enter an origin such as https://affinda.example.com.',
			},
		);
	}
	return configured.replace(/\/+$/, '');
}

export async function getBaseUrl(this: AffindaContext): Promise<string> {
	const credentials = await this.getCredentials<AffindaCredentials>(CREDENTIAL_TYPE);
	return baseUrlFromCredentials(credentials, this.getNode());
}

/** One request, with retries, answered with the parsed JSON body (empty for a 204). */
export async function affindaApiRequest(
	this: AffindaContext,
	request: AffindaRequest,
): Promise<IDataObject> {
	const baseUrl = await getBaseUrl.call(this);
	const body = await send.call(this, `${baseUrl}${request.path}`, request);
	return (typeof body === 'object' && body !== null ? body : {}) as IDataObject;
}

async function send(this: AffindaContext, url: string, request: AffindaRequest): Promise<unknown> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url,
		qs: request.qs,
		body: request.body,
		headers: request.headers,
		json: true,
		// The status, headers (Retry-After) and error body are read here, not by n8n.
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// n8n re-sends the Authorization header on a redirect to another origin unless told not to.
		sendCredentialsOnCrossOriginRedirect: false,
	};
	const idempotent = request.idempotent ?? ['GET', 'DELETE', 'HEAD'].includes(request.method);
	for (let attempt = 0; ; attempt++) {
		let failure: RequestFailure;
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
			if (response.statusCode < 400) return response.body;
			failure = describeResponse(response);
		} catch (error) {
			failure = describeConnectionFailure(error);
		}
		const delayMs = retryDelayMs(failure, attempt, idempotent);
		if (delayMs === undefined) {
			throw toNodeApiError(this.getNode(), failure, request, url, attempt + 1);
		}
		await sleep(delayMs);
	}
}

/* ---------------------------------------------------------------- paging */

export interface PagedResponse extends IDataObject {
	count?: number;
	next?: string | null;
	results?: IDataObject[];
}

/**
 * Collects `results` across pages by following each answer's absolute `next` URL (re-sending the
 * same method and body) until there is none or `maxResults` are in hand. A `next` URL on another
 * origin is refused: the API key must never travel to a host the user did not configure.
 */
export async function affindaApiRequestAllPages(
	this: AffindaContext,
	request: AffindaRequest,
	maxResults?: number,
): Promise<IDataObject[]> {
	const baseUrl = await getBaseUrl.call(this);
	const results: IDataObject[] = [];
	let url = `${baseUrl}${request.path}`;
	let qs = request.qs;
	for (let page = 1; ; page++) {
		const answer = (await send.call(this, url, { ...request, qs })) as PagedResponse | undefined;
		results.push(...(answer?.results ?? []));
		if (maxResults !== undefined && results.length >= maxResults)
			return results.slice(0, maxResults);
		if (!answer?.next) return results;
		if (page >= MAX_PAGES) {
			throw new NodeOperationError(
				this.getNode(),
				`Stopped after ${MAX_PAGES} pages (${results.length} results) without reaching the last page`,
				{
					itemIndex: request.itemIndex,
					description:
						'The service kept returning a next page. Turn off Return All and set a Limit, or narrow the search.',
				},
			);
		}
		url = sameOriginUrl.call(this, answer.next, baseUrl, request.itemIndex);
		qs = undefined; // the next URL carries limit and offset itself
	}
}

function sameOriginUrl(
	this: AffindaContext,
	next: string,
	baseUrl: string,
	itemIndex?: number,
): string {
	const resolved = new URL(next, `${baseUrl}/`);
	if (resolved.origin !== new URL(baseUrl).origin) {
		throw new NodeOperationError(
			this.getNode(),
			`Refused to follow a next-page link to ${resolved.origin}, which is not the credential's base URL ${new URL(baseUrl).origin}`,
			{
				itemIndex,
				description:
					'The API key is only ever sent to the configured Affinda host. Check the Region or Base URL of the credential, or contact Affinda support.',
			},
		);
	}
	return resolved.toString();
}

/* ------------------------------------------------------------- failures */

interface ServiceErrorEntry {
	attr?: string | null;
	code?: string;
	detail?: string;
}

/** What went wrong, stripped of the request (whose headers hold the API key). */
export interface RequestFailure {
	status?: number;
	networkCode?: string;
	/** The service's JSON error body. */
	body?: IDataObject;
	/** A non-JSON error body, such as a proxy's plain-text answer. */
	text?: string;
	retryAfterSeconds?: number;
}

export function describeResponse(response: IN8nHttpFullResponse): RequestFailure {
	const retryAfter = Number(response.headers?.['retry-after']);
	const { body } = response;
	return {
		status: response.statusCode,
		body:
			typeof body === 'object' && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body)
				? (body as IDataObject)
				: undefined,
		text: typeof body === 'string' ? body : undefined,
		retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
	};
}

/** No answer at all: refused, reset, timed out. Only the error code is kept. */
export function describeConnectionFailure(error: unknown): RequestFailure {
	const { httpCode, code } = (error ?? {}) as { httpCode?: unknown; code?: unknown };
	const networkCode = [httpCode, code].find(
		(value) => typeof value === 'string' && /^E[A-Z_]+$/.test(value),
	);
	return { networkCode: networkCode as string | undefined };
}

export function retryDelayMs(
	failure: RequestFailure,
	attempt: number,
	idempotent: boolean,
): number | undefined {
	if (attempt >= RETRY_POLICY.maxRetries) return undefined;
	const backoffMs = RETRY_POLICY.firstBackoffMs * 2 ** attempt;
	if (failure.status === 429) {
		if (failure.retryAfterSeconds === undefined) return backoffMs;
		if (failure.retryAfterSeconds > RETRY_POLICY.maxRetryAfterSeconds) return undefined;
		return failure.retryAfterSeconds * 1000;
	}
	if (!idempotent) return undefined;
	const retryable =
		(failure.status !== undefined && RETRY_POLICY.retryableStatuses.includes(failure.status)) ||
		(failure.networkCode !== undefined &&
			RETRY_POLICY.retryableNetworkCodes.includes(failure.networkCode));
	return retryable ? backoffMs : undefined;
}

/** The service's own words: `{type, errors: [{attr, code, detail}]}`, as one readable line. */
export function serviceErrorDetail(body: IDataObject | undefined): string | undefined {
	if (!body) return undefined;
	const entries = Array.isArray(body.errors) ? (body.errors as ServiceErrorEntry[]) : [];
	const lines = entries
		.map(({ attr, detail, code }) => {
			const text = detail ?? code ?? '';
			return attr && attr !== 'non_field_errors' ? `${attr}: ${text}` : text;
		})
		.filter((line) => line !== '');
	if (lines.length > 0) return lines.join('; ');
	for (const key of ['detail', 'message', 'error']) {
		if (typeof body[key] === 'string') return body[key] as string;
	}
	return undefined;
}

/** A plain-text error answer is worth quoting only when short and not an HTML page. */
function shortText(text: string | undefined): string | undefined {
	const trimmed = text?.trim();
	if (!trimmed || trimmed.length > 300 || trimmed.startsWith('<')) return undefined;
	return trimmed;
}

function explain(failure: RequestFailure, request: AffindaRequest, url: string, attempts: number) {
	const detail = serviceErrorDetail(failure.body) ?? shortText(failure.text);
	const withDetail = (text: string) => (detail ? `${text}: ${detail}` : text);
	const target = `${request.method} ${request.path}`;
	const origin = new URL(url).origin;
	switch (true) {
		case failure.status === undefined:
			return {
				message: `Could not reach Affinda at ${origin}`,
				description: `The connection failed${failure.networkCode ? ` (${failure.networkCode})` : ''}${
					attempts > 1 ? ` after ${attempts} attempts` : ''
				}. Check the Region or Base URL of the Affinda API credential and that this n8n can reach it.`,
			};
		case failure.status === 400:
			return {
				message: withDetail('Affinda rejected the request'),
				description: `Change the value named above and run again (${target}).`,
			};
		case failure.status === 401:
			return {
				message: withDetail('Affinda did not accept the API key'),
				description:
					'Check the API key and the Region of the Affinda API credential: a key works only on the instance (Global, US or EU) where it was created.',
			};
		case failure.status === 403:
			return {
				message: withDetail('Affinda refused access'),
				description: `The key's user may not ${target}. Ask an admin of the Affinda organization for access to this workspace or document.`,
			};
		case failure.status === 404:
			return {
				message: withDetail(`Affinda found nothing at ${request.path}`),
				description:
					'Check the identifier or name used by this operation: it may be mistyped or deleted.',
			};
		case failure.status === 429:
			return {
				message: withDetail(`Affinda is limiting the rate of requests (${attempts} attempts)`),
				description:
					'Wait a minute and run again, use Low Priority for uploads, or turn on Retry On Fail in the node settings.',
			};
		default:
			return {
				message: withDetail(`Affinda could not process the request (HTTP ${failure.status})`),
				description: `The service had a problem with ${target}${
					attempts > 1 ? ` on all ${attempts} attempts` : ''
				}. Run again later, or turn on Retry On Fail in the node settings.`,
			};
	}
}

export function toNodeApiError(
	node: INode,
	failure: RequestFailure,
	request: AffindaRequest,
	url: string,
	attempts = 1,
): NodeApiError {
	const { message, description } = explain(failure, request, url, attempts);
	const itemSuffix = request.itemIndex === undefined ? '' : ` [item ${request.itemIndex}]`;
	// Built from the service's answer only, never from the request: its headers hold the API key.
	const errorResponse: JsonObject = { ...(failure.body ?? {}), httpCode: failure.status ?? null };
	const error = new NodeApiError(node, errorResponse, {
		message: `${message}${itemSuffix}`,
		description,
		httpCode: failure.status === undefined ? undefined : String(failure.status),
		itemIndex: request.itemIndex,
	});
	if (failure.body) error.context.data = failure.body;
	return error;
}
