import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { listFrom } from './listAnswers';
import { affindaApiRequest } from './transport/request';

/**
 * The searchable lists every Affinda node offers: organizations and workspaces. These endpoints
 * answer with whole, unpaged arrays of entries carrying an `identifier` and usually a `name`.
 */

export interface NamedEntry extends IDataObject {
	identifier: string;
	name?: string;
}

/** Every entry of an unpaged list, checked to carry an identifier. */
export async function namedEntries(
	this: ILoadOptionsFunctions,
	what: string,
	path: string,
	qs?: IDataObject,
): Promise<NamedEntry[]> {
	const answer: unknown = await affindaApiRequest.call(this, { method: 'GET', path, qs });
	return listFrom.call(this, answer, {
		what,
		request: `GET ${path}`,
		fields: { identifier: 'string' },
	}) as NamedEntry[];
}

/** Keeps the entries whose name contains the typed filter, sorted by name. */
export function byName(items: INodeListSearchItems[], filter?: string): INodeListSearchResult {
	const wanted = filter?.trim().toLowerCase() ?? '';
	return {
		results: items
			.filter((item) => item.name.toLowerCase().includes(wanted))
			.sort((a, b) => a.name.localeCompare(b.name)),
	};
}

/** The organizations the API key's user belongs to, sorted by name. */
export async function searchOrganizations(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const organizations = await namedEntries.call(this, 'organizations', '/v3/organizations');
	return byName(
		organizations.map((organization) => ({
			name: String(organization.name ?? organization.identifier),
			value: String(organization.identifier),
		})),
		filter,
	);
}

/** Every workspace the key can see: those of each of its organizations. */
export async function searchWorkspaces(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const organizations = await namedEntries.call(this, 'organizations', '/v3/organizations');
	// With several organizations, workspaces of the same name are told apart by their organization.
	const qualify = organizations.length > 1;
	const items: INodeListSearchItems[] = [];
	for (const organization of organizations) {
		const workspaces = await namedEntries.call(this, 'workspaces', '/v3/workspaces', {
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
	return byName(items, filter);
}

/** The document types of the chosen workspace, or all the key can see when none is chosen. */
export async function searchDocumentTypes(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const workspace = this.getCurrentNodeParameter('workspace', { extractValue: true });
	const documentTypes = await namedEntries.call(
		this,
		'document types',
		'/v3/document_types',
		typeof workspace === 'string' && workspace.trim() !== '' ? { workspace: workspace.trim() } : {},
	);
	return byName(
		documentTypes.map((documentType) => ({
			name: documentType.name ?? documentType.identifier,
			value: documentType.identifier,
		})),
		filter,
	);
}
