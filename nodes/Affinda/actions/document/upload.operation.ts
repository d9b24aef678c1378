import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { Waiting } from '../../helpers/concurrency';
import { addToIndices, checkIndices, readAddToIndices, type IndexTarget } from './addToIndices';
import { buildUploadBody } from './upload/body';
import { readUploads } from './upload/files';
import { choiceName, readExistingCheck, uploadUnlessExisting } from './upload/ifAlreadyUploaded';
import { ifAlreadyUploadedProperty, properties } from './upload/uploadProperties';
import { alreadyUploaded, sendUpload, uploadAndWait } from './upload/send';
import { readDestination, readUploadSettings } from './upload/uploadSettings';
import {
	documentsAnswer,
	type OutputSettings,
	type ServiceAnswer,
} from '../../../shared/output/output';
import { invalid } from '../../../shared/readers';

/**
 * Document → Upload: one document per file of the item (or its URL). The parts live in `upload/`:
 * the parameters, reading and checking values, choosing the files, the multipart body, and
 * sending with its errors, and If Already Uploaded (looking for the document first).
 */

export const toolDescription =
	"Uploads a document from a public link to Affinda and parses it. Returns one flat row: the document identifier (to pass to the other Affinda tools) and its values (for a resume: name, email, phone, city, current job title, years of experience, skills). Argument: url, an http or https link to the file. Each call adds a new document to Affinda: call it once per file; to read a document already uploaded, use the tool that gets a document. If the node is set to add documents to search indices (indexed lists them), the search tools find this one at once; if the add fails, the answer names the parsed document's identifier: do not upload it again.";

export const description = properties;

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	output: OutputSettings,
): Promise<ServiceAnswer | Waiting<ServiceAnswer>> {
	const settings = readUploadSettings.call(this, itemIndex, output.choice);
	const { options } = settings;
	const indices = readAddToIndices.call(this, itemIndex, settings.wait);
	// Resume → Parse makes resumes: an index of job descriptions is refused before the upload.
	const makes = this.getNodeParameter('resource', itemIndex) === 'resume' ? 'resume' : undefined;
	let targets: IndexTarget[] = [];
	/** After the files are read (bad input first), the indices as Affinda has them. */
	const checked = async () => {
		targets = await checkIndices.call(this, itemIndex, indices, makes);
	};
	const indexed = async (document: IDataObject): Promise<IDataObject> =>
		indices.length === 0
			? {}
			: { indexed: await addToIndices.call(this, itemIndex, document, targets) };
	const check = readExistingCheck(options, readDestination.call(this, itemIndex));
	if (check) {
		const output = await uploadUnlessExisting.call(
			this,
			itemIndex,
			check,
			settings,
			async () => {
				const uploads = await readUploads.call(this, itemIndex, options);
				// One Custom Identifier names one document: the look-up cannot tell several files apart.
				if (uploads.length !== 1) {
					invalid(
						ifAlreadyUploadedProperty,
						choiceName(check.choice),
						`Upload Again when the item has several files (it has ${uploads.length}); or one file per item`,
					);
				}
				await checked();
				return uploads[0];
			},
			async (upload) => {
				const body = buildUploadBody.call(this, itemIndex, upload, settings);
				return await uploadAndWait.call(this, itemIndex, body, settings);
			},
			indexed,
		);
		return output;
	}
	const uploads = await readUploads.call(this, itemIndex, options);
	await checked();
	if (settings.wait && uploads.length === 1) {
		// Once the file is sent, waiting for it to be parsed no longer holds back the next item.
		const sending = sendUpload.call(this, itemIndex, uploads[0], settings);
		await Promise.race([sending.sent, sending.document.catch(() => undefined)]);
		return new Waiting(
			sending.document.then(async (document) =>
				documentsAnswer([document], await indexed(document)),
			),
		);
	}
	const documents: IDataObject[] = [];
	let added: IDataObject = {};
	for (const upload of uploads) {
		try {
			const document = await sendUpload.call(this, itemIndex, upload, settings).document;
			// Each file's document is indexed as soon as it is parsed: all in the same indices.
			added = await indexed(document);
			documents.push(document);
		} catch (error) {
			// The documents already made stay; say which, so a re-run does not make them twice.
			throw alreadyUploaded.call(this, error, uploads, documents, itemIndex);
		}
	}
	return documentsAnswer(documents, added);
}
