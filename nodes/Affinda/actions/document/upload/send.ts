import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type MultipartBody } from '../../../../shared/transport/multipart';
import { affindaApiRequest } from '../../../../shared/transport/request';
import { DOCUMENTS_PATH, UPLOAD_ADVICE } from '../document';
import { assertParsed, parsingTimedOut, waitUntilParsed } from '../parsing';
import { buildUploadBody } from './body';
import type { Upload } from './files';
import type { UploadSettings } from './uploadSettings';

/**
 * Sending an upload and what its errors say: an upload creates a document, so it is never sent
 * twice by the node, and a failure names what was already made.
 */

/** One file's upload: when its body has been sent, and the (parsed) document it makes. */
export function sendUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: Upload,
	settings: UploadSettings,
): { sent: Promise<void>; document: Promise<IDataObject> } {
	const body = buildUploadBody.call(this, itemIndex, upload, settings);
	return { sent: body.whenSent(), document: uploadOne.call(this, itemIndex, body, settings) };
}

async function uploadOne(
	this: IExecuteFunctions,
	itemIndex: number,
	body: MultipartBody,
	settings: UploadSettings,
): Promise<IDataObject> {
	const document = await uploadAndWait.call(this, itemIndex, body, settings);
	assertParsed.call(this, document, itemIndex);
	return document;
}

/** The upload, and with Wait for Parsing the parsed (or failed) document, as the service sent it. */
export async function uploadAndWait(
	this: IExecuteFunctions,
	itemIndex: number,
	body: MultipartBody,
	{ wait, timeoutSeconds, requestTimeoutMs, options }: UploadSettings,
): Promise<IDataObject> {
	const startedAt = Date.now();
	// With Wait for Parsing the service answers once parsing is done: Parsing Timeout bounds it.
	const deadline = wait ? startedAt + timeoutSeconds * 1000 : undefined;
	let document = await affindaApiRequest.call(this, {
		method: 'POST',
		path: DOCUMENTS_PATH,
		body,
		itemIndex,
		advice: UPLOAD_ADVICE,
		timeoutMs: wait ? timeoutSeconds * 1000 : requestTimeoutMs,
		deadline,
		deadlineError: () => parsingTimedOut.call(this, { itemIndex, timeoutSeconds }),
	});
	if (wait) {
		// The service may answer before it has finished parsing; then look until it has.
		document = await waitUntilParsed.call(this, document, {
			itemIndex,
			deadline: deadline ?? startedAt,
			timeoutSeconds,
			requestTimeoutMs,
			qs: options.compact === undefined ? undefined : { compact: options.compact },
		});
	}
	return document;
}

/**
 * When one file of several fails, the error also names the documents the earlier files made,
 * so that nobody uploads them again by re-running the item.
 */
export function alreadyUploaded(
	this: IExecuteFunctions,
	error: unknown,
	uploads: Upload[],
	documents: IDataObject[],
	itemIndex: number,
): unknown {
	if (documents.length === 0 || !(error instanceof Error)) return error;
	const failed = uploads[documents.length];
	// A file parsed but not indexed: how to add it stays with the error.
	const notIndexed = error instanceof NodeOperationError && error.context.notIndexed !== undefined;
	const made = documents
		.map((document, index) => {
			const upload = uploads[index];
			const name = 'file' in upload ? upload.file.fileName : upload.url;
			return `${name} → ${String(document.identifier ?? (document.meta as IDataObject)?.identifier)}`;
		})
		.join(', ');
	return new NodeOperationError(
		this.getNode(),
		`${error.message} (file ${'field' in failed ? failed.field : 'url'})`,
		{
			itemIndex,
			description: `The item's earlier files were uploaded and parsed: ${made}. Re-run only the files that failed, or set Reject Duplicates, so that they are not made twice.${
				notIndexed ? ` ${String((error as NodeOperationError).description)}` : ''
			}`,
		},
	);
}
