import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Settled } from '../../helpers/concurrency';
import { ItemOutcomes } from '../../helpers/itemErrors';
import { describeAnswer } from '../../../shared/listAnswers';
import { ANNOTATIONS_PATH } from '../../../shared/service';
import { readRequestTimeoutMs } from '../../../shared/transport/itemRequest';
import { affindaApiRequest } from '../../../shared/transport/request';
import { optionsCollection } from '../common.descriptions';
import {
	readReIndexIn,
	reIndexAfterRun,
	reIndexInOption,
	reIndexOnceRunIsDone,
} from '../index/reIndex';
import {
	annotationFieldsCollection,
	annotationFromItem,
	annotationIdParameter,
	buildAnnotationUpdate,
	emptyUpdateNotice,
	toAnnotationId,
} from './fields';

const NOT_KNOWN =
	'Check the annotation with Annotation → Get Many, or run the update again: setting the same values twice is safe.';

/** Annotations per request: large batches stay well inside request-size limits. */
export const BATCH_UPDATE_CHUNK_SIZE = 100;

export const description: INodeProperties[] = [
	{
		displayName: 'Annotations From',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		default: 'parameters',
		options: [
			{
				name: 'Fields Below',
				value: 'parameters',
				description:
					'One annotation per input item, from the ID and fields set below (use expressions)',
			},
			{
				name: 'Input Item JSON',
				value: 'inputItems',
				description:
					'Each input item is an annotation: an "ID" and any of parsed, raw, isClientVerified, pageIndex, document, dataPoint, parent, rectangles, validationResults',
			},
		],
	},
	{ ...annotationIdParameter, displayOptions: { show: { source: ['parameters'] } } },
	{
		...annotationFieldsCollection(true),
		displayOptions: { show: { source: ['parameters'] } },
	},
	{
		...emptyUpdateNotice,
		displayOptions: {
			show: { ...emptyUpdateNotice.displayOptions?.show, source: ['parameters'] },
		},
	},
	// One request for many items: nothing to run at once.
	optionsCollection([reIndexInOption], { perItem: false }),
];

export const toolDescription =
	"Corrects many parsed values (annotations) of documents in Affinda in one request, each by its annotation identifier, as the node's settings say. Returns the annotations as updated. Use it only when the user asks to correct parsed data; to read a document, use the tool that gets a document.";

interface PreparedAnnotation {
	itemIndex: number;
	annotation: IDataObject;
	/** The item's Re-index In. */
	reIndexIn: string[];
}

function prepare(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	itemIndex: number,
): IDataObject {
	if (this.getNodeParameter('source', itemIndex) === 'inputItems') {
		return annotationFromItem(items[itemIndex].json);
	}
	return {
		id: toAnnotationId(this.getNodeParameter('id', itemIndex)),
		...buildAnnotationUpdate(
			this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
			true,
		),
	};
}

/**
 * One request for many items (in chunks), each outcome at the place of the item its annotation
 * came from. A bad item fails alone; a failed request fails the items of its chunk.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	stopAfterFailure: boolean,
): Promise<Array<Settled<IDataObject> | undefined>> {
	const outcomes = new ItemOutcomes<IDataObject>(items.length, stopAfterFailure);

	const prepared: PreparedAnnotation[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			prepared.push({
				itemIndex,
				annotation: prepare.call(this, items, itemIndex),
				reIndexIn: readReIndexIn.call(this, itemIndex),
			});
		} catch (error) {
			outcomes.fail(itemIndex, error);
			if (outcomes.stopped) return outcomes.settled;
		}
	}

	for (let start = 0; start < prepared.length; start += BATCH_UPDATE_CHUNK_SIZE) {
		const chunk = prepared.slice(start, start + BATCH_UPDATE_CHUNK_SIZE);
		let updated: unknown;
		try {
			updated = await affindaApiRequest.call(this, {
				method: 'POST',
				path: `${ANNOTATIONS_PATH}/batch_update`,
				body: chunk.map(({ annotation }) => annotation),
				// One request for many items: the first item's Request Timeout stands for all.
				timeoutMs: readRequestTimeoutMs.call(this, chunk[0].itemIndex),
				// Setting the same fields twice leaves the same annotations.
				idempotent: true,
			});
			if (!Array.isArray(updated)) {
				throw new NodeOperationError(
					this.getNode(),
					`Affinda answered the batch update with ${describeAnswer(updated)}, not the list of the annotations updated`,
					{ description: NOT_KNOWN },
				);
			}
		} catch (error) {
			for (const { itemIndex } of chunk) outcomes.fail(itemIndex, error);
			// Without Continue on Fail nothing more is sent; what went through is still re-indexed.
			if (outcomes.stopped) break;
			continue;
		}
		// By annotation id only: the answer's order, or a missing entry, never pairs an item with
		// another annotation (nor re-indexes a document it did not change).
		const byId = new Map<string, IDataObject>();
		for (const entry of updated as unknown[]) {
			if (typeof entry === 'object' && entry !== null && 'id' in entry) {
				byId.set(String((entry as IDataObject).id), entry as IDataObject);
			}
		}
		for (const { itemIndex, annotation, reIndexIn } of chunk) {
			const json = byId.get(String(annotation.id));
			try {
				if (json === undefined) {
					throw new NodeOperationError(
						this.getNode(),
						`Affinda's answer to the batch update does not confirm annotation ${String(annotation.id)}: whether it was updated is not known`,
						{ itemIndex, description: NOT_KNOWN },
					);
				}
				reIndexOnceRunIsDone.call(this, itemIndex, json.document, reIndexIn);
				outcomes.ok(itemIndex, json);
			} catch (error) {
				outcomes.fail(itemIndex, error);
			}
		}
		if (outcomes.stopped) break;
	}
	await reIndexAfterRun.call(this, outcomes.settled);
	return outcomes.settled;
}
