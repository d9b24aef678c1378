import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { affindaApiRequest, affindaApiRequestAllPages } from '../transport';

/** The service's largest page for list endpoints. */
const LIST_PAGE_SIZE = 100;

async function indicesOfType(
	this: ILoadOptionsFunctions,
	documentType?: 'resumes' | 'job_descriptions',
): Promise<INodePropertyOptions[]> {
	const indices = await affindaApiRequestAllPages.call(this, {
		method: 'GET',
		path: '/v3/index',
		qs: documentType
			? { document_type: documentType, limit: LIST_PAGE_SIZE }
			: { limit: LIST_PAGE_SIZE },
	});
	return indices
		.map((index) => ({ name: String(index.name), value: String(index.name) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

export async function getAllIndices(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await indicesOfType.call(this);
}

export async function getResumeIndices(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await indicesOfType.call(this, 'resumes');
}

export async function getJobDescriptionIndices(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await indicesOfType.call(this, 'job_descriptions');
}

interface OccupationGroup extends IDataObject {
	code: number;
	name: string;
	children?: OccupationGroup[];
}

/** The occupation group tree, flattened: every group can be a `socCodes` value. */
export async function getOccupationGroups(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const roots = (await affindaApiRequest.call(this, {
		method: 'GET',
		path: '/v3/occupation_groups',
	})) as unknown as OccupationGroup[];
	const options: INodePropertyOptions[] = [];
	const visit = (groups: OccupationGroup[] | undefined) => {
		for (const group of groups ?? []) {
			options.push({ name: `${group.name} (${group.code})`, value: group.code });
			visit(group.children);
		}
	};
	visit(roots);
	return options.sort((a, b) => a.name.localeCompare(b.name));
}
