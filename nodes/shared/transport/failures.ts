import type { IDataObject, IN8nHttpFullResponse, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { mayHaveBeenProcessed, parseRetryAfter, RETRY_POLICY, waitTooLong } from './retry';
import type { FailedRequest, RequestAdvice, RequestFailure } from './types';

/** Reads, searches and updates that set values: repeating them changes nothing. */
export const REPEATABLE: RequestAdvice = {
	rerun: 'Run again later: repeating this request is safe.',
	ifUncertain: 'Run again later: repeating this request is safe.',
};

/** For requests that are not repeated by themselves and whose operation says nothing more. */
export const CHECK_BEFORE_REPEATING: RequestAdvice = {
	rerun: 'Run again later.',
	ifUncertain: 'Affinda may have carried it out: check before running it again.',
};

export function describeResponse(response: IN8nHttpFullResponse, now = Date.now()): RequestFailure {
	const { body } = response;
	return {
		status: response.statusCode,
		body:
			typeof body === 'object' && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body)
				? (body as IDataObject)
				: undefined,
		text: typeof body === 'string' ? body : undefined,
		retryAfterSeconds: parseRetryAfter(response.headers?.['retry-after'], now),
	};
}

/**
 * The errors n8n's SSRF protection (n8n 2.41 and later, `N8N_SSRF_PROTECTION_ENABLED`) throws,
 * before sending or at connect, for an address outside its allow-lists: their names, and their
 * messages, which is all that is left of them once n8n has wrapped one in a NodeApiError.
 */
const SSRF_ERRORS = ['SsrfBlockedIpError', 'SsrfBlockedHostnameError'];
const SSRF_MESSAGES = [
	'The request was blocked because it resolves to a restricted IP address',
	'The request was blocked because the destination hostname is restricted',
];

function isSsrfRefusal(layer: IDataObject): boolean {
	return (
		(typeof layer.name === 'string' && SSRF_ERRORS.includes(layer.name)) ||
		(typeof layer.message === 'string' && SSRF_MESSAGES.includes(layer.message))
	);
}

/**
 * No answer at all: refused, reset, timed out, or refused by n8n's SSRF protection before it was
 * sent. Only the error code (and the refused IP address) is kept: the error holds the request.
 */
export function describeConnectionFailure(error: unknown): RequestFailure {
	const found: string[] = [];
	// n8n wraps the network error; its code sits on the wrapper or on its cause.
	for (let layer = error as IDataObject | undefined, depth = 0; layer && depth < 4; depth++) {
		if (isSsrfRefusal(layer)) {
			const ip = layer.ip ?? (layer.extra as IDataObject | undefined)?.ip;
			return { blockedBySsrf: typeof ip === 'string' ? { ip } : {} };
		}
		for (const key of ['httpCode', 'code', 'errno']) {
			const value = layer[key];
			if (typeof value === 'string' && /^E[A-Z_]+$/.test(value)) found.push(value);
		}
		layer = (layer.cause ?? layer.error) as IDataObject | undefined;
	}
	return { networkCode: found[0] };
}

interface ServiceErrorEntry {
	attr?: string | null;
	code?: string;
	detail?: string;
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

/**
 * "45 s", "5 minutes", "1 hour", "2 days": how long the service asked to wait, in words. A wait in
 * minutes that the words would round says its seconds first ("121 s (about 2 minutes)"): rounded,
 * a wait just over the node's limit would read as within it. Hours and days are far beyond it.
 */
export function formatWait(seconds: number): string {
	if (seconds < 120) return `${seconds} s`;
	const [amount, unit] =
		seconds < 3600
			? [Math.round(seconds / 60), 'minute']
			: seconds < 2 * 86400
				? [Math.round(seconds / 3600), 'hour']
				: [Math.round(seconds / 86400), 'day'];
	const words = `${amount} ${unit}${amount === 1 ? '' : 's'}`;
	return unit === 'minute' && amount * 60 !== seconds ? `${seconds} s (about ${words})` : words;
}

function connectionProblem(code: string | undefined): string {
	switch (code) {
		case 'ECONNREFUSED':
			return 'The connection was refused (ECONNREFUSED)';
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return `The host name could not be resolved (${code})`;
		case 'ERR_CANCELED':
			return 'The request was cancelled';
		default:
			return `The connection failed${code ? ` (${code})` : ''}`;
	}
}

interface Explanation {
	message: string;
	description: string;
}

const CREDENTIAL_HINT =
	'Check the Region or Base URL of the Affinda API credential and that this n8n can reach it.';

/** Who can let a blocked address through, and how: n8n's own settings, as of n8n 2.41. */
const SSRF_ALLOW_HINT =
	"If this Affinda address is meant to be reached (a self-hosted install, a dedicated tenant), the n8n administrator allows it in n8n's environment: N8N_SSRF_ALLOWED_HOSTNAMES for a host name, N8N_SSRF_ALLOWED_IP_RANGES for an IP address or range (a URL written with an IP address needs the IP range). Otherwise check the Region or Base URL of the Affinda API credential.";

/** A file link's host answering, or not: the link is the storage's, no key went there. */
function explainFileLink(failure: RequestFailure, host: string, attempts: number): Explanation {
	const link = `The file link on ${host}`;
	const tries = attempts > 1 ? ` on all ${attempts} attempts` : '';
	const fresh = 'Run the item again for a fresh link from Affinda.';
	const { status } = failure;
	if (failure.redirectTo !== undefined) {
		return {
			message: `${link} redirected to ${new URL(failure.redirectTo).host}, which the node does not follow`,
			description: `Nothing was fetched from there: the node keeps a file link on its own host. ${fresh}`,
		};
	}
	if (failure.timedOutAfterSeconds !== undefined) {
		return {
			message: `${link} did not answer within ${failure.timedOutAfterSeconds} s`,
			description: `Raise Options → Request Timeout, or run again later. ${fresh}`,
		};
	}
	if (failure.tooLargeBytes !== undefined) {
		return {
			message: `${link} answered with a file larger than ${failure.tooLargeBytes / 1024 / 1024} MB, the most the node reads`,
			description: 'None of it was used.',
		};
	}
	if (failure.malformed !== undefined) {
		return {
			message: `${link} answered with ${failure.malformed}`,
			description: `The file may not be ready yet${tries}. ${fresh}`,
		};
	}
	if (failure.blockedBySsrf !== undefined) {
		const { ip } = failure.blockedBySsrf;
		return {
			message: `n8n's SSRF protection blocked the file link on ${host}${ip ? ` (${ip})` : ''}`,
			description: `Nothing was sent to it: the link points at an address n8n keeps requests away from. ${fresh}`,
		};
	}
	if (status === undefined) {
		return {
			message: `Could not fetch the file link on ${host}`,
			description: `${connectionProblem(failure.networkCode)}${tries}. Check that this n8n can reach ${host}, then run again.`,
		};
	}
	const expired = [401, 403, 404, 410].includes(status);
	return {
		message: `${link} answered ${status}${expired ? ': it may have expired' : ''}`,
		description: expired
			? `Storage links from Affinda are signed and short-lived. ${fresh}`
			: `The file's host had a problem${tries}. Run again later.`,
	};
}

function explain(failure: RequestFailure, request: FailedRequest, attempts: number): Explanation {
	if (request.fileLinkHost !== undefined) {
		return explainFileLink(failure, request.fileLinkHost, attempts);
	}
	const detail = serviceErrorDetail(failure.body) ?? shortText(failure.text);
	const withDetail = (text: string) => (detail ? `${text}: ${detail}` : text);
	const target = request.page
		? `page ${request.page.number} of ${request.method} ${request.path}`
		: `${request.method} ${request.path}`;
	const tries = attempts > 1 ? ` on all ${attempts} attempts` : '';
	// The node returns a whole list or none of it.
	const partial =
		request.page && request.page.resultsSoFar > 0
			? ` The ${request.page.resultsSoFar} results read from earlier pages were not returned: the node returns all results or fails.`
			: '';
	const uncertain = mayHaveBeenProcessed(failure);
	const advice = uncertain ? request.advice.ifUncertain : request.advice.rerun;
	const { status } = failure;

	if (failure.redirectTo !== undefined) {
		const target = new URL(failure.redirectTo);
		const elsewhere = target.origin !== request.origin;
		return {
			message: elsewhere
				? `Affinda's answer to ${request.method} ${request.path} redirected to another host, ${target.host}, which the node does not follow`
				: `Affinda's answer to ${request.method} ${request.path} redirected to ${target.pathname}, which the node does not follow with a body`,
			description:
				`Nothing was sent to ${elsewhere ? target.host : target.pathname}: the node sends requests, files and the API key only to the credential's host. ${
					elsewhere ? `${CREDENTIAL_HINT} ` : ''
				}${request.idempotent ? '' : request.advice.ifUncertain}`.trim(),
		};
	}
	if (failure.timedOutAfterSeconds !== undefined) {
		return {
			message: `Affinda did not answer ${target} within ${failure.timedOutAfterSeconds} s`,
			description: `The request was sent and no answer came in time. ${
				request.idempotent
					? 'Raise Options → Request Timeout, or run again later.'
					: `${request.advice.ifUncertain} To wait longer, raise Options → Request Timeout.`
			}${partial}`,
		};
	}
	if (failure.tooLargeBytes !== undefined) {
		return {
			message: `Affinda's answer to ${target} is larger than ${failure.tooLargeBytes / 1024 / 1024} MB, the most the node reads from one answer`,
			description:
				`None of it was used. Ask for less at a time: a Limit, a narrower search or list. ${request.idempotent ? '' : `${request.advice.ifUncertain}`}${partial}`.trim(),
		};
	}
	if (failure.malformed !== undefined) {
		return {
			message: `Affinda's answer to ${target} was not what it sends: ${failure.malformed}`,
			description: `A proxy or gateway between n8n and Affinda may have answered instead${tries}. ${advice}${partial}`,
		};
	}
	if (failure.blockedBySsrf !== undefined) {
		const { host, hostname } = new URL(request.origin);
		const { ip } = failure.blockedBySsrf;
		const address = ip && ip !== hostname.replace(/^\[|\]$/g, '') ? `${host} (${ip})` : host;
		return {
			message: `n8n's SSRF protection blocked ${target} to ${address}`,
			description: `Nothing was sent, and running again will not help while n8n blocks this address. ${SSRF_ALLOW_HINT}${partial}`,
		};
	}
	if (status === undefined) {
		const notSent = !uncertain;
		return {
			message: notSent
				? `Could not reach Affinda at ${request.origin}`
				: `The connection to Affinda at ${request.origin} dropped during ${target}`,
			description: notSent
				? `${connectionProblem(failure.networkCode)}${tries}, so nothing was sent. ${CREDENTIAL_HINT} ${request.advice.rerun}${partial}`
				: `${connectionProblem(failure.networkCode)} after the request was sent${tries}. ${advice}${partial}`,
		};
	}
	// An operation with advice of its own (Upload) says how to run again without duplicates.
	const ownAdvice = request.advice !== REPEATABLE && request.advice !== CHECK_BEFORE_REPEATING;
	const rerunTail = ownAdvice ? ` ${request.advice.rerun}` : '';
	switch (status) {
		case 400:
			return {
				message: withDetail('Affinda rejected the request'),
				description: `Change the value named above and run again (${target}).${rerunTail}`,
			};
		case 401:
			return {
				message: withDetail('Affinda did not accept the API key'),
				description:
					'Check the API key and the Region of the Affinda API credential: a key works only on the instance (Global, US or EU) where it was created.',
			};
		case 403:
			return {
				message: withDetail('Affinda refused access'),
				description: `The key's user may not ${target}. Ask an admin of the Affinda organization for access to this workspace or document.`,
			};
		case 404:
			return {
				message: withDetail(`Affinda found nothing at ${request.path}`),
				description:
					'Check the identifier or name used by this operation: it may be mistyped or deleted.',
			};
		case 429:
			return {
				message: waitTooLong(failure)
					? `Affinda is limiting the rate of requests and asked to wait ${formatWait(failure.retryAfterSeconds ?? 0)}, longer than the node waits by itself (${RETRY_POLICY.maxRetryAfterSeconds} s)`
					: withDetail(`Affinda is limiting the rate of requests (${attempts} attempts)`),
				description: `Nothing was done with ${target}. ${request.advice.rerun}${partial}`,
			};
		default:
			return {
				message: waitTooLong(failure)
					? `Affinda is unavailable (HTTP ${status}) and asked to wait ${formatWait(failure.retryAfterSeconds ?? 0)}, longer than the node waits by itself (${RETRY_POLICY.maxRetryAfterSeconds} s)`
					: withDetail(`Affinda could not process the request (HTTP ${status})`),
				description: uncertain
					? `The service had a problem with ${target}${tries}. ${advice}${partial}`
					: `The service was unavailable${tries} and did nothing with ${target}. ${advice}${partial}`,
			};
	}
}

/** What the attempts of a failed request leave open, for operations that decide on it. */
export interface RequestOutcome {
	/** The last attempt may have been carried out: sent, and no clear answer came back. */
	mayHaveBeenProcessed: boolean;
	/** An earlier attempt of this request may have been carried out before it was retried. */
	earlierAttemptUncertain: boolean;
}

const outcomes = new WeakMap<object, RequestOutcome>();

export function recordOutcome(error: Error, outcome: RequestOutcome): Error {
	outcomes.set(error, outcome);
	return error;
}

/** What the request that failed with `error` may have done; undefined for other errors. */
export function requestOutcomeOf(error: unknown): RequestOutcome | undefined {
	return typeof error === 'object' && error !== null ? outcomes.get(error) : undefined;
}

/** Anything that quotes the service's answer, with the API key taken out should it appear. */
function redacted<T>(value: T, secret: string | undefined): T {
	if (!secret || value === undefined) return value;
	const text = JSON.stringify(value);
	if (!text.includes(secret)) return value;
	return JSON.parse(text.split(secret).join('[API key]')) as T;
}

export function toNodeApiError(
	node: INode,
	failure: RequestFailure,
	request: FailedRequest,
	attempts = 1,
	secret?: string,
): NodeApiError {
	const safe = redacted(failure, secret);
	const { message, description } = explain(safe, request, attempts);
	// Built from the service's answer only, never from the request: its headers hold the API key.
	const errorResponse: JsonObject = { ...(safe.body ?? {}), httpCode: safe.status ?? null };
	const error = new NodeApiError(node, errorResponse, {
		message: message,
		description,
		httpCode: safe.status === undefined ? undefined : String(safe.status),
		itemIndex: request.itemIndex,
	});
	if (safe.body) error.context.data = safe.body;
	return error;
}
