import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { wholeNumberParameter } from '../actions/common.descriptions';
import { InvalidParameterError } from '../helpers/errors';
import {
	isBlank as isUnset,
	numberOf,
	readFlag,
	readJsonObject,
	readNameList,
	readNumber,
	readOptionalChoice,
	readOptionalText,
	readWholeNumber,
	type Parameter,
} from '../helpers/parameters';
import { byDisplayName } from '../helpers/order';

/**
 * The search criteria of the two search bodies, written once.
 *
 * Node parameters, input validation and the JSON request body are all derived from this table:
 * a criterion's `field` is both the parameter's internal name and the field name on the wire.
 * The resume search body and the job description match detail body share most fields; `bodies`
 * says which body carries each one.
 */

export type SearchBody = 'resumeSearch' | 'jobDescriptionMatch';

/** How a criterion is entered and how it goes on the wire. */
type CriterionKind =
	| 'text'
	| 'textList'
	| 'flag'
	| 'required'
	| 'weight'
	| 'wholeYears'
	| 'years'
	| 'choice'
	| 'choiceList'
	| 'nameFilters'
	| 'locations'
	| 'occupationCodes'
	| 'customData';

interface Criterion {
	field: string;
	kind: CriterionKind;
	displayName: string;
	description: string;
	bodies: readonly SearchBody[];
	choices?: readonly INodePropertyOptions[];
	placeholder?: string;
}

const BOTH: readonly SearchBody[] = ['resumeSearch', 'jobDescriptionMatch'];
const RESUME_SEARCH_ONLY: readonly SearchBody[] = ['resumeSearch'];
const MATCH_DETAIL_ONLY: readonly SearchBody[] = ['jobDescriptionMatch'];

export const DEGREE_TYPES: readonly INodePropertyOptions[] = [
	{ name: 'Bachelors', value: 'bachelors' },
	{ name: 'Certificate', value: 'certificate' },
	{ name: 'Doctoral', value: 'doctoral' },
	{ name: 'Masters', value: 'masters' },
	{ name: 'School', value: 'school' },
];

export const MANAGEMENT_LEVELS: readonly INodePropertyOptions[] = [
	{ name: 'None', value: 'None' },
	{ name: 'Low', value: 'Low' },
	{ name: 'Mid', value: 'Mid' },
	{ name: 'Upper', value: 'Upper' },
];

export const DISTANCE_UNITS: readonly INodePropertyOptions[] = [
	{ name: 'Kilometers', value: 'km' },
	{ name: 'Miles', value: 'mi' },
];

export const CUSTOM_DATA_FILTER_TYPES: readonly INodePropertyOptions[] = [
	{ name: 'Equals', value: 'equals' },
	{ name: 'Range', value: 'range' },
];

/** `requiredFlag` and `weight` rows follow the criterion they qualify. */
export const SEARCH_CRITERIA: readonly Criterion[] = [
	{
		field: 'jobTitles',
		kind: 'textList',
		displayName: 'Job Titles',
		description: 'Job titles to match, comma-separated, or an array from an expression',
		placeholder: 'e.g. Software Engineer, Backend Developer',
		bodies: BOTH,
	},
	{
		field: 'jobTitlesCurrentOnly',
		kind: 'flag',
		displayName: 'Current Job Title Only',
		description: "Whether to match job titles against the candidate's current job only",
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'jobTitlesRequired',
		kind: 'required',
		displayName: 'Job Titles',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'jobTitlesWeight',
		kind: 'weight',
		displayName: 'Job Titles',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'yearsExperienceMin',
		kind: 'wholeYears',
		displayName: 'Minimum Years of Experience',
		description: 'Minimum years of total work experience',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'yearsExperienceMax',
		kind: 'wholeYears',
		displayName: 'Maximum Years of Experience',
		description: 'Maximum years of total work experience',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'totalYearsExperience',
		kind: 'years',
		displayName: 'Total Years of Experience',
		description: 'Years of total work experience to compare with what the job description asks for',
		bodies: MATCH_DETAIL_ONLY,
	},
	{
		field: 'yearsExperienceRequired',
		kind: 'required',
		displayName: 'Years of Experience',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'yearsExperienceWeight',
		kind: 'weight',
		displayName: 'Years of Experience',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'locations',
		kind: 'locations',
		displayName: 'Locations',
		description: 'Places to search around, by name or by coordinates',
		bodies: BOTH,
	},
	{
		field: 'locationsRequired',
		kind: 'required',
		displayName: 'Locations',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'locationsWeight',
		kind: 'weight',
		displayName: 'Locations',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'skills',
		kind: 'nameFilters',
		displayName: 'Skills',
		description: 'Skills to match; a required skill removes candidates who lack it',
		bodies: BOTH,
	},
	{ field: 'skillsWeight', kind: 'weight', displayName: 'Skills', description: '', bodies: BOTH },
	{
		field: 'languages',
		kind: 'nameFilters',
		displayName: 'Languages',
		description: 'Spoken languages to match; a required language removes candidates who lack it',
		bodies: BOTH,
	},
	{
		field: 'languagesWeight',
		kind: 'weight',
		displayName: 'Languages',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'institutions',
		kind: 'textList',
		displayName: 'Institutions',
		description:
			'Schools or universities to match, comma-separated, or an array from an expression',
		placeholder: 'e.g. University of Sydney, MIT',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'institutionsRequired',
		kind: 'required',
		displayName: 'Institutions',
		description: '',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'degrees',
		kind: 'textList',
		displayName: 'Degrees',
		description: 'Degree names to match, comma-separated, or an array from an expression',
		placeholder: 'e.g. Bachelor of Computer Science',
		bodies: BOTH,
	},
	{
		field: 'degreesRequired',
		kind: 'required',
		displayName: 'Degrees',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'highestDegreeTypes',
		kind: 'choiceList',
		displayName: 'Highest Degree Types',
		description: "Levels the candidate's highest degree may have",
		choices: DEGREE_TYPES,
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'highestDegreeTypesRequired',
		kind: 'required',
		displayName: 'Highest Degree Types',
		description: '',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'degreeTypes',
		kind: 'choiceList',
		displayName: 'Degree Types',
		description: 'Degree levels to match',
		choices: DEGREE_TYPES,
		bodies: MATCH_DETAIL_ONLY,
	},
	{
		field: 'degreeTypesRequired',
		kind: 'required',
		displayName: 'Degree Types',
		description: '',
		bodies: MATCH_DETAIL_ONLY,
	},
	{
		field: 'isCurrentStudent',
		kind: 'flag',
		displayName: 'Is Current Student',
		description: 'Whether to look for candidates who are studying now',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'isCurrentStudentRequired',
		kind: 'required',
		displayName: 'Is Current Student',
		description: '',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'isRecentGraduate',
		kind: 'flag',
		displayName: 'Is Recent Graduate',
		description: 'Whether to look for candidates who graduated less than a year ago',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'isRecentGraduateRequired',
		kind: 'required',
		displayName: 'Is Recent Graduate',
		description: '',
		bodies: RESUME_SEARCH_ONLY,
	},
	{
		field: 'educationWeight',
		kind: 'weight',
		displayName: 'Education',
		description: 'institutions, degrees, degree types and the student and graduate flags',
		bodies: BOTH,
	},
	{
		field: 'searchExpression',
		kind: 'text',
		displayName: 'Search Expression',
		description: 'Words or a boolean expression to find in the raw text of resumes',
		placeholder: 'e.g. kubernetes AND (aws OR gcp)',
		bodies: BOTH,
	},
	{
		field: 'searchExpressionRequired',
		kind: 'required',
		displayName: 'Search Expression',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'searchExpressionWeight',
		kind: 'weight',
		displayName: 'Search Expression',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'socCodes',
		kind: 'occupationCodes',
		displayName: 'Occupation Group Names or IDs',
		description: 'Occupation groups (SOC codes) to match',
		bodies: BOTH,
	},
	{
		field: 'socCodesRequired',
		kind: 'required',
		displayName: 'Occupation Groups',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'socCodesWeight',
		kind: 'weight',
		displayName: 'Occupation Groups',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'managementLevel',
		kind: 'choice',
		displayName: 'Management Level',
		description: 'Management level to match',
		choices: MANAGEMENT_LEVELS,
		bodies: BOTH,
	},
	{
		field: 'managementLevelRequired',
		kind: 'required',
		displayName: 'Management Level',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'managementLevelWeight',
		kind: 'weight',
		displayName: 'Management Level',
		description: '',
		bodies: BOTH,
	},
	{
		field: 'customData',
		kind: 'customData',
		displayName: 'Custom Data Filters',
		description: 'Filters on custom data points of the indexed documents',
		bodies: BOTH,
	},
];

/** The node groups criteria into three collections; the wire body is flat. */
export type CriteriaCollection = 'criteria' | 'requiredCriteria' | 'weights';

function collectionOf(criterion: Criterion): CriteriaCollection {
	if (criterion.kind === 'required') return 'requiredCriteria';
	if (criterion.kind === 'weight') return 'weights';
	return 'criteria';
}

export const CRITERIA_COLLECTIONS: readonly CriteriaCollection[] = [
	'criteria',
	'requiredCriteria',
	'weights',
];

export function criteriaFor(body: SearchBody): Criterion[] {
	return SEARCH_CRITERIA.filter((criterion) => criterion.bodies.includes(body));
}

/* ------------------------------------------------------------------ bounds */

export const WEIGHT_RANGE = { min: 0, max: 1 };
export const OCCUPATION_CODE_RANGE = { min: 1, max: 9999 };
export const MIN_LOCATION_DISTANCE = 1;

/* ---------------------------------------------------------- node parameters */

function firstChoiceOf(criterion: Criterion): string | number | boolean {
	return criterion.choices?.[0]?.value ?? '';
}

function propertyFor(criterion: Criterion): INodeProperties {
	const { field: name, displayName, description, placeholder } = criterion;
	switch (criterion.kind) {
		case 'text':
		case 'textList':
			return { displayName, name, type: 'string', default: '', description, placeholder };
		case 'flag':
			return { displayName, name, type: 'boolean', default: true, description };
		case 'required':
			return {
				displayName,
				name,
				type: 'boolean',
				default: true,
				description: `Whether to keep only candidates who match the ${displayName.toLowerCase()} criterion`,
			};
		case 'weight':
			return {
				displayName,
				name,
				type: 'number',
				default: 0.5,
				typeOptions: { minValue: WEIGHT_RANGE.min, maxValue: WEIGHT_RANGE.max, numberPrecision: 2 },
				description: `How much ${displayName.toLowerCase()} count in the score, from 0 to 1${
					description ? ` (covers ${description})` : ''
				}`,
			};
		case 'wholeYears':
			return wholeNumberParameter(displayName, name, 0, description);
		case 'years':
			return {
				displayName,
				name,
				type: 'number',
				default: 0,
				typeOptions: { minValue: 0 },
				description,
			};
		case 'choice':
			return {
				displayName,
				name,
				type: 'options',
				options: [...(criterion.choices ?? [])],
				default: firstChoiceOf(criterion),
				description,
			};
		case 'choiceList':
			return {
				displayName,
				name,
				type: 'multiOptions',
				options: [...(criterion.choices ?? [])],
				default: [],
				description,
			};
		case 'occupationCodes':
			return {
				displayName,
				name,
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getOccupationGroups' },
				default: [],
				description:
					'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			};
		case 'nameFilters':
			return nameFiltersProperty(criterion);
		case 'locations':
			return locationsProperty(criterion);
		case 'customData':
			return customDataProperty(criterion);
	}
}

function nameFiltersProperty({ field, displayName, description }: Criterion): INodeProperties {
	const singular = displayName.replace(/s$/, '');
	return {
		displayName,
		name: field,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${singular}`,
		default: {},
		description,
		options: [
			{
				name: NAME_FILTER_ENTRY,
				displayName: singular,
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true },
					{
						displayName: 'Required',
						name: 'required',
						type: 'boolean',
						default: false,
						description: `Whether to keep only candidates who have this ${singular.toLowerCase()}`,
					},
				],
			},
		],
	};
}

function locationsProperty({ field, displayName, description }: Criterion): INodeProperties {
	return {
		displayName,
		name: field,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Location',
		default: {},
		description,
		options: [
			{
				name: LOCATION_ENTRY,
				displayName: 'Location',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. Sydney, Australia',
						description: 'Place name; leave empty to search by coordinates',
					},
					{
						displayName: 'Coordinates',
						name: 'coordinates',
						type: 'string',
						default: '',
						placeholder: 'e.g. -33.8688, 151.2093',
						description: 'Latitude and longitude, comma-separated; leave empty to search by name',
					},
					{
						displayName: 'Distance',
						name: 'distance',
						type: 'number',
						default: 100,
						typeOptions: { minValue: MIN_LOCATION_DISTANCE, numberPrecision: 0 },
						description: 'Search radius around the place',
					},
					{
						displayName: 'Unit',
						name: 'unit',
						type: 'options',
						options: [...DISTANCE_UNITS],
						default: 'km',
					},
				],
			},
		],
	};
}

function customDataProperty({ field, displayName, description }: Criterion): INodeProperties {
	return {
		displayName,
		name: field,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Filter',
		default: {},
		description,
		options: [
			{
				name: CUSTOM_DATA_ENTRY,
				displayName: 'Filter',
				values: [
					{
						displayName: 'Data Point',
						name: 'dataPoint',
						type: 'string',
						default: '',
						required: true,
						placeholder: 'e.g. isAvailable',
						description: 'Slug of the custom data point',
					},
					{
						displayName: 'Filter Type',
						name: 'filterType',
						type: 'options',
						options: [...CUSTOM_DATA_FILTER_TYPES],
						default: 'equals',
						description: 'Equals works on every data point; range on numbers and dates',
					},
					{
						displayName: 'Query',
						name: 'query',
						type: 'json',
						default: '{\n  "value": true\n}',
						description:
							'For equals: {"value": ...} with a boolean, string or number. For range: {"gte": ..., "lte": ...} with at least one bound.',
					},
					{
						displayName: 'Required',
						name: 'required',
						type: 'boolean',
						default: false,
						description: 'Whether to keep only candidates whose data point passes this filter',
					},
					{
						displayName: 'Weight',
						name: 'weight',
						type: 'number',
						default: 0.5,
						typeOptions: {
							minValue: WEIGHT_RANGE.min,
							maxValue: WEIGHT_RANGE.max,
							numberPrecision: 2,
						},
						description: 'How much this filter counts in the score, from 0 to 1',
					},
				],
			},
		],
	};
}

/** Entry names inside the fixed collections (n8n nests repeated values one level deeper). */
const NAME_FILTER_ENTRY = 'values';
const LOCATION_ENTRY = 'location';
const CUSTOM_DATA_ENTRY = 'filter';

const COLLECTION_LABELS: Record<CriteriaCollection, { displayName: string; placeholder: string }> =
	{
		criteria: { displayName: 'Criteria', placeholder: 'Add Criterion' },
		requiredCriteria: { displayName: 'Required Criteria', placeholder: 'Add Required Criterion' },
		weights: { displayName: 'Weights', placeholder: 'Add Weight' },
	};

/** The three criteria collections of one search body, alphabetised as n8n lists options. */
export function criteriaProperties(body: SearchBody): INodeProperties[] {
	return CRITERIA_COLLECTIONS.map((collection) => ({
		...COLLECTION_LABELS[collection],
		name: collection,
		type: 'collection' as const,
		default: {},
		options: criteriaFor(body)
			.filter((criterion) => collectionOf(criterion) === collection)
			.map(propertyFor)
			.sort(byDisplayName),
	}));
}

/* ------------------------------------------------------------ request body */

/** What a value belongs to: a criterion, or one entry field of a repeated criterion. */
type Target = Pick<Criterion, 'displayName' | 'field'>;

/** e.g. "Skills 2 › Name" (skills[1].name) */
function entryTarget(criterion: Criterion, index: number, key: string, keyLabel: string): Target {
	return {
		displayName: `${criterion.displayName} ${index + 1} › ${keyLabel}`,
		field: `${criterion.field}[${index}].${key}`,
	};
}

/** Values are read by kind in helpers/parameters.ts; a target's wire field is its name there. */
function parameterOf(target: Target): Parameter {
	return { displayName: target.displayName, name: target.field };
}

function invalid(target: Target, value: unknown, allowed: string): never {
	throw new InvalidParameterError(target.displayName, target.field, value, allowed);
}

function isBlank(value: unknown): boolean {
	return isUnset(value) || (Array.isArray(value) && value.length === 0);
}

function toTextList(criterion: Target, value: unknown): string[] {
	return readNameList(parameterOf(criterion), value);
}

function toBoolean(criterion: Target, value: unknown): boolean {
	return readFlag(parameterOf(criterion), value);
}

function toWeight(criterion: Target, value: unknown): number {
	return readNumber(parameterOf(criterion), value, WEIGHT_RANGE);
}

function toYears(criterion: Criterion, value: unknown, whole: boolean): number {
	const read = whole ? readWholeNumber : readNumber;
	return read(parameterOf(criterion), value, { min: 0 });
}

function choiceValues(criterion: Criterion): string[] {
	return (criterion.choices ?? []).map((choice) => String(choice.value));
}

function toChoice(criterion: Criterion, value: unknown): string {
	const allowed = choiceValues(criterion);
	if (typeof value !== 'string' || !allowed.includes(value)) {
		invalid(criterion, value, `one of ${allowed.join(', ')}`);
	}
	return value;
}

function toChoiceList(criterion: Criterion, value: unknown): string[] {
	const chosen = toTextList(criterion, value);
	for (const choice of chosen) toChoice(criterion, choice);
	return [...new Set(chosen)];
}

function toOccupationCodes(criterion: Criterion, value: unknown): number[] {
	const { min, max } = OCCUPATION_CODE_RANGE;
	const allowed = `whole numbers from ${min} to ${max}`;
	return toTextList(criterion, value).map((code) =>
		readWholeNumber(parameterOf(criterion), code, OCCUPATION_CODE_RANGE, allowed),
	);
}

/** Repeated entries of a fixed collection: `{ entry: [...] }`, or a plain array from an expression. */
function entriesOf(value: unknown, entry: string): IDataObject[] {
	if (Array.isArray(value)) return value as IDataObject[];
	const entries = (value as IDataObject | undefined)?.[entry];
	return Array.isArray(entries) ? (entries as IDataObject[]) : [];
}

function toNameFilters(criterion: Criterion, value: unknown): IDataObject[] {
	return entriesOf(value, NAME_FILTER_ENTRY).map((filter, index) => {
		const name = typeof filter.name === 'string' ? filter.name.trim() : '';
		if (name === '')
			invalid(entryTarget(criterion, index, 'name', 'Name'), filter.name, 'a non-empty name');
		const required = isBlank(filter.required)
			? false
			: toBoolean(entryTarget(criterion, index, 'required', 'Required'), filter.required);
		return { name, required };
	});
}

function toCoordinates(label: Target, value: unknown): IDataObject {
	const allowed = 'latitude (-90 to 90) and longitude (-180 to 180), comma-separated';
	const pair =
		typeof value === 'object' && value !== null && !Array.isArray(value)
			? [(value as IDataObject).latitude, (value as IDataObject).longitude]
			: typeof value === 'string'
				? value.split(',')
				: [];
	if (pair.length !== 2) invalid(label, value, allowed);
	const [latitude, longitude] = pair.map(numberOf);
	if (
		latitude === undefined ||
		longitude === undefined ||
		Math.abs(latitude) > 90 ||
		Math.abs(longitude) > 180
	) {
		invalid(label, value, allowed);
	}
	return { latitude, longitude };
}

function toLocations(criterion: Criterion, value: unknown): IDataObject[] {
	return entriesOf(value, LOCATION_ENTRY).map((entry, index) => {
		const target = (key: string, keyLabel: string) => entryTarget(criterion, index, key, keyLabel);
		const location: IDataObject = {};
		const name = readOptionalText(parameterOf(target('name', 'Name')), entry.name, 'a place name');
		if (name !== undefined) location.name = name;
		if (!isBlank(entry.coordinates)) {
			location.coordinates = toCoordinates(target('coordinates', 'Coordinates'), entry.coordinates);
		}
		if (location.name === undefined && location.coordinates === undefined) {
			invalid(target('name', 'Name'), entry.name, 'a place name or coordinates');
		}
		if (!isBlank(entry.distance)) {
			location.distance = readWholeNumber(
				parameterOf(target('distance', 'Distance')),
				entry.distance,
				{ min: MIN_LOCATION_DISTANCE },
			);
		}
		if (!isBlank(entry.unit)) {
			const units = DISTANCE_UNITS.map((unit) => String(unit.value));
			location.unit = readOptionalChoice(parameterOf(target('unit', 'Unit')), entry.unit, units);
		}
		return location;
	});
}

function parseQuery(label: Target, value: unknown): IDataObject {
	const allowed = 'a JSON object such as {"value": true} or {"gte": 1, "lte": 5}';
	return readJsonObject(parameterOf(label), value, allowed);
}

function toCustomData(criterion: Criterion, value: unknown): IDataObject[] {
	const filterTypes = CUSTOM_DATA_FILTER_TYPES.map((type) => String(type.value));
	return entriesOf(value, CUSTOM_DATA_ENTRY).map((entry, index) => {
		const target = (key: string, keyLabel: string) => entryTarget(criterion, index, key, keyLabel);
		const dataPoint = typeof entry.dataPoint === 'string' ? entry.dataPoint.trim() : '';
		if (dataPoint === '')
			invalid(target('dataPoint', 'Data Point'), entry.dataPoint, 'a data point slug');
		const filterType =
			readOptionalChoice(
				parameterOf(target('filterType', 'Filter Type')),
				entry.filterType,
				filterTypes,
			) ?? 'equals';
		const query = parseQuery(target('query', 'Query'), entry.query);
		if (filterType === 'equals') {
			const allowed = '{"value": ...} with a boolean, string or number';
			if (!['boolean', 'string', 'number'].includes(typeof query.value)) {
				invalid(target('query', 'Query'), entry.query, allowed);
			}
		} else {
			const allowed = '{"gte": ..., "lte": ...} with at least one numeric bound';
			const bounds = (['gte', 'lte'] as const).filter((bound) => query[bound] !== undefined);
			if (bounds.length === 0) invalid(target('query', 'Query'), entry.query, allowed);
			// A bound must be a JSON number: "5" would go to the service as text.
			const numeric = (bound: unknown) => typeof bound === 'number' && Number.isFinite(bound);
			if (!bounds.every((bound) => numeric(query[bound]))) {
				invalid(target('query', 'Query'), entry.query, allowed);
			}
		}
		const filter: IDataObject = { filterType, dataPoint, query };
		if (!isBlank(entry.required))
			filter.required = toBoolean(target('required', 'Required'), entry.required);
		if (!isBlank(entry.weight)) filter.weight = toWeight(target('weight', 'Weight'), entry.weight);
		return filter;
	});
}

function toWireValue(criterion: Criterion, value: unknown): unknown {
	switch (criterion.kind) {
		case 'text':
			return readOptionalText(parameterOf(criterion), value);
		case 'textList':
			return toTextList(criterion, value);
		case 'flag':
		case 'required':
			return toBoolean(criterion, value);
		case 'weight':
			return toWeight(criterion, value);
		case 'wholeYears':
			return toYears(criterion, value, true);
		case 'years':
			return toYears(criterion, value, false);
		case 'choice':
			return toChoice(criterion, value);
		case 'choiceList':
			return toChoiceList(criterion, value);
		case 'occupationCodes':
			return toOccupationCodes(criterion, value);
		case 'nameFilters':
			return toNameFilters(criterion, value);
		case 'locations':
			return toLocations(criterion, value);
		case 'customData':
			return toCustomData(criterion, value);
	}
}

/** Checks that concern two criteria at once. */
function checkYearsRange(body: IDataObject): void {
	const { yearsExperienceMin: min, yearsExperienceMax: max } = body;
	if (typeof min === 'number' && typeof max === 'number' && min > max) {
		throw new InvalidParameterError(
			'Maximum Years of Experience',
			'yearsExperienceMax',
			max,
			`a number no smaller than Minimum Years of Experience (${min})`,
		);
	}
}

/**
 * Builds the criteria part of a search body from the node's criteria values, keyed by field.
 * Unset values (missing, empty text, empty lists) are left out; every value set is checked.
 */
export function buildCriteriaBody(body: SearchBody, values: IDataObject): IDataObject {
	const wire: IDataObject = {};
	for (const criterion of criteriaFor(body)) {
		const value = values[criterion.field];
		if (isBlank(value)) continue;
		const wireValue = toWireValue(criterion, value);
		if (Array.isArray(wireValue) && wireValue.length === 0) continue;
		wire[criterion.field] = wireValue as IDataObject[keyof IDataObject];
	}
	checkYearsRange(wire);
	return wire;
}
