import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { FileOutput } from '../helpers/binary';
import { runBounded, Waiting, type Settled } from '../helpers/concurrency';
import { failedItem, toItemError } from '../helpers/itemErrors';
import { readConcurrency } from '../helpers/operationOptions';
import { toolFailureError, toolFailureItem, toolRun } from '../helpers/toolCall';
import {
	readOutputSettings,
	RefusedDocuments,
	shapeOutput,
	type OutputSettings,
	type ServiceAnswer,
} from '../../shared/output/output';
import {
	operations,
	type AffindaOperation,
	type ItemOperation,
	type ItemResult,
} from './resources';

type ItemOutput = Exclude<ItemResult, ServiceAnswer> | RefusedDocuments;

/** The operation's own Include Fields (what an item's Include Fields may name), if it has one. */
function includeFieldsOf(operation: ItemOperation): INodeProperties | undefined {
	const options = operation.description.find((property) => property.name === 'options');
	return (options?.options as INodeProperties[] | undefined)?.find(
		(option) => option.name === 'includeFields',
	);
}

/**
 * One item's output: its Output read (and refused if bad) before any request, the operation run,
 * then what the service answered shaped as Output asks, once the answer is in. Documents a
 * resume output cannot be made of fail the item, unless `keepRefusals` (Continue on Fail).
 */
async function itemOutput(
	this: IExecuteFunctions,
	operation: ItemOperation,
	itemIndex: number,
	keepRefusals: boolean,
): Promise<ItemOutput | Waiting<ItemOutput>> {
	const parameter = operation.description.find((property) => property.name === 'output');
	const settings: OutputSettings = readOutputSettings.call(
		this,
		itemIndex,
		parameter,
		includeFieldsOf(operation),
	);
	const shape = async (answer: ItemResult) => {
		const shaped = await shapeOutput(answer, settings);
		if (shaped instanceof RefusedDocuments && !keepRefusals) throw shaped.refusals[0];
		return shaped;
	};
	const value = await operation.execute.call(this, itemIndex, settings);
	if (value instanceof Waiting) return new Waiting(value.answer.then(shape));
	return await shape(value);
}

/**
 * Runs the chosen operation for every input item, a few at a time (Options → Concurrency), pairs
 * each output item with the item it came from, keeps input order, applies Output and Continue on
 * Fail: written once, for every operation. Called by a model (an agent's tool call, MCP), a failure is
 * the model's to act on: the tool's answer, or an error worded for it (helpers/toolCall.ts).
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

	const asTool = toolRun.call(this);
	/** A failure that stops the node: thrown as n8n shows it, or as a model reads it. */
	const fatal = (error: unknown, itemIndex: number) =>
		asTool === 'wrappedTool'
			? toolFailureError.call(this, error, itemIndex)
			: toItemError.call(this, error, itemIndex);

	const continueOnFail = this.continueOnFail();
	const goOnAfterFailure = continueOnFail || asTool === 'agentToolCall';
	// Each item's outcome at its place: run a few at a time, or sent in batches by the operation.
	let settled: Array<Settled<ItemOutput> | undefined>;
	try {
		settled =
			'executeBatch' in operation
				? await operation.executeBatch.call(this, items, !goOnAfterFailure)
				: await runBounded(
						items.length,
						readConcurrency.call(this),
						async (itemIndex) =>
							await itemOutput.call(this, operation, itemIndex, goOnAfterFailure),
						!goOnAfterFailure,
					);
	} catch (error) {
		// Before any item's outcome: Concurrency refused, or a batch that failed as a whole.
		if (asTool === 'agentToolCall')
			return [items.map((_item, index) => toolFailureItem(error, index))];
		throw fatal(error, 0);
	}
	// Work a run does once for all its items (Re-index In), after every item's outcome is in.
	if ('afterRun' in operation && operation.afterRun) await operation.afterRun.call(this, settled);

	// In input order, whatever order the answers came in.
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const result = settled[itemIndex];
		if (result === undefined) continue; // not started: an earlier item failed
		if (result.ok) {
			const { value } = result;
			if (value instanceof FileOutput) {
				output.push({ json: value.json, binary: value.binary, pairedItem: { item: itemIndex } });
				continue;
			}
			if (value instanceof RefusedDocuments) {
				// Continue on Fail: the documents that could be shaped, then an error item per refusal.
				output.push(
					...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(value.items), {
						itemData: { item: itemIndex },
					}),
					...value.refusals.map((refusal) =>
						asTool === 'agentToolCall'
							? toolFailureItem(refusal, itemIndex)
							: failedItem(fatal(refusal, itemIndex), itemIndex),
					),
				);
				continue;
			}
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(value), {
					itemData: { item: itemIndex },
				}),
			);
			continue;
		}
		if (asTool === 'agentToolCall') {
			output.push(toolFailureItem(result.error, itemIndex));
			continue;
		}
		const nodeError = fatal(result.error, itemIndex);
		if (!continueOnFail) throw nodeError;
		output.push(failedItem(nodeError, itemIndex));
	}
	return [output];
}
