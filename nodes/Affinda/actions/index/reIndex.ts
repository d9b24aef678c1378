import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runBounded, settle, type Settled } from '../../helpers/concurrency';
import { isNotFound } from '../../helpers/itemErrors';
import { DEFAULT_CONCURRENCY } from '../../../shared/parameters';
import { readNameList } from '../../../shared/readers';
import { pathSegment } from '../../../shared/service';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { findIndex, indexPath } from './indexProperties';

/**
 * Re-indexing: taking a document's current data into a search index again, as Index → Re-index
 * Document does for one, and as the Re-index In option of the updates does once per run.
 */

/**
 * Sends the re-index of `document` in `index`. The service answers 200 with no body. Its 404 names
 * no culprit: the index is looked up once to say whether it or the document is missing.
 */
export async function reIndexDocument(
	this: IExecuteFunctions,
	index: string,
	document: string,
	itemIndex: number,
): Promise<void> {
	const sent = await settle(
		requestForItem.call(this, {
			method: 'POST',
			path: `${indexPath(index)}/documents/${pathSegment(document)}/re_index`,
			itemIndex,
			emptyAnswer: true,
			// Re-indexing twice leaves the index as re-indexing once does.
			idempotent: true,
		}),
	);
	if (sent.ok) return;
	if (!isNotFound(sent.error)) throw sent.error;
	const indexFound = await findIndex.call(this, index, itemIndex);
	throw new NodeOperationError(
		this.getNode(),
		indexFound
			? `The index "${index}" does not hold the document ${document}`
			: `Affinda has no index named "${index}"`,
		{
			itemIndex,
			description: indexFound
				? 'Only a document in the index can be re-indexed: add it with Index → Add Document.'
				: 'Check the index name (Index → Get Many lists them).',
		},
	);
}

/** Options → Re-index In, for the operations that change a document's data. */
export const reIndexInOption: INodeProperties = {
	displayName: 'Re-Index In Names or IDs',
	name: 'reIndexIn',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getAllIndices' },
	default: [],
	description:
		'Search indices to refresh each changed document in, once the run\'s updates are done, so that searches find the corrected data. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** The item's Re-index In indices (none when unset). */
export function readReIndexIn(this: IExecuteFunctions, itemIndex: number): string[] {
	const value = this.getNodeParameter(`options.${reIndexInOption.name}`, itemIndex, []);
	return [...new Set(readNameList(reIndexInOption, value, 'index names'))];
}

/**
 * The documents each run's items changed and the indices to re-index them in, by item, until the
 * run's afterRun takes them: one map per run, keyed by the run's context (the same for every item).
 */
const changedInRun = new WeakMap<IExecuteFunctions, Map<number, Changed>>();

interface Changed {
	document: string;
	indices: readonly string[];
}

/**
 * Called once an item's update succeeded: its document is re-indexed in `indices` (the item's
 * Re-index In) once every update of the run is done. Nothing when no index was chosen.
 */
export function reIndexOnceRunIsDone(
	this: IExecuteFunctions,
	itemIndex: number,
	document: unknown,
	indices: readonly string[],
): void {
	if (indices.length === 0) return;
	if (typeof document !== 'string' || document === '') {
		throw new NodeOperationError(
			this.getNode(),
			"The update went through, but Affinda's answer names no document to re-index",
			{ itemIndex, description: UPDATE_WENT_THROUGH },
		);
	}
	let changed = changedInRun.get(this);
	if (!changed) changedInRun.set(this, (changed = new Map()));
	changed.set(itemIndex, { document, indices });
}

const UPDATE_WENT_THROUGH =
	'Do not run the update again: it was applied. Re-index the document with Index → Re-index Document, which is safe to repeat.';
const UPDATE_APPLIED =
	'Do not run the update again: it was applied. Get the document with Document → Get for its data.';

const pairKey = (document: string, index: string) => JSON.stringify([document, index]);

/** Each output item of the result says which indices its document was re-indexed in. */
function withReIndexed(value: unknown, indices: readonly string[]): unknown {
	const mark = (json: IDataObject) => ({ ...json, reIndexed: [...indices] });
	return Array.isArray(value) ? value.map(mark) : mark(value as IDataObject);
}

/**
 * Once a run's updates are done (an operation's afterRun): each changed document is re-indexed
 * once in each index its items chose, whatever number of items changed it (a batch of 50
 * annotations of one document is one re-index per index), after the last of them, and only for
 * items whose update succeeded. Each such item's result gains `reIndexed` (the indices it chose),
 * or becomes an error that says the update itself went through.
 */
export async function reIndexAfterRun(
	this: IExecuteFunctions,
	results: Array<Settled<unknown> | undefined>,
): Promise<void> {
	const changed = changedInRun.get(this);
	changedInRun.delete(this);
	if (!changed) return;
	// Every item whose update went through, its output made or not (a row that failed after it).
	const succeeded = [...changed].filter(([itemIndex]) => results[itemIndex] !== undefined);
	// Each (document, index) once, sent for the last item that changed the document.
	const pairs = new Map<string, { document: string; index: string; itemIndex: number }>();
	for (const [itemIndex, { document, indices }] of succeeded.sort(([a], [b]) => a - b)) {
		for (const index of indices) {
			pairs.set(pairKey(document, index), { document, index, itemIndex });
		}
	}
	const sent = [...pairs.values()];
	const outcomes = await runBounded(
		sent.length,
		DEFAULT_CONCURRENCY,
		async (position) => {
			const { document, index, itemIndex } = sent[position];
			await reIndexDocument.call(this, index, document, itemIndex);
		},
		false,
	);
	const failures = new Map<string, Error>();
	sent.forEach(({ document, index }, position) => {
		const outcome = outcomes[position];
		if (outcome && !outcome.ok) failures.set(pairKey(document, index), outcome.error as Error);
	});

	for (const [itemIndex, { document, indices }] of succeeded) {
		const result = results[itemIndex] as Settled<unknown>;
		const failed = indices.find((index) => failures.has(pairKey(document, index)));
		if (failed === undefined) {
			results[itemIndex] = result.ok
				? { ok: true, value: withReIndexed(result.value, indices) }
				: {
						ok: false,
						error: new NodeOperationError(
							this.getNode(),
							`The update went through (document ${document} re-indexed in ${indices.map((index) => `"${index}"`).join(', ')}), but ${(result.error as Error).message}`,
							{ itemIndex, description: UPDATE_APPLIED },
						),
					};
			continue;
		}
		const cause = failures.get(pairKey(document, failed)) as Error;
		results[itemIndex] = {
			ok: false,
			error: new NodeOperationError(
				this.getNode(),
				`The update went through, but re-indexing document ${document} in "${failed}" failed: ${cause.message}`,
				{ itemIndex, description: UPDATE_WENT_THROUGH },
			),
		};
	}
}
