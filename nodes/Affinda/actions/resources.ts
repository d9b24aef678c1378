import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { FileOutput } from '../helpers/binary';
import type { Settled, Waiting } from '../helpers/concurrency';
import type { OutputSettings, ServiceAnswer } from '../../shared/output/output';
import * as annotation from './annotation/Annotation.resource';
import * as document from './document/Document.resource';
import * as index from './index/Index.resource';
import * as jobDescription from './jobDescription/JobDescription.resource';
import * as resume from './resume/Resume.resource';
import * as usage from './usage/Usage.resource';
import * as tag from './tag/Tag.resource';
import { toolDescriptionParameters } from './tool';
import * as validationResult from './validationResult/ValidationResult.resource';

/** What an item's run hands the router: a service answer Output shapes, or items as they are. */
export type ItemResult = IDataObject | IDataObject[] | FileOutput | ServiceAnswer;

/**
 * What every `<operation>.operation.ts` exports besides how it runs: its parameters (the registry
 * shows them for its resource and operation), and what a model reads about it as a tool
 * (actions/tool.ts).
 */
interface OperationModule {
	description: INodeProperties[];
	toolDescription?: string;
}

/**
 * An operation that sends its own request for each input item: almost all of them. The router
 * runs the items a few at a time, pairs what each returns with its item and applies Continue on
 * Fail. An item may hand back `Waiting` once its request is sent (an upload waiting for parsing),
 * so that the next item need not wait for the answer.
 */
export interface ItemOperation extends OperationModule {
	/** `output`: the item's Output and row options, read by the router before any request. */
	execute: (
		this: IExecuteFunctions,
		itemIndex: number,
		output: OutputSettings,
	) => Promise<ItemResult | Waiting<ItemResult>>;
	/**
	 * Once every item has run and its Output is made: work the run does once for all its items
	 * (the updates' Re-index In, actions/index/reIndex.ts), which may change any item's result.
	 */
	afterRun?: (
		this: IExecuteFunctions,
		results: Array<Settled<unknown> | undefined>,
	) => Promise<void>;
}

/**
 * An operation whose endpoint takes many items in one request (Annotation → Batch Update, Add
 * Tag): it sends the batches and hands back each item's outcome at its place; the router pairs
 * them and applies Continue on Fail, as for any operation. With `stopAfterFailure` (the router's
 * word) it sends nothing more once an item has failed.
 */
export interface BatchOperation extends OperationModule {
	executeBatch: (
		this: IExecuteFunctions,
		items: INodeExecutionData[],
		stopAfterFailure: boolean,
	) => Promise<Array<Settled<IDataObject> | undefined>>;
}

/** What each `<operation>.operation.ts` module exports: one of the two shapes. */
export type AffindaOperation = ItemOperation | BatchOperation;

interface Resource {
	name: string;
	value: string;
	/** Its Operation parameter. */
	description: INodeProperties[];
	operations: Record<string, AffindaOperation>;
}

/**
 * Every resource, registered here only. The order is the one people meet in the panel and in the
 * node picker's list of actions: what recruiters do most (search and parse resumes) first, the
 * corrections of parsed data last.
 */
const RESOURCES: readonly Resource[] = [
	{ name: 'Resume', value: 'resume', ...resume },
	{ name: 'Document', value: 'document', ...document },
	{ name: 'Job Description', value: 'jobDescription', ...jobDescription },
	{ name: 'Index', value: 'index', ...index },
	{ name: 'Tag', value: 'tag', ...tag },
	{ name: 'Annotation', value: 'annotation', ...annotation },
	{ name: 'Validation Result', value: 'validationResult', ...validationResult },
	{ name: 'Usage', value: 'usage', ...usage },
];

export const operations: Record<string, Record<string, AffindaOperation>> = Object.fromEntries(
	RESOURCES.map((resource) => [resource.value, resource.operations]),
);

/**
 * Each operation's parameters, in the order of its resource's `operations`, shown for that
 * resource and operation only: the registry's keys say which, so an operation never repeats them.
 */
function operationParameters({ value, operations }: Resource): INodeProperties[] {
	return Object.entries(operations).flatMap(([operation, { description }]) =>
		updateDisplayOptions({ show: { resource: [value], operation: [operation] } }, description),
	);
}

const resourceParameter: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: RESOURCES.map(({ name, value }) => ({ name, value })),
	default: 'resume',
};

/**
 * The node's parameters: the tool's description of the chosen operation (shown when the node is a
 * tool), Resource, then each resource's Operation and operation parameters.
 */
export const properties: INodeProperties[] = [
	...toolDescriptionParameters(
		RESOURCES.flatMap((resource) =>
			Object.entries(resource.operations).flatMap(([operation, { toolDescription }]) =>
				toolDescription === undefined
					? []
					: [{ resource: resource.value, operation, toolDescription }],
			),
		),
	),
	resourceParameter,
	...RESOURCES.flatMap((resource) => [...resource.description, ...operationParameters(resource)]),
];

/**
 * What the canvas shows under the node's name: the chosen operation's action, as the node picker
 * names it ("Search resumes"), instead of internal values.
 */
export function subtitle(): string {
	const actions: Record<string, string> = {};
	for (const resource of RESOURCES) {
		const operation = resource.description.find((property) => property.name === 'operation');
		for (const option of (operation?.options ?? []) as INodePropertyOptions[]) {
			actions[`${resource.value}:${String(option.value)}`] = option.action ?? option.name;
		}
	}
	return `={{ (${JSON.stringify(actions)})[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}
