import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withItem } from '../errors';
import { connect, withSearchApiVersion } from './connection';
import { sendRequest } from './request';
import type { AffindaContext, AffindaRequest } from './types';

/**
 * The one pager, for searches and lists alike: follows each answer's absolute `next` URL
 * (re-sending the same method and body), checks that every page is a page, and returns all the
 * results or fails. A page that is not a page is retried like any transient fault (paged requests
 * are reads); a `next` that leads back, pages that repeat, or a `count` the pages do not add up
 * to stop the run with an error, never with a shortened list.
 */

/**
 * The largest page each paged endpoint serves: the bound of Limit, the page asked for when
 * returning all, and the page a dropdown shows. One number per endpoint.
 */
export const PAGE_SIZE = {
	documents: 100,
	indices: 100,
	indexDocuments: 100,
	annotations: 100,
	validationResults: 100,
	resumeSearch: 50,
	jobDescriptionSearch: 100,
	subscriptions: 100,
	/** Tags come as a plain array that `limit` and `offset` cut, not as a page. */
	tags: 100,
} as const;

/** A `next` link is followed at most this many times, so a faulty service cannot loop us forever. */
export const MAX_PAGES = 1000;

export interface PagedResponse extends IDataObject {
	/** How many results the service counts: a number, or else a count the pager cannot use. */
	count?: IDataObject[string];
	next?: string | null;
	results?: IDataObject[];
}

/** What is wrong with a page, or undefined when it is one. */
export function pageProblem(body: unknown): string | undefined {
	if (typeof body !== 'object' || body === null) return 'no JSON object';
	if (Array.isArray(body)) return 'a list instead of a page of results';
	const { results, count, next } = body as IDataObject;
	if (!Array.isArray(results)) return 'a JSON object without a "results" list';
	if (results.some((result) => typeof result !== 'object' || result === null)) {
		return 'a "results" list holding something other than objects';
	}
	// A count that is not a number at all ("many") is no reason to refuse the page: the pager
	// follows `next` without it. A number that no count can be (-1, 1.5) is a garbled page.
	if (typeof count === 'number' && !(Number.isSafeInteger(count) && count >= 0)) {
		return `a "count" of ${count}, which is no number of results`;
	}
	if (next !== undefined && next !== null && typeof next !== 'string') {
		return `a "next" of ${JSON.stringify(next)}, which is no link`;
	}
	return undefined;
}

/**
 * What a page holds, to recognise a page served twice: its results' identifiers (resumes and
 * documents carry one, indexes a name), or the whole result where there is none. Cheaper than
 * serialising every result of every page.
 */
function pageFingerprint(results: IDataObject[]): string {
	return results
		.map((result) => {
			const id =
				result.identifier ?? (result.meta as IDataObject | undefined)?.identifier ?? result.name;
			return typeof id === 'string' ? id : JSON.stringify(result);
		})
		.join('\u0000');
}

/** The URL with its query in a fixed order, so the same page is recognised however written. */
function pageKey(url: URL): string {
	const key = new URL(url.href);
	key.searchParams.sort();
	key.hash = '';
	return key.href;
}

/**
 * Collects `results` across pages until there is no `next` or `maxResults` are in hand. A `next`
 * URL on another origin is refused: the API key must never travel to a host the user did not
 * configure.
 */
export async function affindaApiRequestAllPages(
	this: AffindaContext,
	asked: AffindaRequest,
	maxResults?: number,
): Promise<IDataObject[]> {
	return await readPages.call(this, asked, { maxResults });
}

/**
 * Collects `results` page by page until `enough` says a page holds the last results wanted (for
 * a list ordered newest first: one that reaches back far enough), or there is no `next`.
 */
export async function affindaApiRequestPagesUntil(
	this: AffindaContext,
	asked: AffindaRequest,
	enough: (page: IDataObject[]) => boolean,
): Promise<IDataObject[]> {
	return await readPages.call(this, asked, { enough });
}

async function readPages(
	this: AffindaContext,
	asked: AffindaRequest,
	{ maxResults, enough }: { maxResults?: number; enough?: (page: IDataObject[]) => boolean },
): Promise<IDataObject[]> {
	const connection = await connect.call(this);
	const request = withSearchApiVersion(connection, asked);
	const fail = (message: string, description: string) =>
		new NodeOperationError(this.getNode(), message, {
			itemIndex: request.itemIndex,
			description,
		});

	const first = new URL(`${connection.baseUrl}${request.path}`);
	for (const [name, value] of Object.entries(request.qs ?? {})) {
		if (value !== undefined && value !== null) first.searchParams.set(name, String(value));
	}
	const skipped = Number(request.qs?.offset ?? 0) || 0;
	const visited = new Set<string>();
	const seenPages = new Set<string>();
	const results: IDataObject[] = [];
	// Pages asked for and not yet read, by key: the one being read and, once the count is known,
	// the one after it, asked for while this one is on its way, so that the service's time and
	// ours overlap instead of adding up. A guess the `next` link does not confirm is left unread.
	const pending = new Map<string, Promise<PagedResponse>>();
	const ask = (target: URL, number: number, resultsSoFar: number) => {
		const key = pageKey(target);
		let answer = pending.get(key);
		if (!answer) {
			answer = sendRequest.call(this, connection, target.href, {
				request: { ...request, qs: undefined, idempotent: request.idempotent ?? true },
				page: { number, resultsSoFar },
				check: pageProblem,
			}) as Promise<PagedResponse>;
			// A page asked for ahead and never read must not fail the run on its own.
			answer.catch(() => undefined);
			pending.set(key, answer);
		}
		return answer;
	};
	let count: number | undefined;
	// A count given that is no number: the pages are followed by `next` alone, and the output says
	// that what they held could not be checked against a count.
	let unusableCount: unknown;
	let url = first;
	for (let page = 1; ; page++) {
		const key = pageKey(url);
		visited.add(key);
		const answering = ask(url, page, results.length);
		const ahead = count === undefined ? undefined : pageAfter(url, count);
		const resultsBeforeAhead = results.length + (ahead?.pageSize ?? 0);
		if (
			ahead &&
			!visited.has(pageKey(ahead.url)) &&
			(maxResults === undefined || resultsBeforeAhead < maxResults)
		) {
			ask(ahead.url, page + 1, resultsBeforeAhead);
		}
		const answer = await answering;
		pending.delete(key);
		if (typeof answer.count === 'number') count = answer.count;
		else if (answer.count !== undefined && answer.count !== null) unusableCount = answer.count;
		const pageResults = answer.results ?? [];
		const where = `page ${page} of ${request.method} ${url.pathname}`;

		const fingerprint = pageFingerprint(pageResults);
		if (pageResults.length > 0 && seenPages.has(fingerprint)) {
			throw fail(
				`Affinda's ${where} repeats the results of an earlier page`,
				`Stopped rather than return the same results twice (${results.length} results read, none returned). Run again later; if it persists, contact Affinda support.`,
			);
		}
		seenPages.add(fingerprint);
		results.push(...pageResults);

		if (maxResults !== undefined && results.length >= maxResults) {
			return results.slice(0, maxResults);
		}
		if (enough?.(pageResults)) return results;
		if (!answer.next) {
			if (typeof answer.count === 'number') {
				checkCount(answer.count, results.length, skipped, where, fail);
			} else if (unusableCount !== undefined) {
				warn.call(
					this,
					withItem(
						`Affinda counted the results of ${request.method} ${first.pathname} as ${shownCount(unusableCount)}, which is no number: the ${results.length} results were read by following each page's next link, with no count to check that none is missing`,
						request.itemIndex,
					),
				);
			}
			return results;
		}
		if (page >= MAX_PAGES) {
			throw fail(
				`Stopped after ${MAX_PAGES} pages (${results.length} results) without reaching the last page`,
				'The service kept returning a next page. Turn off Return All and set a Limit, or narrow the search.',
			);
		}
		const next = new URL(answer.next, `${connection.baseUrl}/`);
		if (next.origin !== connection.origin) {
			throw fail(
				`Refused to follow a next-page link to ${next.origin}, which is not the credential's base URL ${connection.origin}`,
				'The API key is only ever sent to the configured Affinda host. Check the Region or Base URL of the credential, or contact Affinda support.',
			);
		}
		if (visited.has(pageKey(next))) {
			throw fail(
				`Affinda's ${where} links back to a page already read (${next.pathname}${next.search})`,
				`Stopped rather than loop (${results.length} results read, none returned). Run again later; if it persists, contact Affinda support.`,
			);
		}
		url = next;
	}
}

/**
 * The page after `url` when pages go by `limit` and `offset` (as the service's `next` links do),
 * while there are results left (`total` is the service's count), with the size of `url`'s page;
 * otherwise undefined. Only a guess, to ask for it early: it is used only if the page's own `next`
 * leads to it.
 */
function pageAfter(url: URL, total: number): { url: URL; pageSize: number } | undefined {
	const limit = Number(url.searchParams.get('limit'));
	const offset = Number(url.searchParams.get('offset') ?? 0);
	if (!(Number.isSafeInteger(limit) && limit > 0 && Number.isSafeInteger(offset) && offset >= 0)) {
		return undefined;
	}
	if (offset + limit >= total) return undefined;
	const after = new URL(url.href);
	after.searchParams.set('offset', String(offset + limit));
	return { url: after, pageSize: limit };
}

/** The last page's `count` must match what the pages held: otherwise results went missing. */
function checkCount(
	count: number,
	collected: number,
	skipped: number,
	where: string,
	fail: (message: string, description: string) => Error,
): void {
	const expected = Math.max(count - skipped, 0);
	if (collected === expected) return;
	throw fail(
		`Affinda's ${where} is the last, but the pages held ${collected} results where the service counts ${expected}`,
		'The list changed while it was read, or the service miscounted; none of the results were returned rather than an incomplete list. Run again.',
	);
}

/** A count that is no number, as the message shows it: text in quotes, a list or object by kind. */
function shownCount(count: unknown): string {
	if (typeof count === 'object') return Array.isArray(count) ? 'a list' : 'a JSON object';
	const shown = JSON.stringify(count);
	return shown.length > 60 ? `${shown.slice(0, 60)}…` : shown;
}

/** A warning in the node's output panel (when running a workflow) and in n8n's log. */
function warn(this: AffindaContext, message: string): void {
	if ('addExecutionHints' in this) {
		this.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
	}
	this.logger.warn(message);
}
