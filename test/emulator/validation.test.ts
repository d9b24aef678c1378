// The search bodies are validated as the service would: every bound, enum, type and unknown
// top-level field of both bodies is rejected with a 400 validation_error naming the attr; values on
// the bounds pass; what the published schema leaves open passes. schema-agreement.test.ts compares
// the schema step with the published schema on random bodies; this file checks the answers on the
// wire, and the rules beyond the schema.

import { startEmulator, type Emulator } from './index';
import { SEARCH_FIELDS, type SearchBodyKind } from './search-body';
import { clientFor, type Answer, type Client } from './test-client';
import {
	SPEC_MATCH_DETAIL_ABSENT,
	SPEC_MATCH_DETAIL_FIELDS,
	SPEC_RESUME_SEARCH_FIELDS,
} from '../helpers/spec-fields';

let emulator: Emulator;
let api: Client;
let jdPath: string;

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 150, jobDescriptionCount: 10 });
	api = clientFor(emulator);
	jdPath = `/v2/job_description_search/details/${emulator.fixtures.jobDescriptions[0].identifier}`;
});
afterAll(() => emulator.stop());

/** Every route that reads a search body: the body it reads, where, and what a success answers. */
type Route = SearchBodyKind | 'resumeSearchDetail';
const BODIES: Record<
	Route,
	{ kind: SearchBodyKind; path: () => string; base: () => Record<string, unknown>; ok: number }
> = {
	resumeSearch: {
		kind: 'resumeSearch',
		path: () => '/v2/resume_search',
		base: () => ({ indices: [emulator.fixtures.indices.resumes] }),
		ok: 200,
	},
	resumeSearchDetail: {
		kind: 'resumeSearch',
		path: () => `/v2/resume_search/details/${emulator.fixtures.resumes[0].identifier}`,
		base: () => ({ indices: [emulator.fixtures.indices.resumes] }),
		ok: 200,
	},
	jobDescriptionDetail: {
		kind: 'jobDescriptionDetail',
		path: () => jdPath,
		base: () => ({ indices: [emulator.fixtures.indices.jobDescriptions] }),
		ok: 200,
	},
	jobDescriptionSearch: {
		kind: 'jobDescriptionSearch',
		path: () => '/v2/job_description_search',
		base: () => ({ indices: [emulator.fixtures.indices.jobDescriptions] }),
		ok: 201,
	},
};

async function send(route: Route, fields: Record<string, unknown>, query = '') {
	const { path, base } = BODIES[route];
	return api.post(`${path()}${query}`, { ...base(), ...fields });
}

/** Expects a 400 validation_error carrying (at least) this attr and code. */
function expectRejected(answer: Answer, attr: string, code: string): void {
	expect(answer.status).toBe(400);
	expect(answer.body.type).toBe('validation_error');
	for (const error of answer.body.errors) {
		expect(error).toEqual({
			attr: expect.anything(),
			code: expect.any(String),
			detail: expect.any(String),
		});
	}
	expect(answer.body.errors).toContainEqual(expect.objectContaining({ attr, code }));
}

const fieldsOf = (kind: SearchBodyKind) =>
	SEARCH_FIELDS.filter((row) => row.bodies.includes(kind)).map((row) => row.name);

it("knows exactly the specification's fields of both bodies", () => {
	expect([...fieldsOf('resumeSearch')].sort()).toEqual([...SPEC_RESUME_SEARCH_FIELDS].sort());
	expect([...fieldsOf('jobDescriptionDetail')].sort()).toEqual(
		[...SPEC_MATCH_DETAIL_FIELDS].sort(),
	);
});

describe.each([
	'resumeSearch',
	'resumeSearchDetail',
	'jobDescriptionDetail',
	'jobDescriptionSearch',
] as const)('%s body', (route) => {
	const { kind, ok } = BODIES[route];
	const weights = SEARCH_FIELDS.filter(
		(r) => r.bodies.includes(kind) && r.name.endsWith('Weight'),
	).map((r) => r.name);

	it.each(weights)(
		'%s: 0 and 1 pass, -0.01 and 1.01 are out of bounds, "0.5" is not a number',
		async (field) => {
			expect((await send(route, { [field]: 0 })).status).toBe(ok);
			expect((await send(route, { [field]: 1 })).status).toBe(ok);
			expectRejected(await send(route, { [field]: -0.01 }), field, 'min_value');
			expectRejected(await send(route, { [field]: 1.01 }), field, 'max_value');
			expectRejected(await send(route, { [field]: '0.5' }), field, 'invalid');
		},
	);

	it.each(
		fieldsOf(kind).filter(
			(f) => f.endsWith('Required') || f === 'jobTitlesCurrentOnly' || f.startsWith('is'),
		),
	)('%s must be a JSON boolean', async (field) => {
		expect((await send(route, { [field]: true })).status).toBe(ok);
		expectRejected(await send(route, { [field]: 'true' }), field, 'invalid');
	});

	it('requires indices, as a non-empty list of existing names', async () => {
		const { path } = BODIES[route];
		expectRejected(await api.post(path(), {}), 'indices', 'required');
		expectRejected(await send(route, { indices: [] }), 'indices', 'empty');
		expectRejected(await send(route, { indices: 'all-resumes' }), 'indices', 'not_a_list');
		expectRejected(await send(route, { indices: [''] }), 'indices', 'does_not_exist');
		expectRejected(await send(route, { indices: ['no-such-index'] }), 'indices', 'does_not_exist');
	});

	it('answers a null body: the detail schema allows it, but indices are required', async () => {
		const answer = await api.fetch(BODIES[route].path(), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: 'null',
		});
		expect(answer.status).toBe(400);
		const { errors } = await answer.json();
		expect(errors).toEqual([
			kind !== 'resumeSearch'
				? { attr: 'indices', code: 'required', detail: 'This field is required.' }
				: { attr: 'non_field_errors', code: 'null', detail: 'This field may not be null.' },
		]);
	});

	it('rejects unknown top-level fields (the published bodies are closed)', async () => {
		expectRejected(await send(route, { bogus: 1 }), 'bogus', 'unknown_field');
	});

	it('ignores other fields in skill, language, location and customData filters (the published filters are open)', async () => {
		const answer = await send(route, {
			skills: [{ name: 'Python', level: 'expert' }],
			languages: [{ name: 'English', fluency: 'native' }],
			locations: [
				{ name: 'Sydney', radius: 5 },
				{ coordinates: { latitude: 1, longitude: 2, altitude: 3 } },
			],
			customData: [
				{ filterType: 'equals', dataPoint: 'isAvailable', query: { value: true }, note: 'x' },
			],
		});
		expect(answer.status).toBe(ok);
		// Dropped, as the service's serializer drops fields it does not declare.
		if (route === 'resumeSearch' || route === 'jobDescriptionSearch') {
			expect(answer.body.parameters).toMatchObject({
				skills: [{ name: 'Python' }],
				languages: [{ name: 'English' }],
				locations: [{ name: 'Sydney' }, { coordinates: { latitude: 1, longitude: 2 } }],
				customData: [{ filterType: 'equals', dataPoint: 'isAvailable', query: { value: true } }],
			});
			expect(JSON.stringify(answer.body.parameters)).not.toMatch(
				/level|fluency|radius|altitude|note/,
			);
		}
	});

	it('takes a skill or language filter without a name, as the published schema does: it asks for nothing', async () => {
		expect((await send(route, { skills: [{ required: true }] })).status).toBe(ok);
		expect((await send(route, { languages: [{}, { name: '', required: true }] })).status).toBe(ok);
		const python = { name: 'Python', required: true };
		const withNameless = await send(route, { skills: [{ required: true }, python] });
		const alone = await send(route, { skills: [python] });
		expect(withNameless.status).toBe(ok);
		// The same answer but for the echo of what was asked.
		delete withNameless.body.parameters;
		delete alone.body.parameters;
		expect(withNameless.body).toEqual(alone.body);
	});

	it('checks socCodes (integers 1..9999), managementLevel, locations and name filters', async () => {
		expect((await send(route, { socCodes: [1, 9999] })).status).toBe(ok);
		expectRejected(await send(route, { socCodes: [0] }), 'socCodes.0', 'min_value');
		expectRejected(await send(route, { socCodes: [10000] }), 'socCodes.0', 'max_value');
		expectRejected(await send(route, { socCodes: [21.5] }), 'socCodes.0', 'invalid');
		for (const level of ['None', 'Low', 'Mid', 'Upper', null])
			expect((await send(route, { managementLevel: level })).status).toBe(ok);
		expectRejected(
			await send(route, { managementLevel: 'Senior' }),
			'managementLevel',
			'invalid_choice',
		);
		expect(
			(
				await send(route, {
					locations: [
						{
							name: 'Sydney',
							coordinates: { latitude: -90, longitude: 180 },
							distance: 1,
							unit: 'mi',
						},
					],
				})
			).status,
		).toBe(ok);
		expectRejected(
			await send(route, { locations: [{ distance: 0 }] }),
			'locations.0.distance',
			'min_value',
		);
		expectRejected(
			await send(route, { locations: [{ unit: 'yd' }] }),
			'locations.0.unit',
			'invalid_choice',
		);
		// The published schema bounds neither coordinate.
		expect(
			(await send(route, { locations: [{ coordinates: { latitude: 90.5, longitude: -180.5 } }] }))
				.status,
		).toBe(ok);
		expectRejected(
			await send(route, { locations: [{ distance: 2.5 }] }),
			'locations.0.distance',
			'invalid',
		);
		expectRejected(
			await send(route, { locations: [{ coordinates: { latitude: '1' } }] }),
			'locations.0.coordinates.latitude',
			'invalid',
		);
		expectRejected(await send(route, { languages: [{ name: 5 }] }), 'languages.0.name', 'invalid');
		expectRejected(await send(route, { jobTitles: 'Engineer' }), 'jobTitles', 'not_a_list');
	});

	it('checks customData filters: filterType, dataPoint, query shape, weight', async () => {
		const filter = { filterType: 'equals', dataPoint: 'isAvailable', query: { value: true } };
		expect(
			(await send(route, { customData: [{ ...filter, required: true, weight: 1 }] })).status,
		).toBe(ok);
		expect(
			(
				await send(route, {
					customData: [
						{ filterType: 'range', dataPoint: 'expectedSalary', query: { gte: 1, lte: 2 } },
					],
				})
			).status,
		).toBe(ok);
		expectRejected(
			await send(route, { customData: [{ ...filter, filterType: 'between' }] }),
			'customData.0.filterType',
			'invalid_choice',
		);
		expectRejected(
			await send(route, { customData: [{ filterType: 'equals', query: { value: 1 } }] }),
			'customData.0.dataPoint',
			'required',
		);
		expectRejected(
			await send(route, { customData: [{ ...filter, weight: 1.5 }] }),
			'customData.0.weight',
			'max_value',
		);
		expectRejected(
			await send(route, { customData: [{ ...filter, weight: -1 }] }),
			'customData.0.weight',
			'min_value',
		);
		expectRejected(
			await send(route, { customData: [{ ...filter, query: { gte: 3 } }] }),
			'customData.0.query',
			'invalid',
		);
		expectRejected(
			await send(route, {
				customData: [{ filterType: 'range', dataPoint: 'expectedSalary', query: {} }],
			}),
			'customData.0.query',
			'invalid',
		);
		// The specification's (v2) filter has no `field`: it is ignored, and dataPoint still needed.
		expect(
			(await send(route, { customData: [{ ...filter, field: 'expectedSalary' }] })).status,
		).toBe(ok);
		expectRejected(
			await send(route, {
				customData: [{ filterType: 'equals', field: 'isAvailable', query: { value: true } }],
			}),
			'customData.0.dataPoint',
			'required',
		);
		expectRejected(
			await send(route, { customData: [{ ...filter, dataPoint: 'shoeSize' }] }),
			'customData.0.dataPoint',
			'does_not_exist',
		);
		expectRejected(
			await send(route, {
				customData: [{ filterType: 'range', dataPoint: 'isAvailable', query: { gte: 1 } }],
			}),
			'customData.0.filterType',
			'invalid',
		);
		expectRejected(
			await send(route, { customData: [{ ...filter, query: { value: 'yes' } }] }),
			'customData.0.query',
			'invalid',
		);
	});

	it('reports a malformed search expression', async () => {
		expect(
			(await send(route, { searchExpression: '(python OR "machine learning") AND NOT php' }))
				.status,
		).toBe(ok);
		expectRejected(
			await send(route, { searchExpression: '(python OR java' }),
			'searchExpression',
			'invalid',
		);
		expectRejected(
			await send(route, { searchExpression: 'python AND' }),
			'searchExpression',
			'invalid',
		);
	});
});

describe('resume search body', () => {
	it('bounds years of experience: integers from 0, or null', async () => {
		for (const field of ['yearsExperienceMin', 'yearsExperienceMax']) {
			expect((await send('resumeSearch', { [field]: 0 })).status).toBe(200);
			expect((await send('resumeSearch', { [field]: null })).status).toBe(200);
			expectRejected(await send('resumeSearch', { [field]: -1 }), field, 'min_value');
			expectRejected(await send('resumeSearch', { [field]: 2.5 }), field, 'invalid');
		}
	});

	it('bounds limit to 1..50 and offset to 0 or more, reporting both with body errors', async () => {
		expect((await send('resumeSearch', {}, '?limit=1&offset=0')).status).toBe(200);
		expect((await send('resumeSearch', {}, '?limit=50')).status).toBe(200);
		expectRejected(await send('resumeSearch', {}, '?limit=0'), 'limit', 'min_value');
		expectRejected(await send('resumeSearch', {}, '?limit=51'), 'limit', 'max_value');
		expectRejected(await send('resumeSearch', {}, '?limit=ten'), 'limit', 'invalid');
		expectRejected(await send('resumeSearch', {}, '?offset=-1'), 'offset', 'min_value');
		const both = await send('resumeSearch', { jobTitlesWeight: 2 }, '?limit=99&offset=-5');
		expect(both.body.errors.map((e: { attr: string }) => e.attr)).toEqual([
			'limit',
			'offset',
			'jobTitlesWeight',
		]);
	});

	it('takes highestDegreeTypes from the enumeration, unique, null allowed', async () => {
		expect(
			(
				await send('resumeSearch', {
					highestDegreeTypes: ['school', 'certificate', 'bachelors', 'masters', 'doctoral', null],
				})
			).status,
		).toBe(200);
		expectRejected(
			await send('resumeSearch', { highestDegreeTypes: ['phd'] }),
			'highestDegreeTypes.0',
			'invalid_choice',
		);
		expectRejected(
			await send('resumeSearch', { highestDegreeTypes: ['masters', 'masters'] }),
			'highestDegreeTypes',
			'unique',
		);
	});

	it('has none of the job description detail body’s own fields', async () => {
		for (const field of ['totalYearsExperience', 'degreeTypes', 'degreeTypesRequired']) {
			expectRejected(await send('resumeSearch', { [field]: null }), field, 'unknown_field');
		}
	});

	it('refuses a job description index, unknown documents, and jobDescription with resume together', async () => {
		expectRejected(
			await send('resumeSearch', { indices: [emulator.fixtures.indices.jobDescriptions] }),
			'indices',
			'invalid',
		);
		expectRejected(
			await send('resumeSearch', { jobDescription: 'nOsUcHdC' }),
			'jobDescription',
			'does_not_exist',
		);
		expectRejected(
			await send('resumeSearch', { resume: emulator.fixtures.jobDescriptions[0].identifier }),
			'resume',
			'does_not_exist',
		);
		const both = await send('resumeSearch', {
			jobDescription: emulator.fixtures.jobDescriptions[0].identifier,
			resume: emulator.fixtures.resumes[0].identifier,
		});
		expectRejected(both, 'non_field_errors', 'invalid');
	});

	it('on the v3 path, a customData filter needs field or dataPoint, naming an existing point', async () => {
		const post = (filter: Record<string, unknown>) =>
			api.post('/v3/resume_search', {
				indices: ['all-resumes'],
				customData: [{ filterType: 'equals', query: { value: true }, ...filter }],
			});
		expectRejected(await post({}), 'customData.0.dataPoint', 'required');
		expectRejected(await post({ field: null, dataPoint: null }), 'customData.0.field', 'required');
		expectRejected(await post({ field: '' }), 'customData.0.field', 'does_not_exist');
		expect((await post({ dataPoint: 'isAvailable' })).status).toBe(201);
	});

	it('accepts customData `field` on the v3 path (201, as the current service answers)', async () => {
		const answer = await api.post('/v3/resume_search', {
			indices: ['all-resumes'],
			customData: [{ filterType: 'equals', field: 'isAvailable', query: { value: true } }],
		});
		expect(answer.status).toBe(201);
	});
});

describe('job description search detail body', () => {
	const absent = SPEC_MATCH_DETAIL_ABSENT;

	it.each(absent)('has no %s field', async (field) => {
		expectRejected(await send('jobDescriptionDetail', { [field]: null }), field, 'unknown_field');
	});

	it('takes totalYearsExperience (number or null), degreeTypes and degreeTypesRequired', async () => {
		expect(
			(
				await send('jobDescriptionDetail', {
					totalYearsExperience: 4.5,
					degreeTypes: ['bachelors'],
					degreeTypesRequired: true,
				})
			).status,
		).toBe(200);
		expect((await send('jobDescriptionDetail', { totalYearsExperience: null })).status).toBe(200);
		expectRejected(
			await send('jobDescriptionDetail', { totalYearsExperience: '4' }),
			'totalYearsExperience',
			'invalid',
		);
		expectRejected(
			await send('jobDescriptionDetail', { degreeTypes: ['masters', 'phd'] }),
			'degreeTypes.1',
			'invalid_choice',
		);
	});

	it('answers 404 for an unknown job description and refuses a resume index', async () => {
		expect(
			(
				await api.post('/v2/job_description_search/details/nOsUcHdC', {
					indices: ['all-job-descriptions'],
				})
			).status,
		).toBe(404);
		expectRejected(
			await send('jobDescriptionDetail', { indices: [emulator.fixtures.indices.resumes] }),
			'indices',
			'invalid',
		);
	});
});

describe('request framing', () => {
	it('answers 415 to a body that is not JSON and 400 parse_error to malformed JSON', async () => {
		const form = await api.fetch('/v2/resume_search', {
			method: 'POST',
			headers: { 'Content-Type': 'text/plain' },
			body: 'indices=all-resumes',
		});
		expect(form.status).toBe(415);
		expect((await form.json()).errors[0].code).toBe('unsupported_media_type');
		const broken = await api.fetch('/v2/resume_search', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{"indices": [',
		});
		expect(broken.status).toBe(400);
		expect((await broken.json()).errors[0].code).toBe('parse_error');
	});

	it('rejects a body that is not an object', async () => {
		expectRejected(
			await api.post('/v2/resume_search', ['all-resumes']),
			'non_field_errors',
			'invalid',
		);
	});
});
