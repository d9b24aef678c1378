import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InvalidParameterError } from '../helpers/errors';
import { operations, type AffindaOperation } from './operations';

/**
 * Runs the chosen operation for every input item, pairs each output item with the item it came
 * from, and applies Continue on Fail: written once, for every operation.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation: AffindaOperation | undefined = operations[resource]?.[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of resource "${resource}" is not supported`,
		);
	}

	if ('executeForAll' in operation) return [await operation.executeForAll.call(this, items)];

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const results = await operation.execute.call(this, itemIndex);
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(results), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			const nodeError = toItemError.call(this, error, itemIndex);
			if (!this.continueOnFail()) throw nodeError;
			output.push(failedItem(nodeError, itemIndex));
		}
	}
	return [output];
}

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
		return new NodeOperationError(this.getNode(), `${error.message} [item ${itemIndex}]`, {
			itemIndex,
			description: 'Nothing was sent to Affinda. Change the value and run again.',
		});
	}
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}

/** An item for the error output (or the main output), paired with the input that failed. */
export function failedItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	return { json, error, pairedItem: { item: itemIndex } };
}
