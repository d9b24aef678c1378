import type { IDataObject } from 'n8n-workflow';

import { metaOf, parseFailureOf } from '../service';

/**
 * Parsed Data, for every node. At most ten fields: the metadata a workflow routes on, and the
 * parsed data (or, for a document that failed, why).
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
