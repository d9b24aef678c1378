import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { affindaApiRequest } from '../Affinda/transport';

export { searchWorkspaces } from '../Affinda/methods/listSearch';

/** The organizations the API key's user belongs to (an unpaged array), sorted by name. */
export async function searchOrganizations(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const answer: unknown = await affindaApiRequest.call(this, {
		method: 'GET',
		path: '/v3/organizations',
	});
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = (Array.isArray(answer) ? (answer as IDataObject[]) : [])
		.map((organization) => ({
			name: String(organization.name ?? organization.identifier),
			value: String(organization.identifier),
		}))
		.filter((organization) => organization.name.toLowerCase().includes(wanted))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}
