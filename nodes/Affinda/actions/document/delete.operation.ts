import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { CHECK_BEFORE_REPEATING } from '../../../shared/transport/failures';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { documentLocator, optionsCollection } from '../common.descriptions';
import { documentPath, readDocumentIdentifier } from './document';

export const description: INodeProperties[] = [documentLocator, optionsCollection()];

export const toolDescription =
	"Deletes one document and its parsed data from Affinda for good: it cannot be undone. Argument: the document's identifier (from a search, a listing or an upload). Use it only when the user explicitly asks to delete that document.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	// The service answers 204 with no body.
	await requestForItem.call(this, {
		method: 'DELETE',
		path: documentPath(identifier),
		itemIndex,
		// Not repeated after a fault that leaves it open: a second delete would answer 404.
		advice: {
			...CHECK_BEFORE_REPEATING,
			ifUncertain: `Affinda may have deleted the document: Document → Get with identifier ${identifier} answers "found nothing" if so.`,
		},
	});
	return { deleted: true };
}
