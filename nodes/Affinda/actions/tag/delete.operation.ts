import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { settle } from '../../helpers/concurrency';
import { goneBeforeThisRun, isNotFound } from '../../helpers/itemErrors';
import { readTagChoice } from '../../helpers/tags';
import { TAGS_PATH } from '../../../shared/service';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { optionsCollection, tagLocator } from '../common.descriptions';

const tagParameter = tagLocator('The tag to delete', false);

export const description: INodeProperties[] = [tagParameter, optionsCollection()];

export const toolDescription =
	'Deletes a tag from Affinda by its ID; the documents it was on stay, without it. Returns whether it was deleted (false when Affinda had no such tag). Use it only when the user explicitly asks to delete that tag; to take a tag off documents, use the tool that removes a tag.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { id } = readTagChoice(tagParameter, this.getNodeParameter('tag', itemIndex), false);
	const deleted = await settle(
		requestForItem.call(this, {
			method: 'DELETE',
			path: `${TAGS_PATH}/${id}`,
			itemIndex,
			// Deleting twice leaves no tag either way; the second answer, 404, is success below.
			idempotent: true,
		}),
	);
	if (!deleted.ok) {
		if (!isNotFound(deleted.error)) throw deleted.error;
		// This run's own first attempt went through, its answer lost: the retry's 404 is ours.
		if (!goneBeforeThisRun(deleted.error)) return { id, deleted: true };
		return {
			id,
			deleted: false,
			reason: 'Affinda has no tag with this ID: it was deleted already',
		};
	}
	return { id, deleted: true };
}
