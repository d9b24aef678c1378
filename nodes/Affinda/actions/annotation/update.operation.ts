import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestForItem } from '../../helpers/operationOptions';
import { optionsCollection } from '../common.descriptions';
import {
	annotationFieldsCollection,
	annotationIdParameter,
	buildAnnotationUpdate,
	emptyUpdateNotice,
	toAnnotationId,
} from './fields';

const properties: INodeProperties[] = [
	annotationIdParameter,
	annotationFieldsCollection(false),
	emptyUpdateNotice,
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['annotation'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = toAnnotationId(this.getNodeParameter('id', itemIndex));
	const body = buildAnnotationUpdate(
		this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		false,
	);
	return await requestForItem.call(this, {
		method: 'PATCH',
		path: `/v3/annotations/${id}`,
		body,
		itemIndex,
		// Setting the same fields twice leaves the same annotation.
		idempotent: true,
	});
}
