// Search & Match the other way round: job description search ranks jobs with the criteria resume
// search uses and pages with `next`; the resume search detail agrees with the search's scores; the
// pair score is 0..1 and is the score a resume search matching that job gives the resume; the
// suggestions come from the seeded vocabulary. Bodies are validated in validation.test.ts and
// schema-agreement.test.ts; the match and suggestion queries here.

import { startEmulator, type Emulator } from './index';
import { OCCUPATIONS } from './data/occupations';
import { JOB_DESCRIPTION_SEARCH_MAX_LIMIT } from './routes/match';
import { RESULT_COMPONENTS } from './ranking/criteria';
import { MAX_SUGGESTIONS } from './ranking/suggestions';
import { clientFor, type Client, type Json } from './test-client';

let emulator: Emulator;
let api: Client;
let jobs: string;
let resumes: string;

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 200, jobDescriptionCount: 40, seed: 'match' });
	api = clientFor(emulator);
	jobs = emulator.fixtures.indices.jobDescriptions;
	resumes = emulator.fixtures.indices.resumes;
});
afterAll(() => emulator.stop());

/** The scored parts of a result, a detail and a pair score. */
const COMPONENTS = RESULT_COMPONENTS.map((component) => component.key).sort();

const RESULT_KEYS = [
	'customData',
	'education',
	'experience',
	'identifier',
	'jobTitle',
	'languages',
	'location',
	'managementLevel',
	'occupationGroup',
	'organizationName',
	'pdf',
	'score',
	'searchExpression',
	'skills',
];

/** Every page of a job description search, following `next` as given. */
async function allPages(body: unknown, limit: number): Promise<Json[]> {
	const pages: Json[] = [];
	let url: string | null = `/v3/job_description_search?limit=${limit}`;
	while (url) {
		const page: Json = await api.post(url, body);
		expect(page.status).toBe(201);
		pages.push(page.body);
		url = page.body.next;
	}
	return pages;
}

describe('job description search', () => {
	it('ranks the index by the criteria, best first, in the published result shape', async () => {
		const title = emulator.fixtures.jobDescriptions[0].jobTitle;
		const answer = await api.post('/v2/job_description_search?limit=100', {
			indices: [jobs],
			jobTitles: [title],
		});
		expect(answer.status).toBe(201);
		const { count, results, parameters } = answer.body;
		expect(count).toBe(40);
		expect(parameters).toEqual({ indices: [jobs], jobTitles: [title] });
		for (const result of results) expect(Object.keys(result).sort()).toEqual(RESULT_KEYS);
		const scores = results.map((r: Json) => r.score);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		// The job of that very title scores a full job-title match.
		const same = results.find(
			(r: Json) => r.identifier === emulator.fixtures.jobDescriptions[0].identifier,
		);
		expect(same.jobTitle).toEqual({ label: 'Job Title', value: title, score: 1 });
		expect(results[0].score).toBe(1);
		expect(results[0].organizationName).toEqual(expect.any(String));
	});

	it('filters on Required criteria with the rules resume search uses', async () => {
		const years = 3;
		const answer = await api.post('/v3/job_description_search?limit=100', {
			indices: [jobs],
			totalYearsExperience: years,
			yearsExperienceRequired: true,
			skills: [{ name: 'Python', required: true }],
		});
		expect(answer.status).toBe(201);
		const { results } = answer.body;
		expect(results.length).toBeGreaterThan(0);
		expect(results.length).toBeLessThan(40);
		for (const result of results) {
			// A job asking for no more years than the candidate has, and listing the skill.
			expect(Number.parseInt(result.experience.value, 10)).toBeLessThanOrEqual(years);
			expect(result.skills).toEqual({ label: 'Skills', value: 'Python', score: 1 });
		}
		const resumeSide = await api.post('/v3/resume_search?limit=50', {
			indices: [resumes],
			skills: [{ name: 'Python', required: true }],
		});
		for (const result of resumeSide.body.results)
			expect(result.skills).toEqual({ label: 'Skills', value: 'Python', score: 1 });
	});

	it('matches a resume: its job details agree with the search scores', async () => {
		const resume = emulator.fixtures.resumes[0].identifier;
		const answer = await api.post('/v3/job_description_search?limit=5', {
			indices: [jobs],
			resume,
		});
		expect(answer.status).toBe(201);
		expect(answer.body.results).toHaveLength(5);
		for (const result of answer.body.results) {
			const detail = await api.post(`/v3/job_description_search/details/${result.identifier}`, {
				indices: [jobs],
				resume,
			});
			expect(detail.status).toBe(200);
			// The detail's skills: those the job lists that the resume has, as the skills score says.
			const offered = detail.body.skills.value.length;
			const matched = detail.body.skills.value.filter((s: Json) => s.match).length;
			expect(offered).toBeGreaterThan(0);
			expect(result.skills.value.split(', ').filter(Boolean)).toHaveLength(matched);
		}
	});

	it('pages with `next` (absolute, carrying limit and offset): every job once, in rank order', async () => {
		const body = { indices: [jobs], skills: [{ name: 'SQL' }, { name: 'Python' }] };
		const pages = await allPages(body, 7);
		expect(pages).toHaveLength(6);
		expect(pages[0].next).toBe(`${emulator.url}/v3/job_description_search?limit=7&offset=7`);
		const paged = pages.flatMap((page) => page.results.map((r: Json) => r.identifier));
		const whole = await api.post(
			`/v3/job_description_search?limit=${JOB_DESCRIPTION_SEARCH_MAX_LIMIT}`,
			body,
		);
		expect(paged).toEqual(whole.body.results.map((r: Json) => r.identifier));
		expect(new Set(paged).size).toBe(40);
	});

	it('bounds limit to 1..100 (the published limitParam) and offset to 0 or more', async () => {
		const body = { indices: [jobs] };
		expect((await api.post('/v3/job_description_search?limit=100', body)).status).toBe(201);
		expect((await api.post('/v3/job_description_search?limit=1', body)).status).toBe(201);
		for (const [query, attr, code] of [
			['limit=101', 'limit', 'max_value'],
			['limit=0', 'limit', 'min_value'],
			['offset=-1', 'offset', 'min_value'],
		]) {
			const answer = await api.post(`/v3/job_description_search?${query}`, body);
			expect(answer.status).toBe(400);
			expect(answer.body.errors).toContainEqual(expect.objectContaining({ attr, code }));
		}
	});
});

describe('resume search detail', () => {
	it('agrees with the search: missing skills and titles as the scores say', async () => {
		const skills = ['Python', 'SQL', 'Excel'];
		const body = {
			indices: [resumes],
			jobTitles: ['Engineer'],
			skills: skills.map((name) => ({ name })),
			yearsExperienceMin: 3,
			yearsExperienceMax: 8,
		};
		const search = await api.post('/v2/resume_search?limit=8', body);
		expect(search.status).toBe(200);
		for (const result of search.body.results) {
			const detail = await api.post(`/v2/resume_search/details/${result.identifier}`, body);
			expect(detail.status).toBe(200);
			const { skills: skillPart, jobTitle, experience } = detail.body;
			expect(skillPart.missing).toHaveLength(Math.round(skills.length * (1 - result.skills.score)));
			expect(skillPart.missing.every((m: Json) => m.required === false)).toBe(true);
			const titled = jobTitle.value.some((position: Json) => position.match);
			expect(jobTitle.missing).toEqual(titled ? [] : ['Engineer']);
			expect(experience.match).toBe(result.experience.score === 1);
		}
	});

	it('takes the search body (a job description to match) and answers 404 for a resume outside the indices', async () => {
		const resume = emulator.fixtures.resumes[1].identifier;
		const matched = await api.post(`/v3/resume_search/details/${resume}`, {
			indices: [resumes],
			jobDescription: emulator.fixtures.jobDescriptions[0].identifier,
		});
		expect(matched.status).toBe(200);
		expect(Object.keys(matched.body).sort()).toEqual(COMPONENTS);
		expect(matched.body.skills.missing.length + matched.body.skills.value.length).toBeGreaterThan(
			0,
		);
		expect(
			(await api.post(`/v3/resume_search/details/nOsUcHrE`, { indices: [resumes] })).status,
		).toBe(404);
		const outside = await api.post(`/v3/resume_search/details/${resume}`, {
			indices: [emulator.fixtures.indices.newCandidates],
		});
		expect(outside.status).toBe(404);
	});
});

describe('pair score', () => {
	const pair = (i: number, j: number) =>
		`resume=${emulator.fixtures.resumes[i].identifier}&job_description=${emulator.fixtures.jobDescriptions[j].identifier}`;

	it('is 0..1 with its components, and is the score resume search matching that job gives', async () => {
		const jobDescription = emulator.fixtures.jobDescriptions[2].identifier;
		const search = await api.post('/v2/resume_search?limit=50', {
			indices: [resumes],
			jobDescription,
		});
		const scores = new Map(search.body.results.map((r: Json) => [r.identifier, r.score]));
		let compared = 0;
		for (let i = 0; i < 10; i++) {
			const answer = await api.get(`/v2/resume_search/match?${pair(i, 2)}`);
			expect(answer.status).toBe(200);
			expect(answer.body.score).toBeGreaterThanOrEqual(0);
			expect(answer.body.score).toBeLessThanOrEqual(1);
			expect(Object.keys(answer.body.details).sort()).toEqual(COMPONENTS);
			const identifier = emulator.fixtures.resumes[i].identifier;
			if (!scores.has(identifier)) continue;
			expect(answer.body.score).toBe(scores.get(identifier));
			compared++;
		}
		expect(compared).toBeGreaterThan(0);
	});

	it('weighs by the snake_case weights and searches the expression', async () => {
		const plain = await api.get(`/v3/resume_search/match?${pair(0, 0)}`);
		const skillsOnly = await api.get(
			`/v3/resume_search/match?${pair(0, 0)}&job_titles_weight=0&years_experience_weight=0&locations_weight=0&languages_weight=0&education_weight=0&soc_codes_weight=0&management_level_weight=0&skills_weight=1`,
		);
		expect(skillsOnly.status).toBe(200);
		expect(skillsOnly.body.score).toBe(skillsOnly.body.details.skills.score);
		expect(plain.body.details.skills.score).toBe(skillsOnly.body.details.skills.score);
		const expression = await api.get(
			`/v3/resume_search/match?${pair(0, 0)}&search_expression=${encodeURIComponent('zzzunheard')}&search_expression_weight=1`,
		);
		expect(expression.body.details.searchExpression.score).toBe(0);
	});

	it('refuses what the published parameters do not allow, naming each', async () => {
		const refused = async (query: string, expected: Array<[string, string]>) => {
			const answer = await api.get(`/v3/resume_search/match?${query}`);
			expect(answer.status).toBe(400);
			expect(answer.body.errors.map((e: Json) => [e.attr, e.code])).toEqual(expected);
		};
		await refused('', [
			['resume', 'required'],
			['job_description', 'required'],
		]);
		await refused(`${pair(0, 0)}&skills_weight=1.5&education_weight=-0.1&locations_weight=high`, [
			['locations_weight', 'invalid'],
			['skills_weight', 'max_value'],
			['education_weight', 'min_value'],
		]);
		await refused(`resume=nOsUcH&job_description=${emulator.fixtures.resumes[0].identifier}`, [
			['resume', 'does_not_exist'],
			['job_description', 'does_not_exist'],
		]);
		await refused(`${pair(0, 0)}&index=no-such-index`, [['index', 'does_not_exist']]);
		await refused(`${pair(0, 0)}&search_expression=${encodeURIComponent('(python')}`, [
			['search_expression', 'invalid'],
		]);
		const inIndex = await api.get(`/v3/resume_search/match?${pair(0, 0)}&index=${resumes}`);
		expect(inIndex.status).toBe(200);
	});
});

describe('suggestions', () => {
	it('suggests related skills from the seeded vocabulary, repeated parameters, same answer each time', async () => {
		const first = await api.get('/v3/resume_search/suggestion_skill?skills=Python&skills=SQL');
		expect(first.status).toBe(200);
		const suggested: string[] = first.body;
		expect(suggested.length).toBeGreaterThan(0);
		expect(suggested.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
		expect(suggested).not.toContain('Python');
		expect(suggested).not.toContain('SQL');
		const vocabulary = new Set(OCCUPATIONS.flatMap((o) => o.skills));
		for (const skill of suggested) expect(vocabulary.has(skill)).toBe(true);
		const again = await api.get('/v2/resume_search/suggestion_skill?skills=Python&skills=SQL');
		expect(again.body).toEqual(suggested);
	});

	it('suggests related job titles; an unknown one gets none; none given is refused', async () => {
		const title = OCCUPATIONS[0].titles[0];
		const answer = await api.get(
			`/v3/resume_search/suggestion_job_title?job_titles=${encodeURIComponent(title)}`,
		);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual(expect.arrayContaining([OCCUPATIONS[0].titles[1]]));
		expect(answer.body).not.toContain(title);
		expect(
			(await api.get('/v3/resume_search/suggestion_skill?skills=Underwater%20Basketry')).body,
		).toEqual([]);
		for (const path of ['suggestion_skill', 'suggestion_job_title']) {
			const none = await api.get(`/v3/resume_search/${path}`);
			expect(none.status).toBe(400);
			expect(none.body.errors[0].code).toBe('required');
		}
	});
});
