import type { IDataObject } from 'n8n-workflow';

import { InvalidParameterError } from '../../shared/errors';
import {
	invalid,
	isBlank,
	numberOf,
	readFlag,
	readJsonObject,
	readNameList,
	readNumber,
	readOptionalChoice,
	readOptionalText,
	readWholeNumber,
	type Parameter,
} from '../../shared/readers';
import {
	CUSTOM_DATA_FILTER_TYPES,
	DISTANCE_RANGE,
	DISTANCE_UNITS,
	facetLabel,
	facetsFor,
	OCCUPATION_CODE_RANGE,
	WEIGHT_RANGE,
	YEARS_RANGE,
	type Criterion,
	type Facet,
	type SearchBody,
} from './criteria';
import { ENTRY } from './searchProperties';

/**
 * The criteria part of a search body, from the criteria values keyed by wire field. Each value is read by its facet's kind and checked against its bounds;
 * an error names the facet as the panel shows it and its wire path.
 */

/** A facet's value as shared/readers.ts reads it: its panel label and its wire path. */
function parameterOf(criterion: Criterion, facet: Facet): Parameter {
	return { displayName: facetLabel(criterion, facet), name: facet.field };
}

/** One field of one entry of a repeated facet, e.g. "Skills 2 › Name" (skills[1].name). */
function entryParameter(facet: Facet, index: number, key: string, keyLabel: string): Parameter {
	return {
		displayName: `${facet.label} ${index + 1} › ${keyLabel}`,
		name: `${facet.field}[${index}].${key}`,
	};
}

/** Nothing set, or an empty list: a criterion left so asks nothing. */
function isUnsetOrEmpty(value: unknown): boolean {
	return isBlank(value) || (Array.isArray(value) && value.length === 0);
}

function toChoice(parameter: Parameter, facet: Facet, value: unknown): string {
	const choices = (facet.choices ?? []).map((choice) => String(choice.value));
	const chosen = readOptionalChoice(parameter, value, choices);
	if (chosen === undefined) invalid(parameter, value, `one of ${choices.join(', ')}`);
	return chosen;
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
			: readFlag(entryParameter(facet, index, 'required', 'Required'), filter.required);
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
		const units = DISTANCE_UNITS.map((unit) => String(unit.value));
		const unit = readOptionalChoice(parameter('unit', 'Unit'), entry.unit, units);
		if (!isUnsetOrEmpty(entry.distance)) {
			location.distance = readWholeNumber(
				parameter('distance', 'Distance'),
				entry.distance,
				DISTANCE_RANGE,
			);
			// A unit means something only with a distance.
			if (unit !== undefined) location.unit = unit;
		}
		return location;
	});
}

function toCustomData(facet: Facet, value: unknown): IDataObject[] {
	const filterTypes = CUSTOM_DATA_FILTER_TYPES.map((type) => String(type.value));
	return entriesOf(value, ENTRY.customData).map((entry, index) => {
		const parameter = (key: string, keyLabel: string) =>
			entryParameter(facet, index, key, keyLabel);
		const dataPoint = readOptionalText(parameter('dataPoint', 'Data Point'), entry.dataPoint);
		if (dataPoint === undefined)
			invalid(parameter('dataPoint', 'Data Point'), entry.dataPoint, 'a data point slug');
		const filterType =
			readOptionalChoice(parameter('filterType', 'Filter Type'), entry.filterType, filterTypes) ??
			'equals';
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
			filter.required = readFlag(parameter('required', 'Required'), entry.required);
		if (!isUnsetOrEmpty(entry.weight))
			filter.weight = readNumber(parameter('weight', 'Weight'), entry.weight, WEIGHT_RANGE);
		return filter;
	});
}

function toWireValue(criterion: Criterion, facet: Facet, value: unknown): unknown {
	const parameter = parameterOf(criterion, facet);
	switch (facet.kind) {
		case 'text':
			return readOptionalText(parameter, value);
		case 'textList':
			return readNameList(parameter, value);
		case 'flag':
		case 'required':
			return readFlag(parameter, value);
		case 'weight':
			return readNumber(parameter, value, WEIGHT_RANGE);
		case 'wholeYears':
			return readWholeNumber(parameter, value, YEARS_RANGE);
		case 'years':
			return readNumber(parameter, value, YEARS_RANGE);
		case 'choice':
			return toChoice(parameter, facet, value);
		case 'choiceList':
			return [...new Set(readNameList(parameter, value))].map((chosen) =>
				toChoice(parameter, facet, chosen),
			);
		case 'occupationCodes': {
			const { min, max } = OCCUPATION_CODE_RANGE;
			const allowed = `whole numbers from ${min} to ${max}`;
			return readNameList(parameter, value, allowed).map((code) =>
				readWholeNumber(parameter, code, OCCUPATION_CODE_RANGE, allowed),
			);
		}
		case 'nameFilters':
			return toNameFilters(facet, value);
		case 'locations':
			return toLocations(facet, value);
		case 'customData':
			return toCustomData(facet, value);
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
		const value = values[facet.field];
		if (isUnsetOrEmpty(value)) continue;
		const wireValue = toWireValue(criterion, facet, value);
		if (wireValue === undefined || (Array.isArray(wireValue) && wireValue.length === 0)) continue;
		wire[facet.field] = wireValue as IDataObject[keyof IDataObject];
	}
	checkYearsRange(wire);
	return wire;
}
