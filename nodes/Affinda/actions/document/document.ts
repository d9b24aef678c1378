import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InvalidParameterError } from '../../helpers/errors';

/** What the document operations share at run time: paths, identifiers and the output shape. */

export const DOCUMENTS_PATH = '/v3/documents';

export function documentPath(identifier: string): string {
	return `${DOCUMENTS_PATH}/${encodeURIComponent(identifier)}`;
}

/** What a resource locator holds, whether n8n hands it over as `{mode, value}` or as is. */
function locatorContent(value: unknown): unknown {
	return typeof value === 'object' && value !== null ? (value as IDataObject).value : value;
}

/** The identifier in a resource locator (or a text parameter), trimmed; empty when there is none. */
export function locatorValue(value: unknown): string {
	const content = locatorContent(value);
	return typeof content === 'string' || typeof content === 'number' ? String(content).trim() : '';
}

/** An identifier the request cannot do without. */
export function requiredIdentifier(
	label: string,
	field: string,
	value: unknown,
	allowed: string,
): string {
	const identifier = locatorValue(value);
	if (identifier === '') {
		throw new InvalidParameterError(label, field, locatorContent(value), allowed);
	}
	return identifier;
}

/** The Document parameter of Get, Delete and Update Data. */
export function readDocumentIdentifier(this: IExecuteFunctions, itemIndex: number): string {
	const value = this.getNodeParameter('identifier', itemIndex);
	return requiredIdentifier('Document', 'identifier', value, 'a document identifier');
}

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

/** Parsing is over, one way or the other. */
export function isSettled(document: IDataObject): boolean {
	return metaOf(document).ready === true || parseFailureOf(document) !== undefined;
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

/** The document as the Simplify parameter asks. */
export function documentOutput(
	this: IExecuteFunctions,
	itemIndex: number,
	document: IDataObject,
): IDataObject {
	return this.getNodeParameter('simplify', itemIndex) ? simplifyDocument(document) : document;
}
