// ONE table of search request fields: each row is a field of the resume search body (also the
// resume search detail's) and/or the job description search body (also the job description search
// detail's), with its type and bounds. Every body's schema is derived from it, so a field or bound
// is written once.
//
// Checking a body takes two steps, as the service's serializer does. First its schema
// (searchBodySchema), which says exactly what the published OpenAPI schema says, no more and no
// less: test/emulator/schema-agreement.test.ts draws random bodies from that schema
// (test/fixtures/openapi/) and compares verdicts. Then the rules the schema states only in words,
// or that the specification adds (searchBodyRuleErrors): see CONTRACT.md.

import type { ErrorItem } from './http';
import { arrayOf, bool, objectOf, str, weight, type Schema } from './validation';

/**
 * The published bodies: `ResumeSearchParameters` (resume search and its detail) and
 * `JobDescriptionSearchParameters`, which job description search and its detail share.
 */
export type SearchBodyKind = 'resumeSearch' | 'jobDescriptionDetail' | 'jobDescriptionSearch';
/** `v2` is the specification's path; `v3` is the current service (customData gains `field`). */
export type ApiVersion = 'v2' | 'v3';

export const EDUCATION_LEVELS = [
	'school',
	'certificate',
	'bachelors',
	'masters',
	'doctoral',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export const MANAGEMENT_LEVELS = ['None', 'Low', 'Mid', 'Upper'] as const;
export type ManagementLevel = (typeof MANAGEMENT_LEVELS)[number];
export const DISTANCE_UNITS = ['km', 'mi'] as const;

// The nested filters leave other fields open (no `additionalProperties: false`): they are ignored.
const open = { unknownFields: 'ignore' } as const;

const locationFilter = objectOf(
	{
		name: str(),
		coordinates: objectOf(
			{
				latitude: { type: 'number', nullable: true },
				longitude: { type: 'number', nullable: true },
			},
			{ nullable: true, ...open },
		),
		// The service's default is 100.
		distance: { type: 'integer', minimum: 1 },
		unit: str({ enum: DISTANCE_UNITS }),
	},
	open,
);

// Both fields optional: a filter without a name asks for nothing.
const nameFilter = objectOf({ name: str(), required: bool }, open);

const educationLevels: Schema = arrayOf(str({ enum: EDUCATION_LEVELS, nullable: true }), {
	uniqueItems: true,
});

function customDataFilter(version: ApiVersion): Schema {
	const common = {
		filterType: str({ enum: ['equals', 'range'] }),
		query: objectOf({}, { additionalProperties: { type: 'any' } }),
		required: bool,
		weight,
	};
	// v2 (the specification's paths): dataPoint required, no field.
	if (version === 'v2') {
		return objectOf(
			{ ...common, dataPoint: str() },
			{ required: ['filterType', 'dataPoint', 'query'], ...open },
		);
	}
	return objectOf(
		{ ...common, dataPoint: str({ nullable: true }), field: str({ nullable: true }) },
		{ required: ['filterType', 'query'], ...open },
	);
}

interface SearchFieldRow {
	name: string;
	schema: Schema | ((version: ApiVersion) => Schema);
	bodies: readonly SearchBodyKind[];
	required?: true;
}

const BOTH: readonly SearchBodyKind[] = [
	'resumeSearch',
	'jobDescriptionDetail',
	'jobDescriptionSearch',
];
const RESUME: readonly SearchBodyKind[] = ['resumeSearch'];
/** JobDescriptionSearchParameters: the job description search body and its detail's. */
const DETAIL: readonly SearchBodyKind[] = ['jobDescriptionDetail', 'jobDescriptionSearch'];

export const SEARCH_FIELDS: readonly SearchFieldRow[] = [
	{
		name: 'indices',
		schema: arrayOf(str()),
		bodies: BOTH,
		required: true,
	},
	{ name: 'jobDescription', schema: str({ nullable: true }), bodies: RESUME },
	{ name: 'resume', schema: str({ nullable: true }), bodies: BOTH },
	{ name: 'jobTitles', schema: arrayOf(str()), bodies: BOTH },
	{ name: 'jobTitlesCurrentOnly', schema: bool, bodies: RESUME },
	{ name: 'jobTitlesRequired', schema: bool, bodies: BOTH },
	{ name: 'jobTitlesWeight', schema: weight, bodies: BOTH },
	{
		name: 'yearsExperienceMin',
		schema: { type: 'integer', minimum: 0, nullable: true },
		bodies: RESUME,
	},
	{
		name: 'yearsExperienceMax',
		schema: { type: 'integer', minimum: 0, nullable: true },
		bodies: RESUME,
	},
	// Not bounded by the specification; the service's JobDescriptionSearchParameters leave it open too.
	{ name: 'totalYearsExperience', schema: { type: 'number', nullable: true }, bodies: DETAIL },
	{ name: 'yearsExperienceRequired', schema: bool, bodies: BOTH },
	{ name: 'yearsExperienceWeight', schema: weight, bodies: BOTH },
	{ name: 'locations', schema: arrayOf(locationFilter), bodies: BOTH },
	{ name: 'locationsWeight', schema: weight, bodies: BOTH },
	{ name: 'locationsRequired', schema: bool, bodies: BOTH },
	{ name: 'skills', schema: arrayOf(nameFilter), bodies: BOTH },
	{ name: 'skillsWeight', schema: weight, bodies: BOTH },
	{ name: 'languages', schema: arrayOf(nameFilter), bodies: BOTH },
	{ name: 'languagesWeight', schema: weight, bodies: BOTH },
	{ name: 'institutions', schema: arrayOf(str()), bodies: RESUME },
	{ name: 'institutionsRequired', schema: bool, bodies: RESUME },
	{ name: 'degrees', schema: arrayOf(str()), bodies: BOTH },
	{ name: 'degreesRequired', schema: bool, bodies: BOTH },
	{ name: 'highestDegreeTypes', schema: educationLevels, bodies: RESUME },
	{ name: 'highestDegreeTypesRequired', schema: bool, bodies: RESUME },
	{ name: 'degreeTypes', schema: educationLevels, bodies: DETAIL },
	{ name: 'degreeTypesRequired', schema: bool, bodies: DETAIL },
	{ name: 'isCurrentStudent', schema: bool, bodies: RESUME },
	{ name: 'isCurrentStudentRequired', schema: bool, bodies: RESUME },
	{ name: 'isRecentGraduate', schema: bool, bodies: RESUME },
	{ name: 'isRecentGraduateRequired', schema: bool, bodies: RESUME },
	{ name: 'educationWeight', schema: weight, bodies: BOTH },
	{ name: 'searchExpression', schema: str({ nullable: true }), bodies: BOTH },
	{ name: 'searchExpressionRequired', schema: bool, bodies: BOTH },
	{ name: 'searchExpressionWeight', schema: weight, bodies: BOTH },
	{
		name: 'socCodes',
		schema: arrayOf({ type: 'integer', minimum: 1, maximum: 9999 }),
		bodies: BOTH,
	},
	{ name: 'socCodesWeight', schema: weight, bodies: BOTH },
	{ name: 'socCodesRequired', schema: bool, bodies: BOTH },
	{
		name: 'managementLevel',
		schema: str({ enum: MANAGEMENT_LEVELS, nullable: true }),
		bodies: BOTH,
	},
	{ name: 'managementLevelRequired', schema: bool, bodies: BOTH },
	{ name: 'managementLevelWeight', schema: weight, bodies: BOTH },
	{ name: 'customData', schema: (version) => arrayOf(customDataFilter(version)), bodies: BOTH },
];

/** The JSON schema of one search body, derived from the table. */
export function searchBodySchema(kind: SearchBodyKind, version: ApiVersion): Schema {
	const rows = SEARCH_FIELDS.filter((row) => row.bodies.includes(kind));
	const properties: Record<string, Schema> = {};
	for (const row of rows) {
		properties[row.name] = typeof row.schema === 'function' ? row.schema(version) : row.schema;
	}
	return objectOf(properties, {
		required: rows.filter((row) => row.required).map((row) => row.name),
		// JobDescriptionSearchParameters is published nullable; searchBodyRuleErrors then asks for indices.
		nullable: kind !== 'resumeSearch',
	});
}

function isScalar(value: unknown): boolean {
	return ['string', 'number', 'boolean'].includes(typeof value);
}

/** `equals` takes `{value}`; `range` takes at least one of `{gte, lte}` (numbers). */
function customDataQueryErrors(filter: CustomDataFilter, attr: string): ErrorItem[] {
	const { filterType, query } = filter;
	const at = `${attr}.query`;
	const keys = Object.keys(query);
	if (filterType === 'equals') {
		if (keys.length !== 1 || keys[0] !== 'value' || !isScalar(query.value)) {
			return [
				{
					attr: at,
					code: 'invalid',
					detail:
						'"equals" searches require exactly the "value" key (a boolean, string or number).',
				},
			];
		}
		return [];
	}
	const numeric = keys.every(
		(k) => (k === 'gte' || k === 'lte') && typeof query[k as 'gte' | 'lte'] === 'number',
	);
	if (keys.length === 0 || !numeric) {
		return [
			{
				attr: at,
				code: 'invalid',
				detail:
					'"range" searches require at least one of "gte" and "lte" (numbers) and nothing else.',
			},
		];
	}
	return [];
}

/**
 * What a body that fits its schema must also satisfy: the specification's required indices (the
 * published detail body may be null), and the customData rules the schema gives only in its
 * descriptions (which data point, and the query's shape for each filter type).
 */
export function searchBodyRuleErrors(body: SearchBody | null): ErrorItem[] {
	if (body === null) {
		return [{ attr: 'indices', code: 'required', detail: 'This field is required.' }];
	}
	const errors: ErrorItem[] = [];
	if (body.indices.length === 0) {
		errors.push({ attr: 'indices', code: 'empty', detail: 'This list may not be empty.' });
	}
	(body.customData ?? []).forEach((filter, i) => {
		const attr = `customData.${i}`;
		if (filter.field == null && filter.dataPoint == null) {
			errors.push({
				attr: `${attr}.${'field' in filter ? 'field' : 'dataPoint'}`,
				code: 'required',
				detail: 'Give "field" (or the deprecated "dataPoint").',
			});
		} else {
			errors.push(...customDataQueryErrors(filter, attr));
		}
	});
	return errors;
}

// The validated bodies, as the ranking reads them.
export interface LocationFilter {
	name?: string;
	coordinates?: { latitude?: number | null; longitude?: number | null } | null;
	distance?: number;
	unit?: 'km' | 'mi';
}
export interface NameFilter {
	name?: string;
	required?: boolean;
}

/** The skill or language filters that ask for something: those with a name. */
export function namedFilters(
	filters: readonly NameFilter[] | undefined,
): Array<NameFilter & { name: string }> {
	return (filters ?? []).filter(
		(filter): filter is NameFilter & { name: string } => (filter.name ?? '').trim() !== '',
	);
}
export interface CustomDataFilter {
	filterType: 'equals' | 'range';
	dataPoint?: string | null;
	field?: string | null;
	query: { value?: string | number | boolean; gte?: number; lte?: number };
	required?: boolean;
	weight?: number;
}

/** Union of both bodies' fields (each body carries a subset). */
export interface SearchBody {
	indices: string[];
	jobDescription?: string | null;
	resume?: string | null;
	jobTitles?: string[];
	jobTitlesCurrentOnly?: boolean;
	jobTitlesRequired?: boolean;
	jobTitlesWeight?: number;
	yearsExperienceMin?: number | null;
	yearsExperienceMax?: number | null;
	totalYearsExperience?: number | null;
	yearsExperienceRequired?: boolean;
	yearsExperienceWeight?: number;
	locations?: LocationFilter[];
	locationsWeight?: number;
	locationsRequired?: boolean;
	skills?: NameFilter[];
	skillsWeight?: number;
	languages?: NameFilter[];
	languagesWeight?: number;
	institutions?: string[];
	institutionsRequired?: boolean;
	degrees?: string[];
	degreesRequired?: boolean;
	highestDegreeTypes?: Array<EducationLevel | null>;
	highestDegreeTypesRequired?: boolean;
	degreeTypes?: Array<EducationLevel | null>;
	degreeTypesRequired?: boolean;
	isCurrentStudent?: boolean;
	isCurrentStudentRequired?: boolean;
	isRecentGraduate?: boolean;
	isRecentGraduateRequired?: boolean;
	educationWeight?: number;
	searchExpression?: string | null;
	searchExpressionRequired?: boolean;
	searchExpressionWeight?: number;
	socCodes?: number[];
	socCodesWeight?: number;
	socCodesRequired?: boolean;
	managementLevel?: ManagementLevel | null;
	managementLevelRequired?: boolean;
	managementLevelWeight?: number;
	customData?: CustomDataFilter[];
}
