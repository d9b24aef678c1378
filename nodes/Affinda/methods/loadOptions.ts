import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import {
	describeAnswer,
	listFrom,
	unexpectedAnswer,
	type ListSource,
} from '../../shared/listAnswers';
import { ANNOTATIONS_PATH, INDICES_PATH } from '../../shared/service';
import { affindaApiRequestAllPages, PAGE_SIZE } from '../../shared/transport/pager';
import { affindaApiRequest } from '../../shared/transport/request';

async function indicesOfType(
	this: ILoadOptionsFunctions,
	documentType?: 'resumes' | 'job_descriptions',
): Promise<INodePropertyOptions[]> {
	const results = await affindaApiRequestAllPages.call(this, {
		method: 'GET',
		path: INDICES_PATH,
		qs: documentType
			? { document_type: documentType, limit: PAGE_SIZE.indices }
			: { limit: PAGE_SIZE.indices },
	});
	const indices = listFrom.call(this, results, {
		what: 'indices',
		request: `GET ${INDICES_PATH}`,
		fields: { name: 'string' },
	});
	return indices
		.map((index) => ({ name: index.name as string, value: index.name as string }))
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

const OCCUPATION_GROUPS: ListSource = {
	what: 'occupation groups',
	request: 'GET /v3/occupation_groups',
	fields: { code: 'number', name: 'string' },
};

/**
 * The occupation group tree as the service groups it: each group right after its parent, named
 * with its parents ("Professionals › ICT Professionals (261)"), so the dropdown reads as the tree
 * and typing a group's name finds it and everything under it. Every group is a `socCodes` value.
 */
export async function getOccupationGroups(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const roots: unknown = await affindaApiRequest.call(this, {
		method: 'GET',
		path: '/v3/occupation_groups',
	});
	const options: INodePropertyOptions[] = [];
	const visit = (groups: unknown, parents: string[]) => {
		for (const group of listFrom.call(this, groups, OCCUPATION_GROUPS)) {
			const path = [...parents, String(group.name)];
			const name = `${path.join(' › ')} (${group.code})`;
			options.push({ name, value: group.code as number });
			// The published schema requires `children`; a leaf without it is still a leaf.
			if (group.children === undefined) continue;
			if (!Array.isArray(group.children)) {
				throw unexpectedAnswer.call(
					this,
					OCCUPATION_GROUPS,
					`a group "${name}" whose children are ${describeAnswer(group.children)}, not a list`,
				);
			}
			visit(group.children, path);
		}
	};
	visit(roots, []);
	return options;
}

/**
 * The fields of the document picked in the panel (Annotation → Get Many's filter), each once, as
 * its annotations name them. None until a document is picked.
 */
export async function getAnnotationFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const document = this.getCurrentNodeParameter('identifier', { extractValue: true });
	if (typeof document !== 'string' || document.trim() === '') return [];
	const annotations = await affindaApiRequestAllPages.call(this, {
		method: 'GET',
		path: ANNOTATIONS_PATH,
		qs: { document: document.trim() },
	});
	const fields = new Set<string>();
	for (const annotation of annotations) {
		const field = annotation.field ?? annotation.dataPoint;
		if (typeof field === 'string' && field !== '') fields.add(field);
	}
	return [...fields].sort().map((field) => ({ name: field, value: field }));
}
