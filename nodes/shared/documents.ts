/** Where the service keeps documents: every node that reads or writes one goes through here. */
export const DOCUMENTS_PATH = '/v3/documents';

/** One document's path, its identifier encoded. */
export function documentPath(identifier: string): string {
	return `${DOCUMENTS_PATH}/${encodeURIComponent(identifier)}`;
}
