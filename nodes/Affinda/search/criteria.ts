import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/**
 * The search criteria of the two search bodies, written once: one row per criterion, as the panel
 * shows it, with its facets (what to match, its Required switch, its Weight). A facet's `field`
 * is both its parameter's internal name and its field on the wire (the bodies are flat); its
 * `kind` says how it is entered, bounded and sent. Node parameters (search/searchProperties.ts),
 * reading and checking (search/criteriaBody.ts) all derive from this table.
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

/** How a facet is entered and how it goes on the wire. */
export type FacetKind =
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

export interface Facet {
	field: string;
	kind: FacetKind;
	/** Its label inside the criterion, e.g. "Weight"; the criterion's own label for its main value. */
	label: string;
	description?: string;
	placeholder?: string;
	choices?: readonly INodePropertyOptions[];
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

/* ------------------------------------------------------------------- rows */

const required = (field: string, label = 'Required', bodies?: readonly SearchBody[]): Facet => ({
	field,
	kind: 'required',
	label,
	bodies,
});
const weight = (field: string): Facet => ({ field, kind: 'weight', label: 'Weight' });

export const SEARCH_CRITERIA: readonly Criterion[] = [
	{
		key: 'customData',
		label: 'Custom Data',
		description: 'Filters on custom data points of the indexed documents',
		bodies: BOTH,
		facets: [{ field: 'customData', kind: 'customData', label: 'Custom Data' }],
	},
	{
		key: 'education',
		label: 'Education',
		description: 'Institutions, degrees and study status; one weight for all of them',
		bodies: BOTH,
		component: 'education',
		facets: [
			{
				field: 'institutions',
				kind: 'textList',
				label: 'Institutions',
				description:
					'Schools or universities to match, separated by commas, or a list from an expression',
				placeholder: 'e.g. University of Sydney, MIT',
				bodies: RESUME_SEARCH_ONLY,
			},
			required('institutionsRequired', 'Institutions Required', RESUME_SEARCH_ONLY),
			{
				field: 'degrees',
				kind: 'textList',
				label: 'Degrees',
				description: 'Degree names to match, separated by commas, or a list from an expression',
				placeholder: 'e.g. Bachelor of Computer Science',
			},
			required('degreesRequired', 'Degrees Required'),
			{
				field: 'highestDegreeTypes',
				kind: 'choiceList',
				label: 'Highest Degree Types',
				description: "Levels the candidate's highest degree may have",
				choices: DEGREE_TYPES,
				bodies: RESUME_SEARCH_ONLY,
			},
			required('highestDegreeTypesRequired', 'Highest Degree Types Required', RESUME_SEARCH_ONLY),
			{
				field: 'degreeTypes',
				kind: 'choiceList',
				label: 'Degree Types',
				description: 'Degree levels to match',
				choices: DEGREE_TYPES,
				bodies: MATCH_DETAIL_ONLY,
			},
			required('degreeTypesRequired', 'Degree Types Required', MATCH_DETAIL_ONLY),
			{
				field: 'isCurrentStudent',
				kind: 'flag',
				label: 'Current Student',
				description: 'Whether to look for candidates who are studying now',
				bodies: RESUME_SEARCH_ONLY,
			},
			required('isCurrentStudentRequired', 'Current Student Required', RESUME_SEARCH_ONLY),
			{
				field: 'isRecentGraduate',
				kind: 'flag',
				label: 'Recent Graduate',
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
				field: 'jobTitles',
				kind: 'textList',
				label: 'Job Titles',
				description: 'Job titles to match, separated by commas, or a list from an expression',
				placeholder: 'e.g. Software Engineer, Backend Developer',
			},
			{
				field: 'jobTitlesCurrentOnly',
				kind: 'flag',
				label: 'Current Job Title Only',
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
			{ field: 'languages', kind: 'nameFilters', label: 'Languages' },
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
			{ field: 'locations', kind: 'locations', label: 'Locations' },
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
				field: 'managementLevel',
				kind: 'choice',
				label: 'Management Level',
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
			{ field: 'socCodes', kind: 'occupationCodes', label: 'Occupation Group Names or IDs' },
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
				field: 'searchExpression',
				kind: 'text',
				label: 'Search Expression',
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
		facets: [{ field: 'skills', kind: 'nameFilters', label: 'Skills' }, weight('skillsWeight')],
	},
	{
		key: 'yearsExperience',
		label: 'Years of Experience',
		description: 'Years of total work experience',
		bodies: BOTH,
		component: 'experience',
		facets: [
			{
				field: 'yearsExperienceMin',
				kind: 'wholeYears',
				label: 'Minimum',
				description: 'Fewest years of total work experience',
				placeholder: 'e.g. 3',
				bodies: RESUME_SEARCH_ONLY,
			},
			{
				field: 'yearsExperienceMax',
				kind: 'wholeYears',
				label: 'Maximum',
				description: 'Most years of total work experience',
				placeholder: 'e.g. 10',
				bodies: RESUME_SEARCH_ONLY,
			},
			{
				field: 'totalYearsExperience',
				kind: 'years',
				label: 'Total',
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

/* ---------------------------------------------------------------- queries */

export function carries(body: SearchBody, facet: Facet, criterion: Criterion): boolean {
	return (facet.bodies ?? criterion.bodies).includes(body);
}

/** The criteria one body carries, each with only the facets that body carries. */
export function criteriaFor(body: SearchBody): Criterion[] {
	return SEARCH_CRITERIA.filter((criterion) => criterion.bodies.includes(body)).map(
		(criterion) => ({
			...criterion,
			facets: criterion.facets.filter((facet) => carries(body, facet, criterion)),
		}),
	);
}

/** Every facet of one body, with the criterion it belongs to. */
export function facetsFor(body: SearchBody): Array<{ criterion: Criterion; facet: Facet }> {
	return criteriaFor(body).flatMap((criterion) =>
		criterion.facets.map((facet) => ({ criterion, facet })),
	);
}

/** A Required switch or a Weight: they tune a search in every mode; the others say what to match. */
export function isTuning(facet: Facet): boolean {
	return facet.kind === 'required' || facet.kind === 'weight';
}

/**
 * The scored parts a body asked about: those of criteria with a value to match (a Required switch
 * or a Weight alone asks nothing).
 */
export function componentsAsked(body: SearchBody, wire: IDataObject): ScoreComponent[] {
	return criteriaFor(body)
		.filter((criterion) =>
			criterion.facets.some((facet) => !isTuning(facet) && wire[facet.field] !== undefined),
		)
		.flatMap((criterion) => (criterion.component ? [criterion.component] : []));
}

/**
 * The weights of the pair score (`GET …/resume_search/match`): each criterion's Weight of the
 * resume search body, sent as a query parameter in snake_case (`jobTitlesWeight` →
 * `job_titles_weight`).
 */
export function matchScoreWeights(): Array<{ criterion: Criterion; facet: Facet; query: string }> {
	return facetsFor('resumeSearch')
		.filter(({ facet }) => facet.kind === 'weight')
		.map(({ criterion, facet }) => ({
			criterion,
			facet,
			query: facet.field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
		}));
}

/** How the panel names a facet, e.g. "Job Titles › Weight", or "Skills" for a criterion's value. */
export function facetLabel(criterion: Criterion, facet: Facet): string {
	return facet.label === criterion.label ? criterion.label : `${criterion.label} › ${facet.label}`;
}
