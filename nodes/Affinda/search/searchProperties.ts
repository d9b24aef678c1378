import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { byDisplayName } from '../../shared/order';
import { boundsTypeOptions } from '../../shared/wireRows';
import {
	CUSTOM_DATA_FILTER_TYPES,
	DISTANCE_UNITS,
	ENTRY_ROWS,
	RANKED_BY_MODE,
	RANKED_DOCUMENTS,
	WEIGHT_RANGE,
	type Criterion,
	type Facet,
	type SearchBody,
} from './criteria';
import { criteriaFor, isTuning } from './facets';

type RankedDocuments = (typeof RANKED_DOCUMENTS)[SearchBody];

/**
 * The Criteria parameter, derived from the criteria table: one entry per criterion, added once,
 * holding what to match beside its Required switch and its Weight. Nothing in it starts with a
 * value that would reach the service: a switch starts off and is sent only when on, a weight or a
 * number starts empty, a choice starts unchosen.
 */

/** Entry names inside the repeated collections (n8n nests repeated values one level deeper). */
export const ENTRY = {
	nameFilters: 'values',
	locations: 'location',
	customData: 'filter',
} as const;

/** The search mode parameter; what-to-match facets show only for custom criteria. */
const CUSTOM_MODE_ONLY = { show: { '/searchMode': ['custom'] } };

export function weightProperty(name: string, displayName: string, what: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		// Empty: the service weighs the criterion itself unless the user says otherwise.
		default: null,
		placeholder: 'e.g. 0.8',
		typeOptions: { minValue: WEIGHT_RANGE.min, maxValue: WEIGHT_RANGE.max, numberPrecision: 2 },
		description: `How much ${what} counts in the score, from 0 to 1. Leave empty to let Affinda weigh it.`,
	};
}

/** A facet entered as repeated entries ("Add Skill", "Add Location" ...), each of `values`. */
function repeatedEntries(
	facet: Facet,
	entry: string,
	entryLabel: string,
	values: INodeProperties[],
): INodeProperties {
	return {
		displayName: facet.displayName,
		name: facet.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${entryLabel}`,
		default: {},
		options: [{ name: entry, displayName: entryLabel, values }],
	};
}

function nameFiltersProperty(
	criterion: Criterion,
	facet: Facet,
	ranked: RankedDocuments,
): INodeProperties {
	const singular = criterion.label.replace(/s$/, '');
	return repeatedEntries(facet, ENTRY.nameFilters, singular, [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: singular === 'Skill' ? 'e.g. Python' : 'e.g. French',
		},
		{
			displayName: 'Required',
			name: 'required',
			type: 'boolean',
			default: false,
			description: `Whether to keep only ${ranked.who} have this ${singular.toLowerCase()}`,
		},
	]);
}

function locationsProperty(facet: Facet): INodeProperties {
	return repeatedEntries(facet, ENTRY.locations, 'Location', [
		{
			displayName: 'Place',
			name: 'place',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Sydney, Australia or -33.8688, 151.2093',
			description: 'A place name, or its latitude and longitude separated by a comma',
		},
		{
			displayName: 'Distance',
			name: 'distance',
			type: 'number',
			default: null,
			placeholder: 'e.g. 50',
			typeOptions: boundsTypeOptions(ENTRY_ROWS.distance),
			description: 'Search radius around the place. Leave empty for the service default.',
		},
		{
			displayName: 'Unit',
			name: 'unit',
			type: 'options',
			options: [...DISTANCE_UNITS],
			default: 'km',
			description: 'Unit of the distance; sent only with a distance',
		},
	]);
}

function customDataProperty(facet: Facet, ranked: RankedDocuments): INodeProperties {
	return repeatedEntries(facet, ENTRY.customData, 'Filter', [
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
			default: '',
			required: true,
			description:
				'For equals: {"value": ...} with a boolean, string or number. For range: {"gte": ..., "lte": ...} with at least one bound.',
		},
		{
			displayName: 'Required',
			name: 'required',
			type: 'boolean',
			default: false,
			description: `Whether to keep only ${ranked.plural} whose data point passes this filter`,
		},
		weightProperty('weight', 'Weight', 'this filter'),
	]);
}

/** One facet as a parameter inside its criterion's entry, its bounds those of its row. */
function facetProperty(
	criterion: Criterion,
	facet: Facet,
	ranked: RankedDocuments,
): INodeProperties {
	const { name, displayName, description, placeholder } = facet;
	const what = criterion.label.toLowerCase();
	switch (facet.kind) {
		case 'flag': {
			if (facet.tuning !== 'required') {
				return { displayName, name, type: 'boolean', default: false, description };
			}
			const subject = displayName === 'Required' ? what : displayName.replace(/ Required$/, '');
			return {
				displayName,
				name,
				type: 'boolean',
				default: false,
				description: `Whether to keep only ${ranked.who} match the ${subject.toLowerCase()}`,
			};
		}
		case 'number':
		case 'wholeNumber':
			if (facet.tuning === 'weight') return weightProperty(name, displayName, what);
			return {
				displayName,
				name,
				type: 'number',
				default: null,
				placeholder,
				typeOptions: boundsTypeOptions(facet),
				description,
			};
		case 'choice':
			return {
				displayName,
				name,
				type: 'options',
				options: [...(facet.choices ?? [])],
				// Unchosen: the panel asks for a choice instead of presetting one.
				default: '',
				required: true,
				description,
			};
		case 'choiceList':
			return {
				displayName,
				name,
				type: 'multiOptions',
				options: [...(facet.choices ?? [])],
				default: [],
				description,
			};
		case 'wholeNumberList':
			return {
				displayName,
				name,
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getOccupationGroups' },
				default: [],
				required: true,
				description: `Occupation groups (codes ${facet.bounds?.min} to ${facet.bounds?.max}). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
			};
		case 'nameFilters':
			return nameFiltersProperty(criterion, facet, ranked);
		case 'locations':
			return locationsProperty(facet);
		case 'customData':
			return customDataProperty(facet, ranked);
		default:
			// Text, and text lists: names separated by commas, or a list from an expression.
			return {
				displayName,
				name,
				type: 'string',
				default: '',
				required: true,
				description,
				placeholder,
			};
	}
}

function entryFor(criterion: Criterion, body: SearchBody): INodePropertyCollection {
	return {
		name: criterion.key,
		displayName: criterion.label,
		values: criterion.facets.map((facet) => {
			const property = facetProperty(criterion, facet, RANKED_DOCUMENTS[body]);
			// Matching against a job description or a resume takes what to match from that document.
			return RANKED_BY_MODE.includes(body) && !isTuning(facet)
				? { ...property, displayOptions: CUSTOM_MODE_ONLY }
				: property;
		}),
	};
}

/** The Criteria parameter of one search body, its entries alphabetised as n8n lists options. */
export function criteriaParameter(body: SearchBody): INodeProperties {
	return {
		displayName: 'Criteria',
		name: 'criteria',
		type: 'fixedCollection',
		placeholder: 'Add Criterion',
		typeOptions: { multipleValues: false },
		default: {},
		description:
			'What to look for. Each criterion holds what to match, whether a candidate must match it (Required) and how much it counts (Weight).',
		options: criteriaFor(body)
			.map((criterion) => entryFor(criterion, body))
			.sort(byDisplayName),
	};
}

/**
 * When the node is an AI Agent's tool, the criteria an agent most often needs are ready for the
 * model to fill ($fromAI), so a user need not add each by hand: job titles, skills, a location and
 * years of experience (the fewest a candidate has when ranking resumes; the candidate's own when
 * ranking job descriptions). Each is optional for the model (an empty answer sends nothing).
 */
const COMMON_TOOL_CRITERIA = [
	{
		name: 'jobTitles',
		displayName: 'Job Titles',
		fromAI: 'Job titles to look for, separated by commas; empty for any',
	},
	{
		name: 'skills',
		displayName: 'Skills',
		fromAI: 'Skills to look for, separated by commas; empty for any',
	},
	{
		name: 'locations',
		displayName: 'Location',
		fromAI: 'A city, region or country to search around; empty for anywhere',
	},
] as const;

export const TOOL_CRITERIA = [
	...COMMON_TOOL_CRITERIA,
	{
		name: 'yearsExperienceMin',
		displayName: 'Minimum Years of Experience',
		fromAI: 'Fewest years of total work experience, as a whole number; empty for no minimum',
	},
] as const;

const JOB_DESCRIPTION_TOOL_CRITERIA = [
	...COMMON_TOOL_CRITERIA,
	{
		name: 'totalYearsExperience',
		displayName: 'Years of Experience',
		fromAI: "The candidate's total years of work experience, as a number; empty for any",
	},
] as const;

export type ToolCriterion = (typeof TOOL_CRITERIA | typeof JOB_DESCRIPTION_TOOL_CRITERIA)[number];

/** The tool's criteria of a search body. */
export function toolCriteriaFor(body: SearchBody): readonly ToolCriterion[] {
	return body === 'resumeSearch' ? TOOL_CRITERIA : JOB_DESCRIPTION_TOOL_CRITERIA;
}

export function toolCriteriaParameters(body: SearchBody = 'resumeSearch'): INodeProperties[] {
	return toolCriteriaFor(body).map(({ name, displayName, fromAI }) => ({
		displayName,
		name,
		type: 'string',
		default: `={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${name}', \`${fromAI}\`, 'string', '') }}`,
		description: `${fromAI.split(';')[0]}. Set by the model when the node is an AI Agent's tool.`,
		// Where a Match Against mode exists, the model's criteria are for custom criteria only.
		displayOptions: {
			show: RANKED_BY_MODE.includes(body)
				? { '@tool': [true], searchMode: ['custom'] }
				: { '@tool': [true] },
		},
	}));
}
