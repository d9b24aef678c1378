import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listFrom } from '../Affinda/methods/answers';
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
	const organizations = listFrom.call(this, answer, {
		what: 'organizations',
		request: 'GET /v3/organizations',
		fields: { identifier: 'string' },
	});
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = organizations
		.map((organization) => ({
			name: String(organization.name ?? organization.identifier),
			value: String(organization.identifier),
		}))
		.filter((organization) => organization.name.toLowerCase().includes(wanted))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}
