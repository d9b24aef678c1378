import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readIdentifier } from '../../../shared/readers';
import { INDICES_PATH, pathSegment } from '../../../shared/service';
import { requestForItem } from '../../../shared/transport/itemRequest';
import type { RequestAdvice } from '../../../shared/transport/types';
import { parsedDocumentLocator } from '../common.descriptions';

/** Parameters the index operations share, defined once, with their readers. */

/** What an index holds (its `docType`): Create offers them in this order, resumes first. */
export const INDEX_DOCUMENT_TYPES = [
	{ name: 'Resumes', value: 'resumes' },
	{ name: 'Job Descriptions', value: 'job_descriptions' },
];

export const indexParameter: INodeProperties = {
	displayName: 'Index Name or ID',
	name: 'indexName',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getAllIndices' },
	required: true,
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/** A resume or job description in an index, `description` saying what is done with it. */
export function indexDocumentParameter(description: string): INodeProperties {
	return {
		...parsedDocumentLocator('Document', 'document', 'indexable', description),
		required: true,
	};
}

/** The document an index operation acts on (`parameter`: its indexDocumentParameter). */
export function readIndexDocument(
	this: IExecuteFunctions,
	parameter: INodeProperties,
	itemIndex: number,
): string {
	return readIdentifier(
		parameter,
		this.getNodeParameter('document', itemIndex),
		'a document identifier',
	);
}

export function readIndexName(this: IExecuteFunctions, itemIndex: number): string {
	return readIdentifier(
		indexParameter,
		this.getNodeParameter('indexName', itemIndex),
		'an index name',
	);
}

/** One index's path, its name encoded. */
export function indexPath(name: string): string {
	return `${INDICES_PATH}/${pathSegment(name)}`;
}

/** The index of this name, if Affinda has one. */
export async function findIndex(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
	advice?: RequestAdvice,
): Promise<IDataObject | undefined> {
	const page = await requestForItem.call(this, {
		method: 'GET',
		path: INDICES_PATH,
		qs: { name, limit: 1 },
		itemIndex,
		advice,
	});
	const results = Array.isArray(page.results) ? (page.results as IDataObject[]) : [];
	return results.find((index) => index?.name === name);
}
