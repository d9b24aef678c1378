import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import {
	affindaApiRequest,
	describeAnswer,
	DOCUMENTS_PATH,
	EXTRACTOR,
	listFrom,
	PAGE_SIZE,
	unexpectedAnswer,
} from '../../shared';

/** Searchable lists for resource locators. */

export { searchDocumentTypes, searchWorkspaces } from '../../shared';

/**
 * Documents whose file name (or tag) contains the filter, newest first as the service orders them;
 * only those of the given extractors, when named (the list endpoint cannot filter by type).
 */
async function documentsPage(
	this: ILoadOptionsFunctions,
	filter: string | undefined,
	paginationToken: string | undefined,
	extractors?: readonly string[],
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const qs: IDataObject = { limit: PAGE_SIZE.documents, offset };
	if (filter?.trim()) qs.search = filter.trim();
	const page: unknown = await affindaApiRequest.call(this, {
		method: 'GET',
		path: DOCUMENTS_PATH,
		qs,
	});
	const source = { what: 'documents', request: `GET ${DOCUMENTS_PATH}`, fields: {} };
	const { results: documents } = (page ?? {}) as IDataObject;
	if (!Array.isArray(documents)) {
		throw unexpectedAnswer.call(this, source, `${describeAnswer(page)}, not a page of results`);
	}
	const wanted = (documents as unknown[]).filter(
		(document) =>
			!extractors || extractors.includes(String((document as IDataObject | null)?.extractor)),
	);
	const metas = listFrom.call(
		this,
		wanted.map((document) => (document as IDataObject | null)?.meta),
		{ ...source, fields: { identifier: 'string' } },
	);
	const results = metas.map(({ identifier, fileName }) => ({
		name: fileName ? `${fileName} (${identifier})` : String(identifier),
		value: String(identifier),
	}));
	return {
		results,
		paginationToken: (page as IDataObject).next ? String(offset + documents.length) : undefined,
	};
}

export async function searchDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await documentsPage.call(this, filter, paginationToken);
}

export async function searchResumes(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await documentsPage.call(this, filter, paginationToken, [EXTRACTOR.resume]);
}

export async function searchJobDescriptions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await documentsPage.call(this, filter, paginationToken, [EXTRACTOR.jobDescription]);
}

/** Resumes and job descriptions: the documents an index holds. */
export async function searchIndexableDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await documentsPage.call(this, filter, paginationToken, [
		EXTRACTOR.resume,
		EXTRACTOR.jobDescription,
	]);
}
