// Ranking is real: scores are the weighted mean of the criteria, weights change the order,
// required criteria filter (checked against the seeded data directly), and matching a job
// description or a resume derives the criteria from it.

import type { JobDescriptionFields } from './data/types';
import { startEmulator, type Emulator } from './index';
import { RESULT_COMPONENTS } from './ranking/criteria';
import type { ResumeProfile } from './ranking/profile';
import { clientFor, type Client, type Json } from './test-client';

let emulator: Emulator;
let api: Client;
const INDEX = 'all-resumes';

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 600, jobDescriptionCount: 20 });
	api = clientFor(emulator);
});
afterAll(() => emulator.stop());

type Result = Json;

async function search(
	body: Record<string, unknown>,
	limit = 50,
): Promise<{ count: number; results: Result[]; parameters: unknown; next: string | null }> {
	const answer = await api.post(`/v2/resume_search?limit=${limit}`, { indices: [INDEX], ...body });
	expect(answer.status).toBe(200);
	return answer.body;
}

/** Every result of a search, following `next` (re-POSTing the same body). */
async function searchAll(body: Record<string, unknown>): Promise<Result[]> {
	const pages = await api.searchPages('/v2/resume_search?limit=50', { indices: [INDEX], ...body });
	return pages.flatMap((page) => page.results);
}

/** The seeded profiles, to check filters against the data rather than against the ranking code. */
function profiles(): Array<{ identifier: string; profile: ResumeProfile }> {
	return emulator.store
		.indexedDocuments([INDEX])
		.map((doc) => ({ identifier: doc.identifier, profile: emulator.store.profileOf(doc) }));
}

const isDescending = (scores: number[]): boolean =>
	scores.every((s, i) => i === 0 || scores[i - 1] >= s);

describe('scores and weights', () => {
	it('scores each result as the weighted mean of its criteria, best first', async () => {
		const { results, count } = await search({
			jobTitles: ['Software Engineer'],
			jobTitlesWeight: 0.8,
			skills: [{ name: 'Python' }, { name: 'AWS' }],
			skillsWeight: 0.2,
		});
		expect(count).toBe(600);
		expect(isDescending(results.map((r) => r.score))).toBe(true);
		for (const r of results) {
			expect(r.score).toBeCloseTo(0.8 * r.jobTitle.score + 0.2 * r.skills.score, 3);
			for (const { key } of RESULT_COMPONENTS) {
				expect(r[key]).toEqual({
					label: expect.any(String),
					value: expect.any(String),
					score: expect.any(Number),
				});
				expect(r[key].score).toBeGreaterThanOrEqual(0);
				expect(r[key].score).toBeLessThanOrEqual(1);
			}
			expect(r).toMatchObject({
				identifier: expect.any(String),
				pdf: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/media\/documents\/\w+\.pdf$/),
				name: expect.any(String),
				customData: {},
			});
		}
	});

	it('orders by the criterion that carries the weight', async () => {
		const criteria = {
			jobTitles: ['Data Analyst'],
			skills: [{ name: 'Kubernetes' }, { name: 'Terraform' }],
		};
		const byTitle = await search({ ...criteria, jobTitlesWeight: 1, skillsWeight: 0 });
		const bySkills = await search({ ...criteria, jobTitlesWeight: 0, skillsWeight: 1 });
		expect(isDescending(byTitle.results.map((r) => r.jobTitle.score))).toBe(true);
		expect(isDescending(bySkills.results.map((r) => r.skills.score))).toBe(true);
		expect(byTitle.results[0].jobTitle.value).toMatch(/Data Analyst/);
		expect(bySkills.results[0].skills.value).toBe('Kubernetes, Terraform');
		expect(byTitle.results[0].identifier).not.toBe(bySkills.results[0].identifier);
	});

	it('leaves a criterion of weight 0 out of the score but still explains it', async () => {
		const { results } = await search({
			languages: [{ name: 'English' }],
			languagesWeight: 1,
			managementLevel: 'Mid',
			managementLevelWeight: 0,
		});
		for (const r of results) {
			expect(r.score).toBeCloseTo(r.languages.score, 4);
			expect(r.managementLevel.label).toBe('Management level');
		}
		expect(results.some((r) => r.managementLevel.score === 1)).toBe(true);
	});

	it('scores 0 for every resume when no criterion is given, in index order', async () => {
		const { results } = await search({}, 5);
		expect(results.map((r) => r.score)).toEqual([0, 0, 0, 0, 0]);
		expect(results.map((r) => r.identifier)).toEqual(
			emulator.store.indices.get(INDEX)?.documents.slice(0, 5),
		);
	});

	it('echoes the request body as parameters', async () => {
		const body = {
			indices: [INDEX],
			jobTitles: ['Nurse'],
			skillsWeight: 0.3,
			yearsExperienceMin: null,
		};
		const answer = await api.post('/v2/resume_search', body);
		expect(answer.body.parameters).toEqual(body);
	});
});

describe('required criteria filter', () => {
	const haversine = (a: [number, number], b: [number, number]): number => {
		const r = Math.PI / 180;
		const h =
			Math.sin(((b[0] - a[0]) * r) / 2) ** 2 +
			Math.cos(a[0] * r) * Math.cos(b[0] * r) * Math.sin(((b[1] - a[1]) * r) / 2) ** 2;
		return 12742 * Math.asin(Math.sqrt(h));
	};
	const SYDNEY: [number, number] = [-33.8688, 151.2093];

	const cases: Array<[string, Record<string, unknown>, (p: ResumeProfile) => boolean]> = [
		[
			'a required skill',
			{ skills: [{ name: 'SQL', required: true }, { name: 'Python' }] },
			(p) => p.skills.has('sql'),
		],
		[
			'two required languages',
			{
				languages: [
					{ name: 'English', required: true },
					{ name: 'Mandarin', required: true },
				],
			},
			(p) => p.languages.has('english') && p.languages.has('mandarin'),
		],
		[
			'yearsExperienceRequired',
			{ yearsExperienceMin: 5, yearsExperienceMax: 8, yearsExperienceRequired: true },
			(p) => p.years !== null && p.years >= 5 && p.years <= 8,
		],
		[
			'locationsRequired (coordinates, km)',
			{
				locations: [
					{ coordinates: { latitude: SYDNEY[0], longitude: SYDNEY[1] }, distance: 50, unit: 'km' },
				],
				locationsRequired: true,
			},
			(p) => p.latitude !== null && haversine(SYDNEY, [p.latitude, p.longitude as number]) <= 50,
		],
		[
			'locationsRequired (a country by name)',
			{ locations: [{ name: 'New Zealand' }], locationsRequired: true },
			(p) => p.placeNames.has('new zealand'),
		],
		[
			'managementLevelRequired',
			{ managementLevel: 'Mid', managementLevelRequired: true },
			(p) => p.managementLevel === 'Mid',
		],
		[
			'socCodesRequired (a minor group)',
			{ socCodes: [213], socCodesRequired: true },
			(p) => String(p.socCode).startsWith('213'),
		],
		[
			'highestDegreeTypesRequired',
			{ highestDegreeTypes: ['masters', 'doctoral'], highestDegreeTypesRequired: true },
			(p) => p.highestLevel === 'masters' || p.highestLevel === 'doctoral',
		],
		[
			'isCurrentStudentRequired',
			{ isCurrentStudent: true, isCurrentStudentRequired: true },
			(p) => p.isCurrentStudent,
		],
		[
			'jobTitlesRequired',
			{ jobTitles: ['Engineer'], jobTitlesRequired: true },
			(p) => p.titles.some((t) => t.tokens.has('engineer')),
		],
		[
			'jobTitlesRequired, current job only',
			{ jobTitles: ['Engineer'], jobTitlesRequired: true, jobTitlesCurrentOnly: true },
			(p) => p.titles.some((t) => t.isCurrent && t.tokens.has('engineer')),
		],
		[
			'searchExpressionRequired',
			{
				searchExpression: '(python OR java) AND NOT "machine learning"',
				searchExpressionRequired: true,
			},
			(p) => /\b(python|java)\b/i.test(p.rawText) && !/machine learning/i.test(p.rawText),
		],
		[
			'a required customData equals',
			{
				customData: [
					{
						filterType: 'equals',
						dataPoint: 'workRights',
						query: { value: 'Citizen' },
						required: true,
					},
				],
			},
			(p) => p.custom.workRights === 'citizen',
		],
		[
			'a required customData range',
			{
				customData: [
					{
						filterType: 'range',
						dataPoint: 'noticePeriodWeeks',
						query: { lte: 2 },
						required: true,
					},
				],
			},
			(p) => (p.custom.noticePeriodWeeks as number) <= 2,
		],
	];

	it.each(cases)('%s keeps exactly the resumes that satisfy it', async (_, body, satisfies) => {
		const expected = profiles()
			.filter((e) => satisfies(e.profile))
			.map((e) => e.identifier);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(600);
		const results = await searchAll(body);
		expect(results.map((r) => r.identifier).sort()).toEqual(expected.sort());
	});

	it('does not filter when the same criteria are not required', async () => {
		expect(
			(await search({ skills: [{ name: 'SQL' }], managementLevel: 'Mid', socCodes: [213] }, 1))
				.count,
		).toBe(600);
	});

	it('filters on custom data and reports it per data point', async () => {
		const { results } = await search(
			{
				customData: [
					{
						filterType: 'equals',
						dataPoint: 'isAvailable',
						query: { value: true },
						required: true,
						weight: 1,
					},
				],
			},
			10,
		);
		for (const r of results)
			expect(r.customData).toEqual({
				isAvailable: { label: 'Is available', value: 'true', score: 1 },
			});
	});
});

describe('matching a document', () => {
	it('derives the criteria from a job description', async () => {
		const jdFixture = emulator.fixtures.jobDescriptions[0];
		const jd = emulator.store.document(jdFixture.identifier)?.data as JobDescriptionFields;
		const { results, parameters } = await search({ jobDescription: jdFixture.identifier }, 10);
		expect(parameters).toEqual({ indices: [INDEX], jobDescription: jdFixture.identifier });
		const top = results[0];
		expect(top.jobTitle.score).toBeGreaterThan(0.5);
		expect(top.skills.score).toBeGreaterThan(0);
		expect(top.skills.value.split(', ').every((s: string) => jd.skills.includes(s))).toBe(true);
		expect(top.location.label).toBe('Location');
		expect(top.experience.score).toBeGreaterThan(0);
	});

	it('lets the body override what the job description implies', async () => {
		const jd = emulator.fixtures.jobDescriptions[0];
		const results = await searchAll({
			jobDescription: jd.identifier,
			jobTitlesRequired: true,
			jobTitlesWeight: 1,
		});
		const words = jd.jobTitle.toLowerCase().split(' ');
		expect(results.length).toBeGreaterThan(0);
		for (const r of results)
			for (const w of words) expect(r.jobTitle.value.toLowerCase()).toContain(w);
	});

	it('finds resumes like a resume, leaving that resume out', async () => {
		const resume = emulator.fixtures.resumes[0];
		const { results, count } = await search({ resume: resume.identifier }, 5);
		expect(count).toBe(599);
		expect(results.map((r) => r.identifier)).not.toContain(resume.identifier);
		expect(results[0].occupationGroup.score).toBe(1);
	});
});

describe('job description search detail', () => {
	it('reports which criteria the job matches and which are missing', async () => {
		const { identifier } = emulator.fixtures.jobDescriptions[1];
		const jd = emulator.store.document(identifier)?.data as JobDescriptionFields;
		const years = jd.yearsExperience?.minimum ?? 0;
		const body = {
			indices: ['all-job-descriptions'],
			jobTitles: [jd.jobTitle?.name, 'Astronaut'],
			skills: [{ name: jd.skills[0] }, { name: 'Underwater Basket Weaving', required: true }],
			languages: [{ name: 'English' }],
			totalYearsExperience: years,
			managementLevel: jd.jobTitle?.managementLevel,
			socCodes: [jd.jobTitle?.classification?.socCode, 9999],
			searchExpression: `"${jd.skills[1]}" OR zeppelin`,
			degreeTypes: ['doctoral'],
		};
		const answer = await api.post(`/v2/job_description_search/details/${identifier}`, body);
		expect(answer.status).toBe(200);
		const detail = answer.body;
		expect(detail.jobTitle).toEqual({
			missing: ['Astronaut'],
			value: { name: jd.jobTitle?.name, companyName: jd.organizationName, match: true },
		});
		expect(detail.skills.missing).toEqual([{ name: 'Underwater Basket Weaving', required: true }]);
		expect(detail.skills.value).toEqual(
			jd.skills.map((name) => ({ name, match: name === jd.skills[0] })),
		);
		expect(detail.languages).toEqual({ missing: [], value: [{ name: 'English', match: true }] });
		expect(detail.experience).toEqual({
			minimumExperience: jd.yearsExperience?.minimum,
			maximumExperience: jd.yearsExperience?.maximum,
			match: true,
		});
		expect(detail.managementLevel).toEqual({ level: jd.jobTitle?.managementLevel, match: true });
		expect(detail.occupationGroup.missing).toEqual([9999]);
		expect(detail.occupationGroup.value).toMatchObject({
			code: jd.jobTitle?.classification?.socCode,
			match: true,
			children: [],
			parents: expect.any(Array),
		});
		expect(detail.searchExpression).toEqual({
			missing: ['zeppelin'],
			value: [jd.skills[1].toLowerCase()],
		});
		expect(detail.education.value).toEqual({
			degrees: [jd.educationAccreditation],
			degreeTypes: [jd.educationLevel],
			match: true,
		});
		expect(detail.location.value).toMatchObject({ city: jd.location?.city, match: false });
	});

	it('reads the criteria off a resume', async () => {
		const { identifier } = emulator.fixtures.jobDescriptions[0];
		const answer = await api.post(`/v2/job_description_search/details/${identifier}`, {
			indices: ['all-job-descriptions'],
			resume: emulator.fixtures.resumes[0].identifier,
		});
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual([
			'education',
			'experience',
			'jobTitle',
			'languages',
			'location',
			'managementLevel',
			'occupationGroup',
			'searchExpression',
			'skills',
		]);
		expect(
			answer.body.jobTitle.missing.length + Number(answer.body.jobTitle.value.match),
		).toBeGreaterThan(0);
	});
});

describe('experience in words', () => {
	const experience = RESULT_COMPONENTS.find(({ key }) => key === 'experience');
	const words = (years: number | null) =>
		experience?.describe({ years } as unknown as ResumeProfile);

	test('one year is "1 year"; other counts are plural; unknown is empty', () => {
		expect([1, 0, 2, 11, 21, null].map(words)).toEqual([
			'1 year',
			'0 years',
			'2 years',
			'11 years',
			'21 years',
			'',
		]);
	});

	test('every result of a search says so: one year singular, the others plural', async () => {
		const results = await searchAll({ yearsExperienceMin: 0 });
		const values = results.map((r) => String(r.experience.value));
		expect(values.length).toBeGreaterThan(0);
		for (const value of values) {
			const count = /^(\d+) years?$/.exec(value)?.[1];
			expect(value === '' || count !== undefined).toBe(true);
			if (count !== undefined) expect(value).toBe(`${count} ${count === '1' ? 'year' : 'years'}`);
		}
	});
});
