/** Facts about the service that more than one place uses: where things live, and document kinds. */

/** Where the service keeps documents. */
export const DOCUMENTS_PATH = '/v3/documents';

/** One document's path, its identifier encoded. */
export function documentPath(identifier: string): string {
	return `${DOCUMENTS_PATH}/${encodeURIComponent(identifier)}`;
}

/** Where the service keeps search indices. */
export const INDICES_PATH = '/v3/index';

/** A document's `extractor`: the kind of document Affinda parsed it as. */
export const EXTRACTOR = {
	resume: 'resume',
	jobDescription: 'job-description',
} as const;
