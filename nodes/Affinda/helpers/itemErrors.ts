import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, UserError } from 'n8n-workflow';

import { InvalidParameterError, withItem } from '../../shared/errors';
import { requestOutcomeOf } from '../../shared/transport/failures';
import type { Settled } from './concurrency';

/** Errors already made the item's error: an error many items share is named once. */
const itemErrors = new WeakSet<Error>();

/**
 * Every failure leaves as a NodeApiError or NodeOperationError. One that belongs to an item (its
 * context's `itemIndex`, or bad input read for it) names the item in its message, here only:
 * "… [item 3]". A request many items shared (a batch) names none.
 */
export function toItemError(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (itemErrors.has(error)) return error;
		const named = withItem('', error.context.itemIndex as number | undefined);
		// n8n's own errors (a missing binary field) come named already.
		if (!error.message.endsWith(named)) error.message += named;
		error.context.itemIndex ??= itemIndex;
		itemErrors.add(error);
		return error;
	}
	if (error instanceof InvalidParameterError) {
		return new NodeOperationError(this.getNode(), withItem(error.message, itemIndex), {
			itemIndex,
			description: 'Nothing was sent to Affinda. Change the value and run again.',
		});
	}
	// A value the node refuses to shape (a row nested too deep): its message, for this item.
	if (error instanceof UserError) {
		return new NodeOperationError(this.getNode(), withItem(error.message, itemIndex), {
			itemIndex,
		});
	}
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}

/**
 * An item for the error output (or the main output), paired with the input that failed. n8n
 * shows `json.error`; the whole error, with its description and the service's detail, rides along.
 */
export function failedItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
): INodeExecutionData {
	return { json: { error: error.message }, error, pairedItem: { item: itemIndex } };
}

/** Affinda answered 404: what the request names is not there. */
export function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

/**
 * A 404 that proves the thing was gone before this run: not one that answered a retry after an
 * attempt of this run's own that may have gone through (a reset, an answer cut short).
 */
export function goneBeforeThisRun(error: unknown): boolean {
	return isNotFound(error) && requestOutcomeOf(error)?.earlierAttemptUncertain !== true;
}

/**
 * What an operation that sends many items in one request hands the router: each item's outcome
 * at its place, which the router pairs and applies Continue on Fail to. `stopAfterFailure` is the
 * router's word: without Continue on Fail, nothing more is sent once an item has failed.
 */
export class ItemOutcomes<T> {
	readonly settled: Array<Settled<T> | undefined>;
	private failed = false;

	constructor(
		count: number,
		private readonly stopAfterFailure: boolean,
	) {
		this.settled = new Array<Settled<T> | undefined>(count);
	}

	ok(itemIndex: number, value: T): void {
		this.settled[itemIndex] = { ok: true, value };
	}

	fail(itemIndex: number, error: unknown): void {
		this.settled[itemIndex] = { ok: false, error };
		this.failed = true;
	}

	/** Whether to send nothing more: an item failed and the router stops after a failure. */
	get stopped(): boolean {
		return this.failed && this.stopAfterFailure;
	}
}
