import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { byName, namedEntries } from '../shared/listSearch';

/** The polling trigger's searchable lists. */
export { searchDocumentTypes, searchWorkspaces } from '../shared/listSearch';

/** Every collection the key can see, named with its workspace. */
export async function searchCollections(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const organizations = await namedEntries.call(this, 'organizations', '/v3/organizations');
	const items = [];
	for (const organization of organizations) {
		const workspaces = await namedEntries.call(this, 'workspaces', '/v3/workspaces', {
			organization: organization.identifier,
		});
		for (const workspace of workspaces) {
			const collections = await namedEntries.call(this, 'collections', '/v3/collections', {
				workspace: workspace.identifier,
			});
			for (const collection of collections) {
				items.push({
					name: `${workspace.name ?? workspace.identifier} / ${collection.name ?? collection.identifier}`,
					value: collection.identifier,
				});
			}
		}
	}
	return byName(items, filter);
}
