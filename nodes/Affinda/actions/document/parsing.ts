import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { affindaApiRequest } from '../../../shared/transport/request';
import { documentPath, isSettled, metaOf, parseFailureOf, UPLOAD_ADVICE } from './document';

/** Waiting for a document to be parsed, and telling a parse that failed from one that worked. */

/** The first look comes soon (small files parse in seconds); later ones spread out. */
const POLLING = { firstDelayMs: 1000, growth: 1.5, maxDelayMs: 10_000 };

export interface PollingOptions {
	itemIndex: number;
	/** When Parsing Timeout runs out (epoch ms), counted from the start of the upload. */
	deadline: number;
	timeoutSeconds: number;
	/** The item's Request Timeout: no single look waits longer. */
	requestTimeoutMs: number;
	/** Query parameters for each look, so it answers in the shape the upload asked for. */
	qs?: IDataObject;
}

/** Parsing Timeout ran out: the document exists (or may), and the item fails saying how to find it. */
export function parsingTimedOut(
	this: IExecuteFunctions,
	{
		itemIndex,
		timeoutSeconds,
		identifier,
	}: { itemIndex: number; timeoutSeconds: number; identifier?: string },
): NodeOperationError {
	if (identifier === undefined) {
		return new NodeOperationError(
			this.getNode(),
			`Affinda had not answered the upload when the Parsing Timeout of ${timeoutSeconds} s ran out`,
			{
				itemIndex,
				description: `${UPLOAD_ADVICE.ifUncertain} To wait longer, raise Parsing Timeout.`,
			},
		);
	}
	return new NodeOperationError(
		this.getNode(),
		`Affinda had not finished parsing document ${identifier} when the Parsing Timeout of ${timeoutSeconds} s ran out`,
		{
			itemIndex,
			description: `The document was uploaded and is still being parsed. Raise Parsing Timeout, or turn off Wait for Parsing and fetch it later with Document → Get using identifier ${identifier}.`,
		},
	);
}

/**
 * Looks at the document (`GET /v3/documents/{identifier}`) until it is ready or has failed, or
 * until the deadline has passed, which is an error for the item. Each look, its retries and the
 * pause before it end by the deadline, so the wait never runs more than a moment past it.
 */
export async function waitUntilParsed(
	this: IExecuteFunctions,
	uploaded: IDataObject,
	{ itemIndex, deadline, timeoutSeconds, requestTimeoutMs, qs }: PollingOptions,
): Promise<IDataObject> {
	const identifier = metaOf(uploaded).identifier;
	if (typeof identifier !== 'string' || identifier === '') {
		throw new NodeOperationError(
			this.getNode(),
			`Affinda's answer to the upload names no document identifier`,
			{ itemIndex, description: 'Without one the node cannot look for the parsed document.' },
		);
	}
	let document = uploaded;
	let delayMs = POLLING.firstDelayMs;
	while (!isSettled(document)) {
		const remainingMs = deadline - Date.now();
		if (remainingMs <= 0)
			throw parsingTimedOut.call(this, { itemIndex, timeoutSeconds, identifier });
		await sleep(Math.min(delayMs, remainingMs));
		delayMs = Math.min(delayMs * POLLING.growth, POLLING.maxDelayMs);
		document = await affindaApiRequest.call(this, {
			method: 'GET',
			path: documentPath(identifier),
			qs,
			itemIndex,
			timeoutMs: requestTimeoutMs,
			deadline,
			// A look cut short by the deadline is the timeout, not a fault of its own.
			deadlineError: () => parsingTimedOut.call(this, { itemIndex, timeoutSeconds, identifier }),
		});
	}
	return document;
}

/** What to do about the failure codes the service documents. */
const FAILURE_HINTS: Record<string, string> = {
	duplicate_document_error:
		'Affinda already has this file. Turn off Reject Duplicates to parse it again.',
	file_corrupted: 'The file could not be read. Check that it opens, then upload it again.',
	file_too_large: 'The file is larger than Affinda accepts. Upload a smaller file.',
	invalid_file_type: 'Upload a PDF, Word, text, HTML, image or spreadsheet file.',
	no_parsing_credits:
		'The Affinda account has no parsing credits left. Add credits, then upload again.',
	no_text_found: 'No text was found. If the file is a scan, turn on Use OCR.',
	password_protected: 'Remove the password from the file, then upload it again.',
};

/** A document whose parsing failed is an error for its item, with the service's code and detail. */
export function assertParsed(
	this: IExecuteFunctions,
	document: IDataObject,
	itemIndex: number,
): void {
	const failure = parseFailureOf(document);
	if (!failure) return;
	const { identifier } = metaOf(document);
	const detail = failure.errorDetail ?? 'no reason given';
	const code = failure.errorCode ? ` (${failure.errorCode})` : '';
	const hint =
		(failure.errorCode && FAILURE_HINTS[failure.errorCode]) ??
		'Open the document in Affinda to see more.';
	const error = new NodeOperationError(
		this.getNode(),
		`Affinda could not parse document ${String(identifier)}: ${detail}${code}`,
		{ itemIndex, description: hint },
	);
	Object.assign(error.context, failure, { identifier });
	throw error;
}
