import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InvalidParameterError, withItem } from '../../shared';

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
