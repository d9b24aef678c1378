import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalid, readNameList } from '../helpers/parameters';
import { buildCriteriaBody, CRITERIA_COLLECTIONS, type SearchBody } from './criteria';

/** Reads the three criteria collections of one item into one record keyed by wire field. */
export function readCriteriaValues(
	this: IExecuteFunctions,
	itemIndex: number,
	collections = CRITERIA_COLLECTIONS,
): IDataObject {
	const values: IDataObject = {};
	for (const collection of collections) {
		Object.assign(values, this.getNodeParameter(collection, itemIndex, {}) as IDataObject);
	}
	return values;
}

/** `indices` is required by both search bodies: a non-empty list of index names. */
export function toIndices(value: unknown): string[] {
	const parameter = { displayName: 'Index Names or IDs', name: 'indices' };
	const allowed = 'at least one index name';
	const indices = readNameList(parameter, value, allowed);
	if (indices.length === 0) invalid(parameter, value, allowed);
	return indices;
}

/** The search body: indices, the document to match against if any, and the criteria. */
export function buildSearchBody(
	body: SearchBody,
	indices: unknown,
	match: IDataObject,
	criteria: IDataObject,
): IDataObject {
	return { indices: toIndices(indices), ...match, ...buildCriteriaBody(body, criteria) };
}
