import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { describeAnswer, listFrom, unexpectedAnswer } from '../../shared/listAnswers';
import { byName, namedEntries, searchWorkspaces } from '../../shared/listSearch';
import { documentKind, type DocumentKind } from '../../shared/output/kind';
import { DOCUMENTS_PATH } from '../../shared/service';
import { PAGE_SIZE } from '../../shared/transport/pager';
import { affindaApiRequest } from '../../shared/transport/request';
import { readTags } from '../helpers/tags';

/** Searchable lists for resource locators. */

export {
	searchDocumentTypes,
	searchOrganizations,
	searchWorkspaces,
} from '../../shared/listSearch';

/**
 * Documents whose file name (or tag) contains the filter, newest first as the service orders them;
 * only those of the given kinds, when named (the list endpoint cannot filter by type). A kind is
 * told by extractor, its collection's extractor and base extractor (documentKind): NextGen resumes
 * (`resume-v4`, …) are resumes.
 */
async function documentsPage(
	this: ILoadOptionsFunctions,
	filter: string | undefined,
	paginationToken: string | undefined,
	kinds?: readonly DocumentKind[],
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
		(document) => !kinds || kinds.includes(documentKind((document ?? {}) as IDataObject)),
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
	return await documentsPage.call(this, filter, paginationToken, ['jobDescription']);
}

/** Resumes and job descriptions: the documents an index holds. */
export async function searchIndexableDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await documentsPage.call(this, filter, paginationToken, ['resume', 'jobDescription']);
}

/**
 * Collections of the workspace chosen beside the picker (Update Fields → Workspace), or of every
 * workspace the key can see, named "Workspace / Collection" then. The list needs a workspace.
 */
export async function searchCollections(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const fields = (this.getCurrentNodeParameter('updateFields') ?? {}) as IDataObject;
	const picked = fields.workspace as IDataObject | string | undefined;
	const chosen = typeof picked === 'object' && picked !== null ? picked.value : picked;
	let workspaces: Array<{ identifier: string; name?: string }>;
	if (typeof chosen === 'string' && chosen.trim() !== '') {
		workspaces = [{ identifier: chosen.trim() }];
	} else {
		workspaces = [];
		for (const organization of await namedEntries.call(
			this,
			'organizations',
			'/v3/organizations',
		)) {
			workspaces.push(
				...(await namedEntries.call(this, 'workspaces', '/v3/workspaces', {
					organization: organization.identifier,
				})),
			);
		}
	}
	const items = [];
	for (const workspace of workspaces) {
		const collections = await namedEntries.call(this, 'collections', '/v3/collections', {
			workspace: workspace.identifier,
		});
		for (const collection of collections) {
			const name = collection.name ?? collection.identifier;
			items.push({
				name: workspaces.length > 1 ? `${workspace.name ?? workspace.identifier} / ${name}` : name,
				value: collection.identifier,
			});
		}
	}
	return byName(items, filter);
}

/**
 * Tags whose name contains the filter, each named with its workspace (tags of one name live in
 * several workspaces); only the chosen Workspace's, when one is chosen.
 */
export async function searchTags(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	// Read as it is: not every operation listing tags has a Workspace to extract a value from.
	const workspace = this.getCurrentNodeParameter('workspace') as IDataObject | string | undefined;
	const value = typeof workspace === 'object' && workspace !== null ? workspace.value : workspace;
	const chosen = typeof value === 'string' && !value.startsWith('=') ? value.trim() : '';
	const [tags, workspaces] = await Promise.all([
		readTags.call(this, chosen ? { workspace: chosen } : {}),
		searchWorkspaces.call(this),
	]);
	const workspaceNames = new Map(workspaces.results.map(({ name, value }) => [value, name]));
	return byName(
		tags.map((tag) => ({
			name: `${tag.name} (${workspaceNames.get(tag.workspace) ?? tag.workspace})`,
			value: String(tag.id),
		})),
		filter,
	);
}
