import type { INodePropertyOptions } from 'n8n-workflow';

import type { WireKind, WireRow } from '../../shared/wireRows';

/**
 * The search criteria of the two search bodies, written once: one row per criterion, as the panel
 * shows it, with its facets (what to match, its Required switch, its Weight). A facet is a row of
 * the one table shape (shared/wireRows.ts): its `name` is both its parameter's internal name and
 * its field on the wire (the bodies are flat); its `kind` and `bounds` say how it is entered,
 * bounded and sent. Node parameters (search/searchProperties.ts), reading and checking
 * (search/criteriaBody.ts, through shared/wireRows' toWireValue) all derive from this table;
 * what each body carries of it is search/facets.ts.
 */

/**
 * The bodies: `resumeSearch` (ResumeSearchParameters: Resume → Search and Resume → Get Match
 * Detail), `jobDescriptionMatch` and `jobDescriptionSearch` (JobDescriptionSearchParameters: Job
 * Description → Get Match Detail and Job Description → Search, whose panels differ).
 */
export type SearchBody = 'resumeSearch' | 'jobDescriptionMatch' | 'jobDescriptionSearch';

/** The bodies that rank documents against a match-against mode (custom criteria or a document). */
export const RANKED_BY_MODE: readonly SearchBody[] = ['resumeSearch', 'jobDescriptionSearch'];

/** What a body's Required switches keep ("keep only candidates who ..."), as its panel says it. */
export const RANKED_DOCUMENTS: Record<SearchBody, { plural: string; who: string }> = {
	resumeSearch: { plural: 'candidates', who: 'candidates who' },
	jobDescriptionMatch: { plural: 'candidates', who: 'candidates who' },
	jobDescriptionSearch: { plural: 'job descriptions', who: 'job descriptions that' },
};

/** Repeated entries ("Add Skill", "Add Location" ...), each entry's fields read by their kinds. */
export type EntriesKind = 'nameFilters' | 'locations' | 'customData';

/**
 * One facet of a criterion; `displayName` is its label inside the criterion, e.g. "Weight" (the
 * criterion's own label for its main value).
 */
export interface Facet extends Omit<WireRow, 'kind'> {
	kind: WireKind | EntriesKind;
	/** A Required switch or a Weight: they tune a search; the others say what to match. */
	tuning?: 'required' | 'weight';
	description?: string;
	placeholder?: string;
	/** The bodies that carry it, when fewer than its criterion's. */
	bodies?: readonly SearchBody[];
}

export interface Criterion {
	/** Its entry in the node's Criteria collection. */
	key: string;
	label: string;
	description: string;
	bodies: readonly SearchBody[];
	/** The scored part of a search result this criterion is scored in, when it has one. */
	component?: ScoreComponent;
	facets: readonly Facet[];
}

/** The scored parts of a search result, each `{label, value, score}`. */
export const SCORE_COMPONENTS = [
	'jobTitle',
	'managementLevel',
	'experience',
	'skills',
	'languages',
	'location',
	'education',
	'occupationGroup',
	'searchExpression',
] as const;
export type ScoreComponent = (typeof SCORE_COMPONENTS)[number];

const BOTH: readonly SearchBody[] = ['resumeSearch', 'jobDescriptionMatch', 'jobDescriptionSearch'];
const RESUME_SEARCH_ONLY: readonly SearchBody[] = ['resumeSearch'];
/** JobDescriptionSearchParameters' own fields. */
const MATCH_DETAIL_ONLY: readonly SearchBody[] = ['jobDescriptionMatch', 'jobDescriptionSearch'];

const DEGREE_TYPES: readonly INodePropertyOptions[] = [
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

/* ------------------------------------------------------------------ bounds */

export const WEIGHT_RANGE = { min: 0, max: 1 };
export const YEARS_RANGE = { min: 0 };
export const OCCUPATION_CODE_RANGE = { min: 1, max: 9999 };
export const DISTANCE_RANGE = { min: 1 };

/** The fields of repeated entries (a skill, a location, a custom data filter) read by kind alone. */
export const ENTRY_ROWS = {
	required: { name: 'required', displayName: 'Required', kind: 'flag' },
	distance: {
		name: 'distance',
		displayName: 'Distance',
		kind: 'wholeNumber',
		bounds: DISTANCE_RANGE,
	},
	unit: { name: 'unit', displayName: 'Unit', kind: 'choice', choices: DISTANCE_UNITS },
	filterType: {
		name: 'filterType',
		displayName: 'Filter Type',
		kind: 'choice',
		choices: CUSTOM_DATA_FILTER_TYPES,
	},
	weight: { name: 'weight', displayName: 'Weight', kind: 'number', bounds: WEIGHT_RANGE },
} as const satisfies Record<string, WireRow>;

/* ------------------------------------------------------------------- rows */

const required = (
	name: string,
	displayName = 'Required',
	bodies?: readonly SearchBody[],
): Facet => ({
	name,
	kind: 'flag',
	tuning: 'required',
	displayName,
	bodies,
});
const weight = (name: string): Facet => ({
	name,
	kind: 'number',
	bounds: WEIGHT_RANGE,
	tuning: 'weight',
	displayName: 'Weight',
});

export const SEARCH_CRITERIA: readonly Criterion[] = [
	{
		key: 'customData',
		label: 'Custom Data',
		description: 'Filters on custom data points of the indexed documents',
		bodies: BOTH,
		facets: [{ name: 'customData', kind: 'customData', displayName: 'Custom Data' }],
	},
	{
		key: 'education',
		label: 'Education',
		description: 'Institutions, degrees and study status; one weight for all of them',
		bodies: BOTH,
		component: 'education',
		facets: [
			{
				name: 'institutions',
				kind: 'textList',
				displayName: 'Institutions',
				description:
					'Schools or universities to match, separated by commas, or a list from an expression',
				placeholder: 'e.g. University of Sydney, MIT',
				bodies: RESUME_SEARCH_ONLY,
			},
			required('institutionsRequired', 'Institutions Required', RESUME_SEARCH_ONLY),
			{
				name: 'degrees',
				kind: 'textList',
				displayName: 'Degrees',
				description: 'Degree names to match, separated by commas, or a list from an expression',
				placeholder: 'e.g. Bachelor of Computer Science',
			},
			required('degreesRequired', 'Degrees Required'),
			{
				name: 'highestDegreeTypes',
				kind: 'choiceList',
				displayName: 'Highest Degree Types',
				description: "Levels the candidate's highest degree may have",
				choices: DEGREE_TYPES,
				bodies: RESUME_SEARCH_ONLY,
			},
			required('highestDegreeTypesRequired', 'Highest Degree Types Required', RESUME_SEARCH_ONLY),
			{
				name: 'degreeTypes',
				kind: 'choiceList',
				displayName: 'Degree Types',
				description: 'Degree levels to match',
				choices: DEGREE_TYPES,
				bodies: MATCH_DETAIL_ONLY,
			},
			required('degreeTypesRequired', 'Degree Types Required', MATCH_DETAIL_ONLY),
			{
				name: 'isCurrentStudent',
				kind: 'flag',
				displayName: 'Current Student',
				description: 'Whether to look for candidates who are studying now',
				bodies: RESUME_SEARCH_ONLY,
			},
			required('isCurrentStudentRequired', 'Current Student Required', RESUME_SEARCH_ONLY),
			{
				name: 'isRecentGraduate',
				kind: 'flag',
				displayName: 'Recent Graduate',
				description: 'Whether to look for candidates who graduated less than a year ago',
				bodies: RESUME_SEARCH_ONLY,
			},
			required('isRecentGraduateRequired', 'Recent Graduate Required', RESUME_SEARCH_ONLY),
			weight('educationWeight'),
		],
	},
	{
		key: 'jobTitles',
		label: 'Job Titles',
		description: 'Job titles to match',
		bodies: BOTH,
		component: 'jobTitle',
		facets: [
			{
				name: 'jobTitles',
				kind: 'textList',
				displayName: 'Job Titles',
				description: 'Job titles to match, separated by commas, or a list from an expression',
				placeholder: 'e.g. Software Engineer, Backend Developer',
			},
			{
				name: 'jobTitlesCurrentOnly',
				kind: 'flag',
				displayName: 'Current Job Title Only',
				description: "Whether to match job titles against the candidate's current job only",
				bodies: RESUME_SEARCH_ONLY,
			},
			required('jobTitlesRequired'),
			weight('jobTitlesWeight'),
		],
	},
	{
		key: 'languages',
		label: 'Languages',
		description: 'Spoken languages to match; a required language removes candidates who lack it',
		bodies: BOTH,
		component: 'languages',
		facets: [
			{ name: 'languages', kind: 'nameFilters', displayName: 'Languages' },
			weight('languagesWeight'),
		],
	},
	{
		key: 'locations',
		label: 'Locations',
		description: 'Places to search around',
		bodies: BOTH,
		component: 'location',
		facets: [
			{ name: 'locations', kind: 'locations', displayName: 'Locations' },
			required('locationsRequired'),
			weight('locationsWeight'),
		],
	},
	{
		key: 'managementLevel',
		label: 'Management Level',
		description: 'Management level to match',
		bodies: BOTH,
		component: 'managementLevel',
		facets: [
			{
				name: 'managementLevel',
				kind: 'choice',
				required: true,
				displayName: 'Management Level',
				choices: MANAGEMENT_LEVELS,
			},
			required('managementLevelRequired'),
			weight('managementLevelWeight'),
		],
	},
	{
		key: 'occupationGroups',
		label: 'Occupation Groups',
		description: 'Occupation groups (SOC codes) to match',
		bodies: BOTH,
		component: 'occupationGroup',
		facets: [
			{
				name: 'socCodes',
				kind: 'wholeNumberList',
				bounds: OCCUPATION_CODE_RANGE,
				displayName: 'Occupation Group Names or IDs',
			},
			required('socCodesRequired'),
			weight('socCodesWeight'),
		],
	},
	{
		key: 'searchExpression',
		label: 'Search Expression',
		description: 'Words or a boolean expression to find in the raw text of resumes',
		bodies: BOTH,
		component: 'searchExpression',
		facets: [
			{
				name: 'searchExpression',
				kind: 'text',
				displayName: 'Search Expression',
				description: 'Words or a boolean expression to find in the raw text of resumes',
				placeholder: 'e.g. kubernetes AND (aws OR gcp)',
			},
			required('searchExpressionRequired'),
			weight('searchExpressionWeight'),
		],
	},
	{
		key: 'skills',
		label: 'Skills',
		description: 'Skills to match; a required skill removes candidates who lack it',
		bodies: BOTH,
		component: 'skills',
		facets: [
			{ name: 'skills', kind: 'nameFilters', displayName: 'Skills' },
			weight('skillsWeight'),
		],
	},
	{
		key: 'yearsExperience',
		label: 'Years of Experience',
		description: 'Years of total work experience',
		bodies: BOTH,
		component: 'experience',
		facets: [
			{
				name: 'yearsExperienceMin',
				kind: 'wholeNumber',
				bounds: YEARS_RANGE,
				displayName: 'Minimum',
				description: 'Fewest years of total work experience',
				placeholder: 'e.g. 3',
				bodies: RESUME_SEARCH_ONLY,
			},
			{
				name: 'yearsExperienceMax',
				kind: 'wholeNumber',
				bounds: YEARS_RANGE,
				displayName: 'Maximum',
				description: 'Most years of total work experience',
				placeholder: 'e.g. 10',
				bodies: RESUME_SEARCH_ONLY,
			},
			{
				name: 'totalYearsExperience',
				kind: 'number',
				bounds: YEARS_RANGE,
				displayName: 'Total',
				description:
					'Years of total work experience to compare with what the job description asks for',
				placeholder: 'e.g. 5',
				bodies: MATCH_DETAIL_ONLY,
			},
			required('yearsExperienceRequired'),
			weight('yearsExperienceWeight'),
		],
	},
];
