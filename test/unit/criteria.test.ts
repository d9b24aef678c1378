import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { InvalidParameterError } from '../../nodes/Affinda/helpers/errors';
import {
	buildCriteriaBody,
	criteriaFor,
	criteriaProperties,
	SEARCH_CRITERIA,
} from '../../nodes/Affinda/search/criteria';
import { buildSearchBody, toIndices } from '../../nodes/Affinda/search/input';
import { SPEC_MATCH_DETAIL_FIELDS, SPEC_RESUME_SEARCH_FIELDS } from '../helpers/spec-fields';

/** Fields the operations set from their own top-level parameters rather than the criteria. */
const TOP_LEVEL_FIELDS = ['indices', 'jobDescription', 'resume'];

const fieldsOf = (body: 'resumeSearch' | 'jobDescriptionMatch') =>
	criteriaFor(body).map((criterion) => criterion.field);

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

	test('lists each field once', () => {
		const fields = SEARCH_CRITERIA.map((criterion) => criterion.field);
		expect(new Set(fields).size).toBe(fields.length);
	});
});

describe('node parameters derived from the table', () => {
	const collections = criteriaProperties('resumeSearch');
	const byName = (name: string) =>
		collections.find((c) => c.name === name)?.options as INodeProperties[];

	test('are three collections whose options carry the wire field names', () => {
		expect(collections.map((c) => [c.name, c.type])).toEqual([
			['criteria', 'collection'],
			['requiredCriteria', 'collection'],
			['weights', 'collection'],
		]);
		const names = collections.flatMap((c) => (c.options as INodeProperties[]).map((o) => o.name));
		expect(names.sort()).toEqual(fieldsOf('resumeSearch').sort());
	});

	test('every weight is a number bounded to 0..1, every required flag a boolean', () => {
		for (const weight of byName('weights')) {
			expect(weight.name).toMatch(/Weight$/);
			expect(weight.type).toBe('number');
			expect(weight.typeOptions).toMatchObject({ minValue: 0, maxValue: 1 });
		}
		for (const flag of byName('requiredCriteria')) {
			expect(flag.name).toMatch(/Required$/);
			expect(flag.type).toBe('boolean');
			expect(flag.description).toMatch(/^Whether /);
		}
	});

	test('years and the location distance carry their lower bounds', () => {
		const criteria = byName('criteria');
		for (const name of ['yearsExperienceMin', 'yearsExperienceMax']) {
			expect(criteria.find((o) => o.name === name)?.typeOptions).toMatchObject({
				minValue: 0,
				numberPrecision: 0,
			});
		}
		const locations = criteria.find((o) => o.name === 'locations') as unknown as IDataObject;
		const values = (locations.options as IDataObject[])[0].values as INodeProperties[];
		expect(values.find((v) => v.name === 'distance')?.typeOptions).toMatchObject({ minValue: 1 });
		expect(values.find((v) => v.name === 'unit')?.options).toEqual([
			{ name: 'Kilometers', value: 'km' },
			{ name: 'Miles', value: 'mi' },
		]);
	});

	test("enumerations are the specification's", () => {
		const criteria = byName('criteria');
		const values = (name: string) =>
			(criteria.find((o) => o.name === name)?.options as unknown as IDataObject[]).map(
				(o) => o.value,
			);
		expect(values('highestDegreeTypes')).toEqual([
			'bachelors',
			'certificate',
			'doctoral',
			'masters',
			'school',
		]);
		expect(values('managementLevel')).toEqual(['None', 'Low', 'Mid', 'Upper']);
	});

	test('options are alphabetised, as n8n lists them', () => {
		for (const collection of [...collections, ...criteriaProperties('jobDescriptionMatch')]) {
			const names = (collection.options as INodeProperties[]).map((o) => o.displayName);
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		}
	});

	test('the match detail collections hold only its fields', () => {
		const names = criteriaProperties('jobDescriptionMatch').flatMap((c) =>
			(c.options as INodeProperties[]).map((o) => o.name),
		);
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
				locations: { location: [{ name: 'Paris', coordinates: '', distance: '' }] },
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
			'Parameter "Job Titles" (jobTitlesWeight) is 1.01, but must be a number from 0 to 1',
		],
		[
			'weight below 0',
			{ educationWeight: -0.1 },
			'Parameter "Education" (educationWeight) is -0.1, but must be a number from 0 to 1',
		],
		[
			'weight not a number',
			{ skillsWeight: 'high' },
			'Parameter "Skills" (skillsWeight) is "high", but must be a number from 0 to 1',
		],
		[
			'negative minimum years',
			{ yearsExperienceMin: -1 },
			'Parameter "Minimum Years of Experience" (yearsExperienceMin) is -1, but must be a whole number of 0 or more',
		],
		[
			'fractional maximum years',
			{ yearsExperienceMax: 2.5 },
			'Parameter "Maximum Years of Experience" (yearsExperienceMax) is 2.5, but must be a whole number of 0 or more',
		],
		[
			'minimum above maximum',
			{ yearsExperienceMin: 9, yearsExperienceMax: 4 },
			'Parameter "Maximum Years of Experience" (yearsExperienceMax) is 4, but must be a number no smaller than Minimum Years of Experience (9)',
		],
		[
			'flag not a boolean',
			{ isRecentGraduate: 'yes' },
			'Parameter "Is Recent Graduate" (isRecentGraduate) is "yes", but must be true or false',
		],
		[
			'required flag not a boolean',
			{ skillsWeight: 1, degreesRequired: 1 },
			'Parameter "Degrees" (degreesRequired) is 1, but must be true or false',
		],
		[
			'unknown management level',
			{ managementLevel: 'Senior' },
			'Parameter "Management Level" (managementLevel) is "Senior", but must be one of None, Low, Mid, Upper',
		],
		[
			'unknown degree type',
			{ highestDegreeTypes: ['bachelors', 'phd'] },
			'Parameter "Highest Degree Types" (highestDegreeTypes) is "phd", but must be one of bachelors, certificate, doctoral, masters, school',
		],
		[
			'occupation code out of range',
			{ socCodes: [0] },
			'Parameter "Occupation Group Names or IDs" (socCodes) is "0", but must be whole numbers from 1 to 9999',
		],
		[
			'occupation code not a number',
			{ socCodes: 'nurse' },
			'Parameter "Occupation Group Names or IDs" (socCodes) is "nurse", but must be whole numbers from 1 to 9999',
		],
		[
			'skill without a name',
			{ skills: { values: [{ name: ' ', required: true }] } },
			'Parameter "Skills 1 › Name" (skills[0].name) is empty, but must be a non-empty name',
		],
		[
			'location with neither name nor coordinates',
			{ locations: { location: [{ name: '', coordinates: '' }] } },
			'Parameter "Locations 1 › Name" (locations[0].name) is empty, but must be a place name or coordinates',
		],
		[
			'latitude out of range',
			{ locations: { location: [{ coordinates: '91, 10' }] } },
			'Parameter "Locations 1 › Coordinates" (locations[0].coordinates) is "91, 10", but must be latitude (-90 to 90) and longitude (-180 to 180), comma-separated',
		],
		[
			'coordinates not a pair',
			{ locations: { location: [{ coordinates: '10' }] } },
			'Parameter "Locations 1 › Coordinates" (locations[0].coordinates) is "10", but must be latitude (-90 to 90) and longitude (-180 to 180), comma-separated',
		],
		[
			'distance below 1',
			{ locations: { location: [{ name: 'Oslo', distance: 0 }] } },
			'Parameter "Locations 1 › Distance" (locations[0].distance) is 0, but must be a whole number of 1 or more',
		],
		[
			'unknown distance unit',
			{ locations: { location: [{ name: 'Oslo', unit: 'nm' }] } },
			'Parameter "Locations 1 › Unit" (locations[0].unit) is "nm", but must be one of km, mi',
		],
		[
			'custom data without data point',
			{ customData: { filter: [{ dataPoint: '', query: '{"value": 1}' }] } },
			'Parameter "Custom Data Filters 1 › Data Point" (customData[0].dataPoint) is empty, but must be a data point slug',
		],
		[
			'custom data with unknown filter type',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'contains', query: '{}' }] } },
			'Parameter "Custom Data Filters 1 › Filter Type" (customData[0].filterType) is "contains", but must be one of equals, range',
		],
		[
			'custom data query not JSON',
			{ customData: { filter: [{ dataPoint: 'x', query: '{value: 1' }] } },
			'Parameter "Custom Data Filters 1 › Query" (customData[0].query) is "{value: 1", but must be a JSON object such as {"value": true} or {"gte": 1, "lte": 5}',
		],
		[
			'equals without a value',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'equals', query: '{"gte": 1}' }] } },
			'Parameter "Custom Data Filters 1 › Query" (customData[0].query) is "{\\"gte\\": 1}", but must be {"value": ...} with a boolean, string or number',
		],
		[
			'range without bounds',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'range', query: '{"value": 1}' }] } },
			'Parameter "Custom Data Filters 1 › Query" (customData[0].query) is "{\\"value\\": 1}", but must be {"gte": ..., "lte": ...} with at least one numeric bound',
		],
		[
			'range with a non-numeric bound',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'range', query: { lte: 'soon' } }] } },
			'Parameter "Custom Data Filters 1 › Query" (customData[0].query) is {"lte": "soon"}, but must be {"gte": ..., "lte": ...} with at least one numeric bound',
		],
		[
			'range with a bound written as text, which would reach the service as text',
			{ customData: { filter: [{ dataPoint: 'x', filterType: 'range', query: '{"gte": "5"}' }] } },
			'Parameter "Custom Data Filters 1 › Query" (customData[0].query) is "{\\"gte\\": \\"5\\"}", but must be {"gte": ..., "lte": ...} with at least one numeric bound',
		],
		[
			'custom data weight above 1',
			{ customData: { filter: [{ dataPoint: 'x', query: '{"value": true}', weight: 2 }] } },
			'Parameter "Custom Data Filters 1 › Weight" (customData[0].weight) is 2, but must be a number from 0 to 1',
		],
	];

	test.each(invalidCases)('%s', (_, values, message) => {
		expectInvalid(() => buildCriteriaBody('resumeSearch', values), message);
	});

	test('negative total years in the match detail body', () => {
		expectInvalid(
			() => buildCriteriaBody('jobDescriptionMatch', { totalYearsExperience: -2 }),
			'Parameter "Total Years of Experience" (totalYearsExperience) is -2, but must be a number of 0 or more',
		);
	});
});
