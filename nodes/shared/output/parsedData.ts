import type { IDataObject } from 'n8n-workflow';

import { readOutput, readRowOptions, type OutputChoice } from './outputProperties';
import { documentRow, type RowOptions } from './row';

/** Parsed Data (the document's metadata and data) and the shaping Output asks for, for every node. */

export function metaOf(document: IDataObject): IDataObject {
	return (document.meta ?? {}) as IDataObject;
}

export interface ParseFailure extends IDataObject {
	errorCode: string | null;
	errorDetail: string | null;
}

/**
 * Why parsing failed, if it did: `meta.failed`, or an `error` whose code or detail is set (the
 * service sends `error: {errorCode: null, errorDetail: null}` for documents that parsed well).
 */
export function parseFailureOf(document: IDataObject): ParseFailure | undefined {
	const meta = metaOf(document);
	const error = (document.error ?? {}) as IDataObject;
	const errorCode = (error.errorCode ?? meta.errorCode ?? null) as string | null;
	const errorDetail = (error.errorDetail ?? meta.errorDetail ?? null) as string | null;
	if (meta.failed !== true && !errorCode && !errorDetail) return undefined;
	return { errorCode, errorDetail };
}

/**
 * At most ten fields: the metadata a workflow routes on, and the parsed data (or, for a document
 * that failed, why).
 */
export function simplifyDocument(document: IDataObject): IDataObject {
	const meta = metaOf(document);
	const failure = parseFailureOf(document);
	return {
		identifier: meta.identifier,
		customIdentifier: meta.customIdentifier ?? null,
		fileName: meta.fileName ?? null,
		extractor: document.extractor ?? null,
		documentType: meta.documentType ?? null,
		workspace: meta.workspace ?? null,
		ready: meta.ready ?? false,
		failed: failure !== undefined,
		reviewUrl: meta.reviewUrl ?? null,
		...(failure ? { error: failure } : { data: document.data ?? null }),
	};
}

/** What Output makes of a document: a row, Parsed Data, or the answer unchanged. */
export function documentShaper(
	choice: OutputChoice,
	rowOptions?: RowOptions,
): (document: IDataObject) => IDataObject {
	if (choice === 'raw') return (document) => document;
	if (choice === 'document') return simplifyDocument;
	return (document) => documentRow(document, rowOptions);
}

/** A trigger's Output and Options as a shaper of the document it fetched (checked first). */
export function readDocumentShaper(
	output: unknown,
	options: unknown,
): (document: IDataObject) => IDataObject {
	const choice = readOutput(output);
	return documentShaper(choice, choice === 'row' ? readRowOptions(options) : undefined);
}
