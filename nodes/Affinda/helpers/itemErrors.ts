import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, UserError } from 'n8n-workflow';

import { InvalidParameterError, withItem } from '../../shared/errors';
import { toolRun } from './toolCall';

/** Every failure leaves as a NodeApiError or NodeOperationError that names its item. */
export function toItemError(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
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
 * The output of an operation that sends many items in one request: each item paired with its
 * input, in input order; a failed item goes to the error output with Continue on Fail, or stops
 * the node without it.
 */
export class PairedOutput {
	private readonly items: INodeExecutionData[] = [];

	constructor(private readonly context: IExecuteFunctions) {}

	add(json: IDataObject, itemIndex: number): void {
		this.items.push({ json, pairedItem: { item: itemIndex } });
	}

	fail(error: unknown, itemIndex: number): void {
		// Called by a model, the router words the failure for it (helpers/toolCall.ts).
		if (toolRun.call(this.context) !== undefined && !this.context.continueOnFail()) throw error;
		const nodeError = toItemError.call(this.context, error, itemIndex);
		if (!this.context.continueOnFail()) throw nodeError;
		this.items.push(failedItem(nodeError, itemIndex));
	}

	inInputOrder(): INodeExecutionData[] {
		const itemOf = (item: INodeExecutionData) => (item.pairedItem as { item: number }).item;
		return this.items.sort((a, b) => itemOf(a) - itemOf(b));
	}
}

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** What a request came to, for an operation that reads some failures (a 404) as answers. */
export async function settle<T>(pending: Promise<T>): Promise<Settled<T>> {
	try {
		return { ok: true, value: await pending };
	} catch (error) {
		return { ok: false, error };
	}
}
