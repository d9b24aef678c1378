// Search & Match both ways, on the wire: Job Description → Search, Resume → Get Match Detail,
// Resume → Get Match Score and Resume → Suggest send the method, path (/v2, or /v3 by the
// credential's Search & Match API), query and body the service documents, for every field; Return
// All follows `next` over several pages and refuses a foreign or looping one; bad values are
// refused before anything is sent. search-match-emulator.test.ts runs them against the emulator.
import type { IDataObject } from 'n8n-workflow';

import { EVERY_CRITERION_BODY } from '../fixtures/search/every-criterion';
import everyCriterion from '../fixtures/search/search-every-criterion.workflow.json';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

const scored = (label: string, score: number) => ({ label, value: `${label} value`, score });

function jobResult(n: number) {
	return {
		identifier: `job${n}`,
		score: 1 - n / 1000,
		pdf: `https://files.example/job${n}.pdf`,
		jobTitle: { label: 'Job Title', value: `Data Engineer ${n}`, score: 0.9 },
		managementLevel: scored('Management level', 0),
		experience: scored('Experience', 1),
		skills: scored('Skills', 0.5),
		languages: scored('Languages', 0),
		location: scored('Location', 0.25),
		education: scored('Education', 0),
		occupationGroup: scored('Occupation group', 0),
		searchExpression: scored('Search expression', 0),
		organizationName: `Org ${n}`,
		customData: {},
	};
}

/** Answers like the service: `total` job descriptions, paged by the query's limit and offset. */
function pagedJobs(server: RecordingServer, total: number) {
	server.respondWith(({ query, path }) => {
		const limit = Number(query.limit ?? 20);
		const offset = Number(query.offset ?? 0);
		const end = Math.min(offset + limit, total);
		return {
			status: 201,
			body: {
				count: total,
				next: end < total ? `${server.url}${path}?limit=${limit}&offset=${end}` : null,
				previous: null,
				parameters: {},
				results: Array.from({ length: Math.max(end - offset, 0) }, (_, k) => jobResult(offset + k)),
			},
		};
	});
}

const jobSearch = (extra: IDataObject = {}) =>
	affindaWorkflow({
		resource: 'jobDescription',
		operation: 'search',
		indices: ['open-jobs'],
		searchMode: 'custom',
		criteria: { jobTitles: { jobTitles: 'Data Engineer' } },
		...extra,
	});

/** Every criterion Job Description → Search has, as the panel holds it, and on the wire. */
const EVERY_JOB_CRITERION = {
	customData: {
		customData: {
			filter: [
				{
					dataPoint: 'isRemote',
					filterType: 'equals',
					query: '{"value": true}',
					required: true,
					weight: 0.7,
				},
			],
		},
	},
	education: {
		degrees: 'Bachelor of Science',
		degreesRequired: true,
		degreeTypes: ['bachelors', 'masters'],
		degreeTypesRequired: true,
		educationWeight: 0.3,
	},
	jobTitles: {
		jobTitles: 'Data Engineer, Analytics Engineer',
		jobTitlesRequired: true,
		jobTitlesWeight: 0.9,
	},
	languages: { languages: { values: [{ name: 'English', required: true }] }, languagesWeight: 0.2 },
	locations: {
		locations: { location: [{ place: 'Sydney, Australia', distance: 50, unit: 'km' }] },
		locationsRequired: true,
		locationsWeight: 0.6,
	},
	managementLevel: {
		managementLevel: 'Mid',
		managementLevelRequired: true,
		managementLevelWeight: 0.4,
	},
	occupationGroups: { socCodes: [2136], socCodesRequired: true, socCodesWeight: 0.5 },
	searchExpression: {
		searchExpression: 'spark OR airflow',
		searchExpressionRequired: true,
		searchExpressionWeight: 0.1,
	},
	skills: { skills: { values: [{ name: 'SQL', required: false }] }, skillsWeight: 1 },
	yearsExperience: {
		totalYearsExperience: 4.5,
		yearsExperienceRequired: true,
		yearsExperienceWeight: 0.8,
	},
};
const EVERY_JOB_CRITERION_BODY = {
	indices: ['open-jobs'],
	customData: [
		{
			filterType: 'equals',
			dataPoint: 'isRemote',
			query: { value: true },
			required: true,
			weight: 0.7,
		},
	],
	degrees: ['Bachelor of Science'],
	degreesRequired: true,
	degreeTypes: ['bachelors', 'masters'],
	degreeTypesRequired: true,
	educationWeight: 0.3,
	jobTitles: ['Data Engineer', 'Analytics Engineer'],
	jobTitlesRequired: true,
	jobTitlesWeight: 0.9,
	languages: [{ name: 'English', required: true }],
	languagesWeight: 0.2,
	locations: [{ name: 'Sydney, Australia', distance: 50, unit: 'km' }],
	locationsRequired: true,
	locationsWeight: 0.6,
	managementLevel: 'Mid',
	managementLevelRequired: true,
	managementLevelWeight: 0.4,
	socCodes: [2136],
	socCodesRequired: true,
	socCodesWeight: 0.5,
	searchExpression: 'spark OR airflow',
	searchExpressionRequired: true,
	searchExpressionWeight: 0.1,
	skills: [{ name: 'SQL', required: false }],
	skillsWeight: 1,
	totalYearsExperience: 4.5,
	yearsExperienceRequired: true,
	yearsExperienceWeight: 0.8,
};

const withVersion = (searchApiVersion: string, url: string) => ({
	affindaApi: { ...affindaCredentials(url).affindaApi, searchApiVersion },
});

let server: RecordingServer;
beforeEach(async () => {
	server = await startRecordingServer(() => ({ body: {} }));
});
afterEach(async () => await server.stop());
afterAll(() => stopN8nCoreTimers());

describe('Job Description → Search, on the wire', () => {
	test('posts every criterion of the job description search body, with offset and limit', async () => {
		pagedJobs(server, 3);
		const { run, output } = await runWorkflow(
			jobSearch({ criteria: EVERY_JOB_CRITERION, limit: 10, options: { offset: 2 } }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(run.status).toBe('success');
		expect(server.requests).toHaveLength(1);
		const [request] = server.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/v2/job_description_search');
		expect(request.query).toEqual({ offset: '2', limit: '10' });
		expect(request.body).toEqual(EVERY_JOB_CRITERION_BODY);
		// Flat rows: a score for each criterion searched, and none for what was not asked.
		expect(output(AFFINDA_NODE_NAME)[0]).toEqual({
			json: {
				jobTitle: 'Data Engineer 2',
				organization: 'Org 2',
				score: 0.998,
				location: 'Location value',
				experience: 'Experience value',
				matchedSkills: 'Skills value',
				jobTitleScore: 0.9,
				managementLevelScore: 0,
				experienceScore: 1,
				skillsScore: 0.5,
				languagesScore: 0,
				locationScore: 0.25,
				educationScore: 0,
				occupationGroupScore: 0,
				searchExpressionScore: 0,
				identifier: 'job2',
				pdf: 'https://files.example/job2.pdf',
			},
			pairedItem: { item: 0 },
		});
	});

	test('custom criteria: a row scores only the criteria searched; the raw answer on request', async () => {
		pagedJobs(server, 2);
		const { output } = await runWorkflow(
			jobSearch({ criteria: { skills: { skills: { values: [{ name: 'SQL' }] } } } }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests[0].body).toEqual({
			indices: ['open-jobs'],
			skills: [{ name: 'SQL', required: false }],
		});
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({
			jobTitle: 'Data Engineer 0',
			organization: 'Org 0',
			score: 1,
			location: 'Location value',
			experience: 'Experience value',
			matchedSkills: 'Skills value',
			skillsScore: 0.5,
			identifier: 'job0',
			pdf: 'https://files.example/job0.pdf',
		});
		const raw = await runWorkflow(jobSearch({ output: 'raw' }), {
			credentials: affindaCredentials(server.url),
		});
		expect(raw.output(AFFINDA_NODE_NAME)[0].json).toEqual(jobResult(0));
	});

	test('Output offers Flat Row and Raw Response: Parsed Data, from an expression, is refused before sending', async () => {
		pagedJobs(server, 1);
		const { error } = await runWorkflow(jobSearch({ output: '={{ "document" }}' }), {
			credentials: affindaCredentials(server.url),
		});
		expect(error()?.message).toBe(
			'Parameter "Output" (output) is "document", but must be "row" or "raw" [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('against a resume: the resume and only the Required switches and Weights go; v3 by the credential', async () => {
		pagedJobs(server, 1);
		const { run, output } = await runWorkflow(
			jobSearch({
				searchMode: 'resume',
				resume: { __rl: true, mode: 'list', value: 'res7' },
				criteria: {
					skills: { skills: { values: [{ name: 'SQL' }] }, skillsWeight: 0.9 },
					jobTitles: { jobTitles: 'Ignored', jobTitlesRequired: true },
				},
			}),
			{ credentials: withVersion('v3', server.url) },
		);
		expect(run.status).toBe('success');
		expect(server.requests[0].path).toBe('/v3/job_description_search');
		expect(server.requests[0].body).toEqual({
			indices: ['open-jobs'],
			resume: 'res7',
			skillsWeight: 0.9,
			jobTitlesRequired: true,
		});
		// Matching a resume scores every criterion.
		expect(Object.keys(output(AFFINDA_NODE_NAME)[0].json)).toContain('languagesScore');
	});

	test('Return All reads every page by `next` (pages of 100, the published bound), complete', async () => {
		pagedJobs(server, 250);
		const { output } = await runWorkflow(jobSearch({ returnAll: true }), {
			credentials: affindaCredentials(server.url),
		});
		const offsets = server.requests.map((r) => Number(r.query.offset)).sort((a, b) => a - b);
		expect(offsets).toEqual([0, 100, 200]);
		expect(new Set(server.requests.map((r) => r.query.limit))).toEqual(new Set(['100']));
		expect(new Set(server.requests.map((r) => JSON.stringify(r.body))).size).toBe(1);
		const identifiers = output(AFFINDA_NODE_NAME).map((item) => item.json.identifier);
		expect(identifiers).toEqual(Array.from({ length: 250 }, (_, n) => `job${n}`));
	});

	test('Return All refuses a next link to another origin, and stops a looping one', async () => {
		server.respondWith(() => ({
			status: 201,
			body: {
				count: 300,
				next: 'https://elsewhere.example/v2/job_description_search?offset=100',
				results: [jobResult(0)],
			},
		}));
		const foreign = await runWorkflow(jobSearch({ returnAll: true }), {
			credentials: affindaCredentials(server.url),
		});
		expect(foreign.run.status).toBe('error');
		expect(foreign.error()?.message).toContain(
			'Refused to follow a next-page link to https://elsewhere.example',
		);
		expect(server.requests).toHaveLength(1);

		server.requests.length = 0;
		server.respondWith(() => ({
			status: 201,
			body: {
				count: 300,
				// The same page again and again.
				next: `${server.url}/v2/job_description_search?limit=100&offset=0`,
				results: [jobResult(0)],
			},
		}));
		const looping = await runWorkflow(jobSearch({ returnAll: true }), {
			credentials: affindaCredentials(server.url),
		});
		expect(looping.run.status).toBe('error');
		expect(looping.error()?.message).toMatch(/links back to a page already read/);
		// Stopped at the first link back, not after the page cap.
		expect(server.requests.length).toBeLessThanOrEqual(3);
	});

	test('bad values are refused before anything is sent, naming the parameter', async () => {
		const cases: Array<[IDataObject, string]> = [
			[
				{ limit: 101 },
				'Parameter "Limit" (limit) is 101, but must be a whole number from 1 to 100 [item 0]',
			],
			[
				{ criteria: { skills: { skills: { values: [{ name: 'SQL' }] }, skillsWeight: 2 } } },
				'Parameter "Skills › Weight" (skillsWeight) is 2, but must be a number from 0 to 1 [item 0]',
			],
			[
				{ criteria: { yearsExperience: { totalYearsExperience: -1 } } },
				'Parameter "Years of Experience › Total" (totalYearsExperience) is -1, but must be a number of 0 or more [item 0]',
			],
			[
				{ searchMode: 'resume', resume: ' ' },
				'Parameter "Resume" (resume) is empty, but must be a document identifier [item 0]',
			],
			[
				{ indices: '={{ [] }}' },
				'Parameter "Index Names or IDs" (indices) is [], but must be at least one index name [item 0]',
			],
		];
		for (const [parameters, message] of cases) {
			const { error } = await runWorkflow(jobSearch(parameters), {
				credentials: affindaCredentials(server.url),
			});
			expect(error()?.message).toBe(message);
		}
		expect(server.requests).toHaveLength(0);
	});

	test('Continue on Fail: the bad item goes out as an error paired to it, the others are searched', async () => {
		pagedJobs(server, 1);
		const { output } = await runWorkflow(
			affindaWorkflow(
				{
					resource: 'jobDescription',
					operation: 'search',
					indices: ['open-jobs'],
					searchMode: 'resume',
					resume: '={{ $json.resume }}',
					limit: 1,
				},
				{ onError: 'continueErrorOutput' },
			),
			{
				credentials: affindaCredentials(server.url),
				input: [
					{ json: { resume: 'res1' } },
					{ json: { resume: '' } },
					{ json: { resume: 'res3' } },
				],
			},
		);
		expect(server.requests.map((r) => (r.body as IDataObject).resume)).toEqual(['res1', 'res3']);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 2 },
		]);
		const failed = output(AFFINDA_NODE_NAME, 1);
		expect(failed).toHaveLength(1);
		expect(failed[0].pairedItem).toEqual({ item: 1 });
	});
});

describe('Resume → Get Match Detail, on the wire', () => {
	const detail = { skills: { missing: [{ name: 'AWS', required: false }], value: [] } };
	const matchDetail = (extra: IDataObject = {}) =>
		affindaWorkflow({
			resource: 'resume',
			operation: 'getMatchDetail',
			identifier: 'res42',
			indices: ['all-resumes'],
			searchMode: 'custom',
			...extra,
		});

	test('posts the resume search body, every criterion, for one resume; v2 and v3 paths', async () => {
		server.respondWith(() => ({ body: detail }));
		const { criteria } = everyCriterion.nodes.find((node) => node.name === 'Search Resumes')!
			.parameters as IDataObject;
		for (const version of ['v2', 'v3']) {
			const { run, output } = await runWorkflow(
				matchDetail({ indices: ['all-resumes', 'graduates'], criteria }),
				{ credentials: withVersion(version, server.url) },
			);
			expect(run.status).toBe('success');
			expect(output(AFFINDA_NODE_NAME)).toEqual([{ json: detail, pairedItem: { item: 0 } }]);
		}
		expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v2/resume_search/details/res42',
			'POST /v3/resume_search/details/res42',
		]);
		for (const request of server.requests) {
			expect(request.query).toEqual({});
			expect(request.body).toEqual(EVERY_CRITERION_BODY);
		}
	});

	test('against a job description: the job description and the tuning only; bad values refused first', async () => {
		server.respondWith(() => ({ body: detail }));
		await runWorkflow(
			matchDetail({
				identifier: 'a/b',
				searchMode: 'jobDescription',
				jobDescription: 'jd9',
				criteria: { skills: { skills: { values: [{ name: 'SQL' }] }, skillsWeight: 0.25 } },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests[0].path).toBe('/v2/resume_search/details/a%2Fb');
		expect(server.requests[0].body).toEqual({
			indices: ['all-resumes'],
			jobDescription: 'jd9',
			skillsWeight: 0.25,
		});
		server.requests.length = 0;
		const { error } = await runWorkflow(
			matchDetail({
				criteria: { yearsExperience: { yearsExperienceMin: 5, yearsExperienceMax: 2 } },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Parameter "Years of Experience › Maximum" (yearsExperienceMax) is 2, but must be a number no smaller than the minimum (5) [item 0]',
		);
		const missing = await runWorkflow(matchDetail({ identifier: '={{ "" }}' }), {
			credentials: affindaCredentials(server.url),
		});
		expect(missing.error()?.message).toBe(
			'Parameter "Resume" (identifier) is empty, but must be a document identifier [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});
});

describe('Resume → Get Match Score, on the wire', () => {
	const answer = {
		score: 0.72,
		details: { jobTitle: scored('Job Title', 0.9), skills: scored('Skills', 0.6) },
	};
	const matchScore = (extra: IDataObject = {}) =>
		affindaWorkflow({
			resource: 'resume',
			operation: 'getMatchScore',
			resume: { __rl: true, mode: 'id', value: 'res1' },
			jobDescription: 'jd1',
			...extra,
		});

	test('asks with every query parameter, snake_case; v2 and v3 paths; a flat row or the raw answer', async () => {
		server.respondWith(() => ({ body: answer }));
		const weights = {
			job_titles_weight: 0.9,
			years_experience_weight: 0.1,
			locations_weight: 0,
			languages_weight: 0.2,
			skills_weight: 1,
			education_weight: 0.3,
			search_expression_weight: 0.4,
			soc_codes_weight: 0.5,
			management_level_weight: 0.6,
		};
		const full = { index: 'all-resumes', search_expression: 'python AND NOT php', weights };
		const simplified = await runWorkflow(matchScore(full), {
			credentials: affindaCredentials(server.url),
		});
		const raw = await runWorkflow(matchScore({ ...full, output: 'raw' }), {
			credentials: withVersion('v3', server.url),
		});
		expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/resume_search/match',
			'GET /v3/resume_search/match',
		]);
		const query = Object.fromEntries(
			Object.entries({
				resume: 'res1',
				job_description: 'jd1',
				index: 'all-resumes',
				search_expression: 'python AND NOT php',
				...weights,
			}).map(([name, value]) => [name, String(value)]),
		);
		for (const request of server.requests) {
			expect(request.query).toEqual(query);
			expect(request.body).toBe('');
		}
		expect(simplified.output(AFFINDA_NODE_NAME)[0].json).toEqual({
			resume: 'res1',
			jobDescription: 'jd1',
			score: 0.72,
			jobTitleScore: 0.9,
			skillsScore: 0.6,
		});
		expect(raw.output(AFFINDA_NODE_NAME)[0].json).toEqual(answer);
	});

	test('sends only what was set, and refuses bad values before sending', async () => {
		server.respondWith(() => ({ body: answer }));
		await runWorkflow(matchScore({ weights: { skills_weight: null } }), {
			credentials: affindaCredentials(server.url),
		});
		expect(server.requests[0].query).toEqual({ resume: 'res1', job_description: 'jd1' });
		server.requests.length = 0;
		const cases: Array<[IDataObject, string]> = [
			[
				{ weights: { skills_weight: 1.5 } },
				'Parameter "Weights › Skills" (skills_weight) is 1.5, but must be a number from 0 to 1 [item 0]',
			],
			[
				{ jobDescription: '={{ "" }}' },
				'Parameter "Job Description" (jobDescription) is empty, but must be a document identifier [item 0]',
			],
			[
				{ resume: { __rl: true, mode: 'id', value: '={{ "" }}' } },
				'Parameter "Resume" (resume) is empty, but must be a document identifier [item 0]',
			],
		];
		for (const [parameters, message] of cases) {
			const { error } = await runWorkflow(matchScore(parameters), {
				credentials: affindaCredentials(server.url),
			});
			expect(error()?.message).toBe(message);
		}
		expect(server.requests).toHaveLength(0);
	});
});

describe('Resume → Suggest, on the wire', () => {
	const suggest = (extra: IDataObject = {}) =>
		affindaWorkflow({
			resource: 'resume',
			operation: 'suggest',
			suggest: 'skills',
			skills: 'Python, SQL',
			...extra,
		});

	test('sends the list as repeated query parameters; v2 and v3 paths; one item with the list', async () => {
		server.respondWith(() => ({ body: ['Pandas', 'Data Analysis'] }));
		const skills = await runWorkflow(suggest(), { credentials: affindaCredentials(server.url) });
		const titles = await runWorkflow(
			suggest({ suggest: 'jobTitles', jobTitles: '={{ ["Software Developer", "Team Lead"] }}' }),
			{ credentials: withVersion('v3', server.url) },
		);
		expect(server.requests.map((r) => `${r.method} ${r.path}${r.search}`)).toEqual([
			'GET /v2/resume_search/suggestion_skill?skills=Python&skills=SQL',
			'GET /v3/resume_search/suggestion_job_title?job_titles=Software%20Developer&job_titles=Team%20Lead',
		]);
		expect(skills.output(AFFINDA_NODE_NAME)).toEqual([
			{
				json: { skills: ['Python', 'SQL'], suggestions: ['Pandas', 'Data Analysis'] },
				pairedItem: { item: 0 },
			},
		]);
		expect(titles.output(AFFINDA_NODE_NAME)[0].json).toEqual({
			jobTitles: ['Software Developer', 'Team Lead'],
			suggestions: ['Pandas', 'Data Analysis'],
		});
	});

	test('one item per suggestion with Output → Raw Response; nothing given is refused before sending', async () => {
		server.respondWith(() => ({ body: ['Pandas', 'NumPy'] }));
		const { output } = await runWorkflow(suggest({ output: 'raw' }), {
			credentials: affindaCredentials(server.url),
		});
		expect(output(AFFINDA_NODE_NAME)).toEqual([
			{ json: { suggestion: 'Pandas' }, pairedItem: { item: 0 } },
			{ json: { suggestion: 'NumPy' }, pairedItem: { item: 0 } },
		]);
		server.requests.length = 0;
		const { error } = await runWorkflow(suggest({ skills: ' , ' }), {
			credentials: affindaCredentials(server.url),
		});
		expect(error()?.message).toBe(
			'Parameter "Skills" (skills) is " , ", but must be at least one of the skills [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('an answer that is not a list fails loudly', async () => {
		server.respondWith(() => ({ body: { results: [] } }));
		const { error } = await runWorkflow(suggest(), { credentials: affindaCredentials(server.url) });
		expect(error()?.message).toContain('not a list of suggestions');
	});
});
