import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { affindaApiRequest } from '../../transport';
import { documentLocator } from './descriptions';
import { documentPath, readDocumentIdentifier } from './document';

const properties: INodeProperties[] = [documentLocator];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	// The service answers 204 with no body.
	await affindaApiRequest.call(this, {
		method: 'DELETE',
		path: documentPath(identifier),
		itemIndex,
	});
	return { deleted: true };
}
