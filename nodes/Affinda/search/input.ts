import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InvalidParameterError } from '../helpers/errors';
import { buildCriteriaBody, CRITERIA_COLLECTIONS, toTextList, type SearchBody } from './criteria';

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
	const indices = value === undefined || value === null ? [] : toTextList(value);
	if (indices.length === 0) {
		throw new InvalidParameterError(
			'Index Names or IDs',
			'indices',
			value,
			'at least one index name',
		);
	}
	return indices;
}

/** A document identifier the body or path refers to. */
export function toIdentifier(label: string, field: string, value: unknown): string {
	const identifier = typeof value === 'string' ? value.trim() : '';
	if (identifier === '')
		throw new InvalidParameterError(label, field, value, 'a document identifier');
	return identifier;
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
