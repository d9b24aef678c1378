import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { Waiting } from '../../helpers/concurrency';
import { readUploads } from './upload/files';
import { properties } from './upload/parameters';
import { alreadyUploaded, sendUpload } from './upload/send';
import { readUploadSettings } from './upload/values';

/**
 * Document → Upload: one document per file of the item (or its URL). The parts live in `upload/`:
 * the parameters, reading and checking values, choosing the files, the multipart body, and
 * sending with its errors.
 */

export { properties };

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['upload'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject[] | Waiting<IDataObject[]>> {
	const settings = readUploadSettings.call(this, itemIndex);
	const uploads = await readUploads.call(this, itemIndex, settings.options);
	if (settings.wait && uploads.length === 1) {
		// Once the file is sent, waiting for it to be parsed no longer holds back the next item.
		const sending = sendUpload.call(this, itemIndex, uploads[0], settings);
		await Promise.race([sending.sent, sending.document.catch(() => undefined)]);
		return new Waiting(sending.document.then((document) => [document]));
	}
	const documents: IDataObject[] = [];
	for (const upload of uploads) {
		try {
			documents.push(await sendUpload.call(this, itemIndex, upload, settings).document);
		} catch (error) {
			// The documents already made stay; say which, so a re-run does not make them twice.
			throw alreadyUploaded.call(this, error, uploads, documents, itemIndex);
		}
	}
	return documents;
}
