import type { IDataObject, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { InvalidParameterError } from '../../nodes/shared/errors';
import { buildCriteriaBody } from '../../nodes/Affinda/search/criteriaBody';
import { SEARCH_CRITERIA } from '../../nodes/Affinda/search/criteria';
import { criteriaFor, isTuning } from '../../nodes/Affinda/search/facets';
import { toIndices } from '../../nodes/Affinda/search/indices';
import { buildSearchBody } from '../../nodes/Affinda/search/searchBody';
import { criteriaParameter } from '../../nodes/Affinda/search/searchProperties';
import { SPEC_MATCH_DETAIL_FIELDS, SPEC_RESUME_SEARCH_FIELDS } from '../helpers/spec-fields';

/** Fields the operations set from their own top-level parameters rather than the criteria. */
const TOP_LEVEL_FIELDS = ['indices', 'jobDescription', 'resume'];

const fieldsOf = (body: 'resumeSearch' | 'jobDescriptionMatch') =>
	criteriaFor(body).flatMap((criterion) => criterion.facets.map((facet) => facet.name));

function expectInvalid(build: () => unknown, message: string) {
	let thrown: unknown;
	try {
		build();
	} catch (error) {
		thrown = error;
	}
	expect(thrown).toBeInstanceOf(InvalidParameterError);
	expect((thrown as Error).message).toBe(message);
}

describe('the criteria table', () => {
	test('covers every field of the resume search body, and no other', () => {
		expect([...TOP_LEVEL_FIELDS, ...fieldsOf('resumeSearch')].sort()).toEqual(
			[...SPEC_RESUME_SEARCH_FIELDS].sort(),
		);
	});

	test('covers every field of the job description match detail body, and no other', () => {
		expect(['indices', 'resume', ...fieldsOf('jobDescriptionMatch')].sort()).toEqual(
			[...SPEC_MATCH_DETAIL_FIELDS].sort(),
		);
	});

	test('holds one row per criterion, each field in one row only', () => {
		const fields = SEARCH_CRITERIA.flatMap((criterion) => criterion.facets.map((f) => f.name));
		expect(new Set(fields).size).toBe(fields.length);
		expect(SEARCH_CRITERIA.map((criterion) => criterion.label)).toEqual([
			'Custom Data',
			'Education',
			'Job Titles',
			'Languages',
			'Locations',
			'Management Level',
			'Occupation Groups',
			'Search Expression',
			'Skills',
			'Years of Experience',
		]);
	});

	test('a Required switch and a Weight belong to the criterion they tune', () => {
		for (const criterion of SEARCH_CRITERIA) {
			for (const facet of criterion.facets.filter(isTuning)) {
				expect(facet.name).toMatch(facet.tuning === 'weight' ? /Weight$/ : /Required$/);
			}
		}
		const jobTitles = SEARCH_CRITERIA.find((criterion) => criterion.key === 'jobTitles');
		expect(jobTitles?.facets.map((facet) => facet.name)).toEqual([
			'jobTitles',
			'jobTitlesCurrentOnly',
			'jobTitlesRequired',
			'jobTitlesWeight',
		]);
	});
});

describe('the Criteria parameter derived from the table', () => {
	const parameter = criteriaParameter('resumeSearch');
	const entries = parameter.options as INodePropertyCollection[];
	const entry = (key: string) => entries.find((e) => e.name === key) as INodePropertyCollection;
	const facet = (key: string, field: string) =>
		entry(key).values.find((value) => value.name === field) as INodeProperties;

	test('is one collection with one entry per criterion, each added once', () => {
		expect(parameter).toMatchObject({
			name: 'criteria',
			type: 'fixedCollection',
			typeOptions: { multipleValues: false },
			placeholder: 'Add Criterion',
		});
		expect(entries.map((e) => e.displayName)).toEqual(
			SEARCH_CRITERIA.map((criterion) => criterion.label),
		);
	});

	test('each entry holds its facets under their wire names, value beside Required and Weight', () => {
		for (const criterion of criteriaFor('resumeSearch')) {
			expect(entry(criterion.key).values.map((value) => value.name)).toEqual(
				criterion.facets.map((f) => f.name),
			);
		}
		expect(entry('jobTitles').values.map((value) => value.displayName)).toEqual([
			'Job Titles',
			'Current Job Title Only',
			'Required',
			'Weight',
		]);
	});

	test('nothing starts with a value that would reach the service', () => {
		const all = entries.flatMap((e) => e.values);
		for (const value of all.filter((v) => v.type === 'boolean')) expect(value.default).toBe(false);
		for (const value of all.filter((v) => v.type === 'number')) expect(value.default).toBeNull();
		expect(facet('managementLevel', 'managementLevel')).toMatchObject({
			type: 'options',
			default: '',
			required: true,
		});
		const location = (facet('locations', 'locations').options as INodePropertyCollection[])[0];
		expect(location.values.find((v) => v.name === 'distance')?.default).toBeNull();
		expect(location.values.find((v) => v.name === 'place')).toMatchObject({ required: true });
		const filter = (facet('customData', 'customData').options as INodePropertyCollection[])[0];
		expect(filter.values.find((v) => v.name === 'query')?.default).toBe('');
		expect(filter.values.find((v) => v.name === 'weight')?.default).toBeNull();
	});

	test('weights are bounded to 0..1, years and distances from their minimum', () => {
		for (const criterion of criteriaFor('resumeSearch')) {
			for (const value of entry(criterion.key).values.filter((v) => /Weight$/.test(v.name))) {
				expect(value.typeOptions).toMatchObject({ minValue: 0, maxValue: 1 });
			}
		}
		expect(facet('yearsExperience', 'yearsExperienceMin').typeOptions).toMatchObject({
			minValue: 0,
			numberPrecision: 0,
		});
		const location = (facet('locations', 'locations').options as INodePropertyCollection[])[0];
		expect(location.values.find((v) => v.name === 'distance')?.typeOptions).toMatchObject({
			minValue: 1,
		});
	});

	test('what to match shows only for custom criteria; Required and Weight in every mode', () => {
		expect(facet('skills', 'skills').displayOptions).toEqual({
			show: { '/searchMode': ['custom'] },
		});
		expect(facet('skills', 'skillsWeight').displayOptions).toBeUndefined();
		expect(facet('jobTitles', 'jobTitlesRequired').displayOptions).toBeUndefined();
		// Match detail has no mode: every facet shows.
		const matchEntries = criteriaParameter('jobDescriptionMatch')
			.options as INodePropertyCollection[];
		expect(matchEntries.flatMap((e) => e.values).every((v) => !v.displayOptions)).toBe(true);
	});

	test('the match detail entries hold only its fields', () => {
		const names = (criteriaParameter('jobDescriptionMatch').options as INodePropertyCollection[])
			.flatMap((e) => e.values)
			.map((v) => v.name);
		expect(names).toContain('totalYearsExperience');
		expect(names).toContain('degreeTypes');
		expect(names).not.toContain('yearsExperienceMin');
		expect(names).not.toContain('highestDegreeTypes');
	});
});

describe('criteria → request body', () => {
	test('converts each kind of value to its wire type', () => {
		expect(
			buildCriteriaBody('resumeSearch', {
				jobTitles: ' Engineer ,Developer,, ',
				institutions: ['MIT', ' Monash '],
				jobTitlesCurrentOnly: 'true',
				yearsExperienceMin: '2',
				yearsExperienceMax: 5,
				skills: { values: [{ name: ' Go ', required: 'true' }, { name: 'Rust' }] },
				languages: [{ name: 'French', required: false }],
				locations: { location: [{ place: 'Paris', distance: '' }] },
				highestDegreeTypes: 'masters, doctoral, masters',
				socCodes: '2613, 2611',
				managementLevel: 'Upper',
				searchExpression: '  rust  ',
				skillsWeight: '0.25',
				customData: {
					filter: [{ dataPoint: 'level', filterType: 'range', query: { gte: 2 } }],
				},
			}),
		).toEqual({
			jobTitles: ['Engineer', 'Developer'],
			institutions: ['MIT', 'Monash'],
			jobTitlesCurrentOnly: true,
			yearsExperienceMin: 2,
			yearsExperienceMax: 5,
			skills: [
				{ name: 'Go', required: true },
				{ name: 'Rust', required: false },
			],
			languages: [{ name: 'French', required: false }],
			locations: [{ name: 'Paris' }],
			highestDegreeTypes: ['masters', 'doctoral'],
			socCodes: [2613, 2611],
			managementLevel: 'Upper',
			searchExpression: 'rust',
			skillsWeight: 0.25,
			customData: [{ filterType: 'range', dataPoint: 'level', query: { gte: 2 } }],
		});
	});

	test('leaves out what is not set, keeps what is set to false or 0', () => {
		expect(
			buildCriteriaBody('resumeSearch', {
				jobTitles: '',
				degrees: ' , ',
				socCodes: [],
				searchExpression: '   ',
				skills: {},
				isCurrentStudent: false,
				managementLevelWeight: 0,
				yearsExperienceMin: 0,
			}),
		).toEqual({ isCurrentStudent: false, managementLevelWeight: 0, yearsExperienceMin: 0 });
	});

	test('a body carries only its own fields', () => {
		const values = {
			yearsExperienceMin: 2,
			totalYearsExperience: 4.5,
			degreeTypes: ['school'],
			highestDegreeTypes: ['masters'],
		};
		expect(buildCriteriaBody('resumeSearch', values)).toEqual({
			yearsExperienceMin: 2,
			highestDegreeTypes: ['masters'],
		});
		expect(buildCriteriaBody('jobDescriptionMatch', values)).toEqual({
			totalYearsExperience: 4.5,
			degreeTypes: ['school'],
		});
	});

	test('indices come first and are required', () => {
		expect(buildSearchBody('resumeSearch', 'a, b', { resume: 'r1' }, { skillsWeight: 1 })).toEqual({
			indices: ['a', 'b'],
			resume: 'r1',
			skillsWeight: 1,
		});
		expectInvalid(
			() => toIndices([]),
			'Parameter "Index Names or IDs" (indices) is [], but must be at least one index name',
		);
		expectInvalid(
			() => toIndices(''),
			'Parameter "Index Names or IDs" (indices) is empty, but must be at least one index name',
		);
	});
});

describe('every validation rule names the parameter, the value and what is allowed', () => {
	const invalidCases: Array<[string, IDataObject, string]> = [
		[
			'weight above 1',
			{ jobTitlesWeight: 1.01 },
			'Parameter "Job Titles › Weight" (jobTitlesWeight) is 1.01, but must be a number from 0 to 1',
		],
		[
			'weight below 0',
			{ educationWeight: -0.1 },
			'Parameter "Education › Weight" (educationWeight) is -0.1, but must be a number from 0 to 1',
		],
		[
			'weight not a number',
			{ skillsWeight: 'high' },
			'Parameter "Skills › Weight" (skillsWeight) is "high", but must be a number from 0 to 1',
		],
		[
			'negative minimum years',
			{ yearsExperienceMin: -1 },
			'Parameter "Years of Experience › Minimum" (yearsExperienceMin) is -1, but must be a whole number of 0 or more',
		],
		[
			'fractional maximum years',
			{ yearsExperienceMax: 2.5 },
			'Parameter "Years of Experience › Maximum" (yearsExperienceMax) is 2.5, but must be a whole number of 0 or more',
		],
		[
			'minimum above maximum',
			{ yearsExperienceMin: 9, yearsExperienceMax: 4 },
			'Parameter "Years of Experience › Maximum" (yearsExperienceMax) is 4, but must be a number no smaller than the minimum (9)',
		],
		[
			'flag not a boolean',
			{ isRecentGraduate: 'yes' },
			'Parameter "Education › Recent Graduate" (isRecentGraduate) is "yes", but must be true or false',
		],
		[
			'required flag not a boolean',
			{ skillsWeight: 1, degreesRequired: 1 },
			'Parameter "Education › Degrees Required" (degreesRequired) is 1, but must be true or false',
		],
		[
			'unknown management level',
			{ managementLevel: 'Senior' },
			'Parameter "Management Level" (managementLevel) is "Senior", but must be one of None, Low, Mid, Upper',
		],
		[
			'unknown degree type',
			{ highestDegreeTypes: ['bachelors', 'phd'] },
			'Parameter "Education › Highest Degree Types" (highestDegreeTypes) is "phd", but must be one of bachelors, certificate, doctoral, masters, school',
		],
		[
			'occupation code out of range',
			{ socCodes: [0] },
			'Parameter "Occupation Groups › Occupation Group Names or IDs" (socCodes) is "0", but must be whole numbers from 1 to 9999',
		],
		[
			'occupation code not a number',
			{ socCodes: 'nurse' },
			'Parameter "Occupation Groups › Occupation Group Names or IDs" (socCodes) is "nurse", but must be whole numbers from 1 to 9999',
		],
		[
			'skill without a name',
			{ skills: { values: [{ name: ' ', required: true }] } },
			'Parameter "Skills 1 › Name" (skills[0].name) is empty, but must be a name',
		],
		[
			'location with no place',
			{ locations: { location: [{ place: '' }] } },
			'Parameter "Locations 1 › Place" (locations[0].place) is empty, but must be a place name or coordinates',
		],
		[
			'latitude out of range',
			{ locations: { location: [{ place: '91, 10' }] } },
			'Parameter "Locations 1 › Place" (locations[0].place) is "91, 10", but must be a place name, or latitude (-90 to 90) and longitude (-180 to 180), separated by a comma',
		],
		[
			'distance below 1',
			{ locations: { location: [{ place: 'Oslo', distance: 0 }] } },
			'Parameter "Locations 1 › Distance" (locations[0].distance) is 0, but must be a whole number of 1 or more',
		],
		[
			'unknown distance unit',
			{ locations: { location: [{ place: 'Oslo', unit: 'nm' }] } },
			'Parameter "Locations 1 › Unit" (locations[0].unit) is "nm", but must be one of km, mi',
		],
		[
			'custom data without data point',
			{ customData: { filter: [{ dataPoint: '', query: '{"value": 1}' }] } },
			'Parameter "Custom Data 1 › Data Point" (customData[0].dataPoint) is empty, but must be a data point slug',
		],
		[
			'custom data with unknown filter type',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'contains', query: '{}' }] } },
			'Parameter "Custom Data 1 › Filter Type" (customData[0].filterType) is "contains", but must be one of equals, range',
		],
		[
			'custom data query not JSON',
			{ customData: { filter: [{ dataPoint: 'x', query: '{value: 1' }] } },
			'Parameter "Custom Data 1 › Query" (customData[0].query) is "{value: 1", but must be a JSON object such as {"value": true} or {"gte": 1, "lte": 5}',
		],
		[
			'equals without a value',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'equals', query: '{"gte": 1}' }] } },
			'Parameter "Custom Data 1 › Query" (customData[0].query) is "{\\"gte\\": 1}", but must be {"value": ...} with a boolean, string or number',
		],
		[
			'range without bounds',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'range', query: '{"value": 1}' }] } },
			'Parameter "Custom Data 1 › Query" (customData[0].query) is "{\\"value\\": 1}", but must be {"gte": ..., "lte": ...} with at least one numeric bound',
		],
		[
			'range with a non-numeric bound',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'range', query: { lte: 'soon' } }] } },
			'Parameter "Custom Data 1 › Query" (customData[0].query) is {"lte": "soon"}, but must be {"gte": ..., "lte": ...} with at least one numeric bound',
		],
		[
			'range with a bound written as text, which would reach the service as text',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'range', query: '{"gte": "5"}' }] } },
			'Parameter "Custom Data 1 › Query" (customData[0].query) is "{\\"gte\\": \\"5\\"}", but must be {"gte": ..., "lte": ...} with at least one numeric bound',
		],
		[
			'custom data weight above 1',
			{ customData: { filter: [{ dataPoint: 'x', query: '{"value": true}', weight: 2 }] } },
			'Parameter "Custom Data 1 › Weight" (customData[0].weight) is 2, but must be a number from 0 to 1',
		],
	];

	test.each(invalidCases)('%s', (_, values, message) => {
		expectInvalid(() => buildCriteriaBody('resumeSearch', values), message);
	});

	test('negative total years in the match detail body', () => {
		expectInvalid(
			() => buildCriteriaBody('jobDescriptionMatch', { totalYearsExperience: -2 }),
			'Parameter "Years of Experience › Total" (totalYearsExperience) is -2, but must be a number of 0 or more',
		);
	});
});
