import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { affindaApiRequest, PAGE_SIZE } from '../transport';
import { describeAnswer, listFrom, unexpectedAnswer } from './answers';

/** Searchable lists for resource locators. These endpoints answer with whole, unpaged arrays. */

interface Named extends IDataObject {
	identifier: string;
	name?: string;
}

async function getArray(
	this: ILoadOptionsFunctions,
	what: string,
	path: string,
	qs?: IDataObject,
): Promise<Named[]> {
	const answer: unknown = await affindaApiRequest.call(this, { method: 'GET', path, qs });
	return listFrom.call(this, answer, {
		what,
		request: `GET ${path}`,
		fields: { identifier: 'string' },
	}) as Named[];
}

/** Keeps the entries whose name contains the typed filter, sorted by name. */
function matching(items: INodeListSearchItems[], filter?: string): INodeListSearchResult {
	const wanted = filter?.trim().toLowerCase() ?? '';
	return {
		results: items
			.filter((item) => item.name.toLowerCase().includes(wanted))
			.sort((a, b) => a.name.localeCompare(b.name)),
	};
}

/** Every workspace the key can see: those of each of its organizations. */
export async function searchWorkspaces(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const organizations = await getArray.call(this, 'organizations', '/v3/organizations');
	// With several organizations, workspaces of the same name are told apart by their organization.
	const qualify = organizations.length > 1;
	const items: INodeListSearchItems[] = [];
	for (const organization of organizations) {
		const workspaces = await getArray.call(this, 'workspaces', '/v3/workspaces', {
			organization: organization.identifier,
		});
		for (const workspace of workspaces) {
			const name = workspace.name ?? workspace.identifier;
			items.push({
				name: qualify ? `${organization.name ?? organization.identifier} / ${name}` : name,
				value: workspace.identifier,
			});
		}
	}
	return matching(items, filter);
}

/** The document types of the chosen workspace, or all the key can see when none is chosen. */
export async function searchDocumentTypes(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const workspace = this.getCurrentNodeParameter('workspace', { extractValue: true });
	const documentTypes = await getArray.call(
		this,
		'document types',
		'/v3/document_types',
		typeof workspace === 'string' && workspace.trim() !== '' ? { workspace: workspace.trim() } : {},
	);
	return matching(
		documentTypes.map((documentType) => ({
			name: documentType.name ?? documentType.identifier,
			value: documentType.identifier,
		})),
		filter,
	);
}

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
		path: '/v3/documents',
		qs,
	});
	const source = { what: 'documents', request: 'GET /v3/documents', fields: {} };
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
	return await documentsPage.call(this, filter, paginationToken, ['resume']);
}

export async function searchJobDescriptions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await documentsPage.call(this, filter, paginationToken, ['job-description']);
}

/** Resumes and job descriptions: the documents an index holds. */
export async function searchIndexableDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await documentsPage.call(this, filter, paginationToken, ['resume', 'job-description']);
}
