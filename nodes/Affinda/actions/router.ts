import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { failedItem, toItemError } from '../helpers/itemErrors';
import { operations, type AffindaOperation } from './resources';

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
