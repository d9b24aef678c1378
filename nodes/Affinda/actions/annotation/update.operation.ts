import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../common.descriptions';
import {
	annotationFieldsCollection,
	annotationIdParameter,
	buildAnnotationUpdate,
	emptyUpdateNotice,
	toAnnotationId,
} from './fields';
import { ANNOTATIONS_PATH } from '../../../shared/service';
import { requestForItem } from '../../../shared/transport/itemRequest';
import {
	readReIndexIn,
	reIndexAfterRun,
	reIndexInOption,
	reIndexOnceRunIsDone,
} from '../index/reIndex';

export const description: INodeProperties[] = [
	annotationIdParameter,
	annotationFieldsCollection(false),
	emptyUpdateNotice,
	optionsCollection([reIndexInOption]),
];

export const toolDescription =
	"Corrects one parsed value (an annotation) of a document in Affinda, by the annotation's identifier, as the node's settings say. Returns the annotation as updated. Use it only when the user asks to correct a parsed value; to read a document, use the tool that gets a document.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = toAnnotationId(this.getNodeParameter('id', itemIndex));
	const body = buildAnnotationUpdate(
		this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		false,
	);
	const reIndexIn = readReIndexIn.call(this, itemIndex);
	const updated = await requestForItem.call(this, {
		method: 'PATCH',
		path: `${ANNOTATIONS_PATH}/${id}`,
		body,
		itemIndex,
		// Setting the same fields twice leaves the same annotation.
		idempotent: true,
	});
	reIndexOnceRunIsDone.call(this, itemIndex, updated.document, reIndexIn);
	return updated;
}

export const afterRun = reIndexAfterRun;
