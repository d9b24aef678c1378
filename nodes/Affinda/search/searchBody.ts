import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { buildCriteriaBody } from './criteriaBody';
import { type SearchBody } from './criteria';
import { criteriaFor, facetLabel, isTuning } from './facets';
import { toIndices } from './indices';
import { toolCriteriaFor } from './searchProperties';
import { invalid, readNameList, readOptionalText } from '../../shared/readers';

/**
 * Reads an item's criteria (one entry per criterion) into one record keyed by wire field.
 * `tuningOnly` keeps the Required switches and Weights, which tune a search against a job
 * description or a resume.
 */
export function readCriteriaValues(
	this: IExecuteFunctions,
	itemIndex: number,
	body: SearchBody,
	tuningOnly = false,
): IDataObject {
	const entries = this.getNodeParameter('criteria', itemIndex, {}) as IDataObject;
	const values: IDataObject = {};
	for (const criterion of criteriaFor(body)) {
		const entry = entries[criterion.key];
		if (typeof entry !== 'object' || entry === null) continue;
		for (const facet of criterion.facets) {
			if (tuningOnly && !isTuning(facet)) continue;
			const value = (entry as IDataObject)[facet.name];
			// A switch left off, an empty weight or number: nothing the user set, so nothing is sent.
			if (value === undefined || value === null) continue;
			if (facet.kind === 'flag' && value === false) continue;
			values[facet.name] = value;
		}
	}
	return values;
}

/**
 * Adds what the model gave for the tool's criteria (toolCriteriaFor) to the criteria values. A
 * criterion set both there and in Criteria is refused rather than one silently winning.
 */
export function addToolCriteria(
	this: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	body: SearchBody = 'resumeSearch',
): IDataObject {
	const labels = Object.fromEntries(
		criteriaFor(body).flatMap((criterion) =>
			criterion.facets.map((facet) => [facet.name, facetLabel(criterion, facet)]),
		),
	);
	const merged = { ...values };
	for (const { name, displayName } of toolCriteriaFor(body)) {
		const parameter = { displayName, name };
		const value = this.getNodeParameter(name, itemIndex, '') as unknown;
		const given = readOptionalText(parameter, Array.isArray(value) ? value.join(',') : value);
		if (given === undefined) continue;
		if (merged[name] !== undefined) {
			invalid(parameter, value, `empty while Criteria › ${labels[name]} is set`);
		}
		// Text as a model writes it, in the shape the criterion's own parameter would hold.
		if (name === 'skills') {
			merged.skills = readNameList(parameter, given).map((skill) => ({
				name: skill,
				required: false,
			}));
		} else if (name === 'locations') {
			merged.locations = [{ place: given }];
		} else {
			merged[name] = given;
		}
	}
	return merged;
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
