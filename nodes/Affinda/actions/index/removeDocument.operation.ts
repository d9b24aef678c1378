import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { settle } from '../../helpers/concurrency';
import { goneBeforeThisRun, isNotFound } from '../../helpers/itemErrors';
import { pathSegment } from '../../../shared/service';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { optionsCollection } from '../common.descriptions';
import { filledByModelAsTool } from '../tool.descriptions';
import {
	findIndex,
	indexDocumentParameter,
	indexParameter,
	indexPath,
	readIndexDocument,
	readIndexName,
} from './indexProperties';

const documentParameter = indexDocumentParameter(
	'The resume or job description that searches of the index should no longer find',
);

export const description: INodeProperties[] = [
	indexParameter,
	...filledByModelAsTool(documentParameter, 'Identifier of the document to take out of the index'),
	optionsCollection(),
];

export const toolDescription =
	"Takes a document out of a search index of Affinda (the index is set in the node), so that searches over it no longer find the candidate or job; the document itself stays in Affinda. Argument: document, the document's identifier. Returns whether it was removed (false when the index did not hold it, which is no error). Use it when a candidate withdraws or a job closes; to erase the document, use the tool that deletes a document.";

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const index = readIndexName.call(this, itemIndex);
	const document = readIndexDocument.call(this, documentParameter, itemIndex);
	const removed = await settle(
		requestForItem.call(this, {
			method: 'DELETE',
			path: `${indexPath(index)}/documents/${pathSegment(document)}`,
			itemIndex,
			// Removing twice leaves the document out either way; the second answer, 404, is success below.
			idempotent: true,
		}),
	);
	if (!removed.ok) {
		// A 404 names no culprit: only if the index is there is it the document that is absent.
		if (!isNotFound(removed.error) || !(await findIndex.call(this, index, itemIndex)))
			throw removed.error;
		// This run's own first attempt went through, its answer lost: the retry's 404 is ours.
		if (!goneBeforeThisRun(removed.error)) return { index, document, removed: true };
		return { index, document, removed: false, reason: 'The index did not hold the document' };
	}
	return { index, document, removed: true };
}
