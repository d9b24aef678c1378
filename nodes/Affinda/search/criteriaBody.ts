import type { IDataObject } from 'n8n-workflow';

import { InvalidParameterError } from '../../shared/errors';
import {
	invalid,
	isBlank,
	numberOf,
	readJsonObject,
	readOptionalText,
	type Parameter,
} from '../../shared/readers';
import { toWireValue, type WireRow } from '../../shared/wireRows';
import { ENTRY_ROWS, type Criterion, type Facet, type SearchBody } from './criteria';
import { facetLabel, facetsFor } from './facets';
import { ENTRY } from './searchProperties';

/**
 * The criteria part of a search body, from the criteria values keyed by wire field. Each value is
 * read by its facet's kind and checked against its bounds (shared/wireRows' toWireValue, as every
 * row's value is; repeated entries field by field); an error names the facet as the panel shows
 * it and its wire path.
 */

/** A facet's value as shared/readers.ts reads it: its panel label and its wire path. */
function parameterOf(criterion: Criterion, facet: Facet): Parameter {
	return { displayName: facetLabel(criterion, facet), name: facet.name };
}

/** One field of one entry of a repeated facet, e.g. "Skills 2 › Name" (skills[1].name). */
function entryParameter(facet: Facet, index: number, key: string, keyLabel: string): Parameter {
	return {
		displayName: `${facet.displayName} ${index + 1} › ${keyLabel}`,
		name: `${facet.name}[${index}].${key}`,
	};
}

/** One field of one entry, read by its row's kind and named as the panel shows it. */
function entryValue(facet: Facet, index: number, row: WireRow, value: unknown): unknown {
	return toWireValue(row, value, entryParameter(facet, index, row.name, row.displayName));
}

/** Nothing set, or an empty list: a criterion left so asks nothing. */
function isUnsetOrEmpty(value: unknown): boolean {
	return isBlank(value) || (Array.isArray(value) && value.length === 0);
}

/** Repeated entries of a fixed collection: `{ entry: [...] }`, or a plain array from an expression. */
function entriesOf(value: unknown, entry: string): IDataObject[] {
	if (Array.isArray(value)) return value as IDataObject[];
	const entries = (value as IDataObject | undefined)?.[entry];
	return Array.isArray(entries) ? (entries as IDataObject[]) : [];
}

function toNameFilters(facet: Facet, value: unknown): IDataObject[] {
	return entriesOf(value, ENTRY.nameFilters).map((filter, index) => {
		const nameParameter = entryParameter(facet, index, 'name', 'Name');
		const name = readOptionalText(nameParameter, filter.name, 'a name');
		if (name === undefined) invalid(nameParameter, filter.name, 'a name');
		const required = isUnsetOrEmpty(filter.required)
			? false
			: (entryValue(facet, index, ENTRY_ROWS.required, filter.required) as boolean);
		return { name, required };
	});
}

const COORDINATES = 'latitude (-90 to 90) and longitude (-180 to 180), separated by a comma';

/** Two numbers, as text ("-33.86, 151.2") or an object; undefined when not a pair of numbers. */
function numberPair(value: unknown): [number, number] | undefined {
	const pair =
		typeof value === 'object' && value !== null && !Array.isArray(value)
			? [(value as IDataObject).latitude, (value as IDataObject).longitude]
			: typeof value === 'string'
				? value.split(',')
				: [];
	if (pair.length !== 2) return undefined;
	const [latitude, longitude] = pair.map(numberOf);
	return latitude === undefined || longitude === undefined ? undefined : [latitude, longitude];
}

/** Latitude and longitude within their ranges; undefined otherwise. */
function coordinatesOf(value: unknown): IDataObject | undefined {
	const pair = numberPair(value);
	if (!pair || Math.abs(pair[0]) > 90 || Math.abs(pair[1]) > 180) return undefined;
	return { latitude: pair[0], longitude: pair[1] };
}

function toLocations(facet: Facet, value: unknown): IDataObject[] {
	return entriesOf(value, ENTRY.locations).map((entry, index) => {
		const parameter = (key: string, keyLabel: string) =>
			entryParameter(facet, index, key, keyLabel);
		const location: IDataObject = {};
		if (!isUnsetOrEmpty(entry.place)) {
			// One field for both: "Sydney, Australia" is a name, "-33.86, 151.2" a pair of coordinates;
			// two numbers are always coordinates, so "91, 0" is refused rather than sent as a name.
			const placeParameter = parameter('place', 'Place');
			const place = readOptionalText(placeParameter, entry.place, 'a place name');
			if (numberPair(place) === undefined) location.name = place;
			else
				location.coordinates =
					coordinatesOf(place) ?? invalid(placeParameter, place, `a place name, or ${COORDINATES}`);
		}
		if (location.name === undefined && location.coordinates === undefined) {
			invalid(parameter('place', 'Place'), entry.place, 'a place name or coordinates');
		}
		const unit = entryValue(facet, index, ENTRY_ROWS.unit, entry.unit);
		if (!isUnsetOrEmpty(entry.distance)) {
			location.distance = entryValue(facet, index, ENTRY_ROWS.distance, entry.distance) as number;
			// A unit means something only with a distance.
			if (unit !== undefined) location.unit = unit as string;
		}
		return location;
	});
}

function toCustomData(facet: Facet, value: unknown): IDataObject[] {
	return entriesOf(value, ENTRY.customData).map((entry, index) => {
		const parameter = (key: string, keyLabel: string) =>
			entryParameter(facet, index, key, keyLabel);
		const dataPoint = readOptionalText(parameter('dataPoint', 'Data Point'), entry.dataPoint);
		if (dataPoint === undefined)
			invalid(parameter('dataPoint', 'Data Point'), entry.dataPoint, 'a data point slug');
		const filterType =
			entryValue(facet, index, ENTRY_ROWS.filterType, entry.filterType) ?? 'equals';
		const queryParameter = parameter('query', 'Query');
		const query = readJsonObject(
			queryParameter,
			entry.query,
			'a JSON object such as {"value": true} or {"gte": 1, "lte": 5}',
		);
		if (filterType === 'equals') {
			const allowed = '{"value": ...} with a boolean, string or number';
			if (!['boolean', 'string', 'number'].includes(typeof query.value)) {
				invalid(queryParameter, entry.query, allowed);
			}
		} else {
			const allowed = '{"gte": ..., "lte": ...} with at least one numeric bound';
			const bounds = (['gte', 'lte'] as const).filter((bound) => query[bound] !== undefined);
			// A bound must be a JSON number: "5" would go to the service as text.
			const numeric = (bound: unknown) => typeof bound === 'number' && Number.isFinite(bound);
			if (bounds.length === 0 || !bounds.every((bound) => numeric(query[bound]))) {
				invalid(queryParameter, entry.query, allowed);
			}
		}
		const filter: IDataObject = { filterType, dataPoint, query };
		if (!isUnsetOrEmpty(entry.required))
			filter.required = entryValue(facet, index, ENTRY_ROWS.required, entry.required) as boolean;
		if (!isUnsetOrEmpty(entry.weight))
			filter.weight = entryValue(facet, index, ENTRY_ROWS.weight, entry.weight) as number;
		return filter;
	});
}

/** A facet's wire value: repeated entries field by field, any other by its row's kind. */
function facetValue(criterion: Criterion, facet: Facet, value: unknown): unknown {
	switch (facet.kind) {
		case 'nameFilters':
			return toNameFilters(facet, value);
		case 'locations':
			return toLocations(facet, value);
		case 'customData':
			return toCustomData(facet, value);
		default:
			return toWireValue(facet as WireRow, value, parameterOf(criterion, facet));
	}
}

/** Checks that concern two facets at once. */
function checkYearsRange(body: IDataObject): void {
	const { yearsExperienceMin: min, yearsExperienceMax: max } = body;
	if (typeof min === 'number' && typeof max === 'number' && min > max) {
		throw new InvalidParameterError(
			'Years of Experience › Maximum',
			'yearsExperienceMax',
			max,
			`a number no smaller than the minimum (${min})`,
		);
	}
}

/**
 * Builds the criteria part of a search body from the criteria values, keyed by wire field.
 * Unset values (missing, empty text, empty lists) are left out; every value set is checked.
 */
export function buildCriteriaBody(body: SearchBody, values: IDataObject): IDataObject {
	const wire: IDataObject = {};
	for (const { criterion, facet } of facetsFor(body)) {
		const value = values[facet.name];
		if (isUnsetOrEmpty(value)) continue;
		const wireValue = facetValue(criterion, facet, value);
		if (wireValue === undefined || (Array.isArray(wireValue) && wireValue.length === 0)) continue;
		wire[facet.name] = wireValue as IDataObject[keyof IDataObject];
	}
	checkYearsRange(wire);
	return wire;
}
