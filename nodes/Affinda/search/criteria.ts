import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The search criteria of the two search bodies, written once: one row per criterion, as the panel
 * shows it, with its facets (what to match, its Required switch, its Weight). A facet's `field`
 * is both its parameter's internal name and its field on the wire (the bodies are flat); its
 * `kind` says how it is entered, bounded and sent. Node parameters (search/parameters.ts),
 * reading and checking (search/body.ts) all derive from this table.
 */

export type SearchBody = 'resumeSearch' | 'jobDescriptionMatch';

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
	facets: readonly Facet[];
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
		facets: [{ field: 'skills', kind: 'nameFilters', label: 'Skills' }, weight('skillsWeight')],
	},
	{
		key: 'yearsExperience',
		label: 'Years of Experience',
		description: 'Years of total work experience',
		bodies: BOTH,
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
export function tunes(facet: Facet): boolean {
	return facet.kind === 'required' || facet.kind === 'weight';
}

/** How the panel names a facet, e.g. "Job Titles › Weight", or "Skills" for a criterion's value. */
export function facetLabel(criterion: Criterion, facet: Facet): string {
	return facet.label === criterion.label ? criterion.label : `${criterion.label} › ${facet.label}`;
}
