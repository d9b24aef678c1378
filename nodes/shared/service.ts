import type { IDataObject } from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

/** Facts about the service that more than one place uses: where things live, and document kinds. */

/** Where the service keeps documents. */
export const DOCUMENTS_PATH = '/v3/documents';

/**
 * A value as one segment of a path: encoded, and never "." or "..", which a URL resolves to
 * another path even encoded. Parameters are refused before this; an identifier that comes from
 * the service or an event is stopped here.
 */
export function pathSegment(value: string): string {
	if (value === '.' || value === '..') {
		throw new UserError(`"${value}" is no identifier: in a path it would address another one`);
	}
	return encodeURIComponent(value);
}

/** One document's path, its identifier encoded. */
export function documentPath(identifier: string): string {
	return `${DOCUMENTS_PATH}/${pathSegment(identifier)}`;
}

/** Where the service keeps search indices. */
export const INDICES_PATH = '/v3/index';

/** A document's parsed values (`?document=`), and what its validation rules say of it. */
export const ANNOTATIONS_PATH = '/v3/annotations';
export const VALIDATION_RESULTS_PATH = '/v3/validation_results';

/** Where the service keeps tags (a workspace's labels for documents). */
export const TAGS_PATH = '/v3/tags';

// Which kind a document is (resume, job description, other) is told by output/kind.ts, from its
// extractor and its collection's: NextGen's `resume-v4` is a resume too.

/** A document's metadata, and why its parsing failed (if it did), as the service sends them. */

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
