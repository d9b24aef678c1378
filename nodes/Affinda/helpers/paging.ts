import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeAnswer } from '../../shared/listAnswers';
import { boundsOf, readFlag, readWholeNumber } from '../../shared/readers';
import { readRequestTimeoutMs } from '../../shared/transport/itemRequest';
import { affindaApiRequestAllPages, MAX_PAGES } from '../../shared/transport/pager';
import { affindaApiRequest } from '../../shared/transport/request';
import { type AffindaContext, type AffindaRequest } from '../../shared/transport/types';

const returnAllParameter: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/** Limit, from 1 to `maxLimit`, the endpoint's largest page. */
export function limitParameter(maxLimit: number): INodeProperties {
	return {
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		default: 50,
		typeOptions: { minValue: 1, maxValue: maxLimit },
		displayOptions: { show: { returnAll: [false] } },
		description: 'Max number of results to return',
	};
}

/** Return All and Limit; `maxLimit` is the endpoint's largest page. */
export function returnAllAndLimit(maxLimit: number): INodeProperties[] {
	return [returnAllParameter, limitParameter(maxLimit)];
}

/**
 * A paged list or search as n8n users expect it: Return All follows every `next` page (pages of
 * `pageSize`, the endpoint's largest); otherwise Limit (1 to `pageSize`) is both the page size
 * asked for and the number returned.
 */
function readLimit(limit: INodeProperties, value: unknown): number {
	return readWholeNumber(limit, value, boundsOf(limit));
}

/** How many results to return: undefined for Return All, else Limit (1 to `pageSize`). */
export function readReturnAllOrLimit(
	this: IExecuteFunctions,
	itemIndex: number,
	pageSize: number,
): number | undefined {
	const returnAll = readFlag(returnAllParameter, this.getNodeParameter('returnAll', itemIndex));
	return returnAll
		? undefined
		: readLimit(limitParameter(pageSize), this.getNodeParameter('limit', itemIndex));
}

export async function requestReturnAllOrLimit(
	this: IExecuteFunctions,
	itemIndex: number,
	pageSize: number,
	request: Omit<AffindaRequest, 'itemIndex'>,
): Promise<IDataObject[]> {
	const wanted = readReturnAllOrLimit.call(this, itemIndex, pageSize);
	return await affindaApiRequestAllPages.call(
		this,
		{
			timeoutMs: readRequestTimeoutMs.call(this, itemIndex),
			...request,
			qs: { ...request.qs, limit: wanted ?? pageSize },
			itemIndex,
		},
		wanted,
	);
}

/** A list the service answers as a plain array that `limit` and `offset` cut (tags, validation results). */
export interface CutList<T> {
	path: string;
	qs: IDataObject;
	/** The endpoint's largest cut. */
	pageSize: number;
	/** What one entry must be, and how the error names the list's entries when one is not. */
	isEntry: (value: unknown) => value is T;
	entries: string;
	/** An entry's identity, to notice a service that ignores `offset`. */
	idOf: (entry: T) => unknown;
}

/**
 * Entries of a plain list, at most `max`, asked for `pageSize` at a time: a short answer is the
 * last; an answer with nothing new (a service that ignores `offset`) ends the reading too.
 */
export async function readCutList<T>(
	context: AffindaContext,
	{ path, qs, pageSize, isEntry, entries, idOf }: CutList<T>,
	{
		max = Infinity,
		itemIndex,
		timeoutMs,
	}: { max?: number; itemIndex?: number; timeoutMs?: number },
): Promise<T[]> {
	const read: T[] = [];
	const seen = new Set<unknown>();
	for (let page = 1; read.length < max; page++) {
		if (page > MAX_PAGES) {
			throw new NodeOperationError(
				context.getNode(),
				`Stopped after ${MAX_PAGES} pages of GET ${path} (${read.length} read) without reaching the last page`,
				{
					itemIndex,
					description:
						'The service kept returning full pages. Turn off Return All and set a Limit, or narrow the list.',
				},
			);
		}
		const limit = Math.min(pageSize, max - read.length);
		const answer: unknown = await affindaApiRequest.call(context, {
			method: 'GET',
			path,
			qs: { ...qs, limit, offset: read.length },
			itemIndex,
			timeoutMs,
		});
		if (!Array.isArray(answer) || !answer.every(isEntry)) {
			throw new NodeOperationError(
				context.getNode(),
				`Affinda's answer to GET ${path} was ${describeAnswer(answer)}, not a list of ${entries}`,
				{ itemIndex },
			);
		}
		const fresh = answer.filter((entry) => !seen.has(idOf(entry)));
		for (const entry of fresh) seen.add(idOf(entry));
		read.push(...fresh.slice(0, max - read.length));
		if (answer.length < limit || fresh.length === 0) break;
	}
	return read;
}
