import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { settle } from '../../helpers/concurrency';
import { goneBeforeThisRun, isNotFound } from '../../helpers/itemErrors';
import { optionsCollection } from '../common.descriptions';
import { indexParameter, indexPath, readIndexName } from './indexProperties';
import { requestForItem } from '../../../shared/transport/itemRequest';

export const description: INodeProperties[] = [indexParameter, optionsCollection()];

export const toolDescription =
	'Deletes a search index from Affinda by name, for example for a role that is filled; the documents it held stay in Affinda. Returns whether it was deleted (false when Affinda had no index of that name). Use it only when the user explicitly asks to delete that index; to take one document out, use the tool that removes a document from an index.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const index = readIndexName.call(this, itemIndex);
	const deleted = await settle(
		requestForItem.call(this, {
			method: 'DELETE',
			path: indexPath(index),
			itemIndex,
			// Deleting twice leaves no index either way; the second answer, 404, is success below.
			idempotent: true,
		}),
	);
	if (!deleted.ok) {
		if (!isNotFound(deleted.error)) throw deleted.error;
		// This run's own first attempt went through, its answer lost: the retry's 404 is ours.
		if (!goneBeforeThisRun(deleted.error)) return { index, deleted: true };
		return {
			index,
			deleted: false,
			reason: 'Affinda has no index of this name: it was deleted already',
		};
	}
	return { index, deleted: true };
}
