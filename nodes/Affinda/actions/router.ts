import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runBounded } from '../helpers/concurrency';
import { failedItem, toItemError } from '../helpers/itemErrors';
import { readConcurrency } from '../helpers/operationOptions';
import { operations, type AffindaOperation } from './resources';

/**
 * Runs the chosen operation for every input item, a few at a time (Options → Concurrency), pairs
 * each output item with the item it came from, keeps input order, and applies Continue on Fail:
 * written once, for every operation.
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

	if ('executeBatch' in operation) return [await operation.executeBatch.call(this, items)];

	let concurrency: number;
	try {
		concurrency = readConcurrency.call(this);
	} catch (error) {
		throw toItemError.call(this, error, 0);
	}
	const continueOnFail = this.continueOnFail();
	const settled = await runBounded(
		items.length,
		concurrency,
		async (itemIndex) => await operation.execute.call(this, itemIndex),
		!continueOnFail,
	);

	// In input order, whatever order the answers came in.
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const result = settled[itemIndex];
		if (result === undefined) continue; // not started: an earlier item failed
		if (result.ok) {
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result.value), {
					itemData: { item: itemIndex },
				}),
			);
			continue;
		}
		const nodeError = toItemError.call(this, result.error, itemIndex);
		if (!continueOnFail) throw nodeError;
		output.push(failedItem(nodeError, itemIndex));
	}
	return [output];
}
