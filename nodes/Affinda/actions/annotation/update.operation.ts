import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { affindaApiRequest } from '../../transport';
import {
	annotationFieldsCollection,
	annotationIdParameter,
	buildAnnotationUpdate,
	toAnnotationId,
} from './fields';

const properties: INodeProperties[] = [annotationIdParameter, annotationFieldsCollection(false)];

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
	return await affindaApiRequest.call(this, {
		method: 'PATCH',
		path: `/v3/annotations/${id}`,
		body,
		itemIndex,
	});
}
