import type { IDataObject } from 'n8n-workflow';

/** Parsed Data: the document's metadata and its data (or why parsing failed), for every node. */

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
