// Search & Match both ways against the emulator, which validates every body and query as the
// service's published schema does: Job Description → Search (custom criteria, a resume, Return All
// over several pages), Resume → Get Match Detail, Get Match Score and Suggest, on /v2 and /v3.
import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { affindaWorkflow, AFFINDA_NODE_NAME } from '../helpers/in-process-workflow';

let emulator: Emulator;

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 150, jobDescriptionCount: 230, seed: 'both-ways' });
});
beforeEach(() => emulator.clearReceived());
afterAll(async () => {
	await emulator.stop();
	stopN8nCoreTimers();
});

const credentials = (searchApiVersion: 'v2' | 'v3') => ({
	affindaApi: {
		apiKey: emulator.fixtures.key,
		region: 'custom',
		baseUrl: emulator.url,
		searchApiVersion,
	},
});

async function run(parameters: IDataObject, version: 'v2' | 'v3' = 'v2') {
	const result = await runWorkflow(affindaWorkflow(parameters), {
		credentials: credentials(version),
	});
	expect(result.error()).toBeUndefined();
	return result.output(AFFINDA_NODE_NAME).map((item) => item.json);
}

describe.each(['v2', 'v3'] as const)('against the emulator (%s paths)', (version) => {
	test('Job Description → Search: the jobs that fit a resume, best first, every page with Return All', async () => {
		const resume = emulator.fixtures.resumes[0].identifier;
		const rows = await run(
			{
				resource: 'jobDescription',
				operation: 'search',
				indices: [emulator.fixtures.indices.jobDescriptions],
				searchMode: 'resume',
				resume: { __rl: true, mode: 'list', value: resume },
				criteria: { skills: { skillsWeight: 0.9 } },
				returnAll: true,
			},
			version,
		);
		expect(rows).toHaveLength(230);
		expect(new Set(rows.map((row) => row.identifier)).size).toBe(230);
		const scores = rows.map((row) => row.score as number);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		expect(rows[0]).toEqual(
			expect.objectContaining({
				jobTitle: expect.any(String),
				organization: expect.any(String),
				skillsScore: expect.any(Number),
			}),
		);
		const pages = emulator.received.filter((r) => r.path === `/${version}/job_description_search`);
		expect(pages.length).toBe(3);
	});

	test('Job Description → Search with custom criteria; Resume → Get Match Detail of the top resume', async () => {
		const [top] = await run(
			{
				resource: 'jobDescription',
				operation: 'search',
				indices: [emulator.fixtures.indices.jobDescriptions],
				searchMode: 'custom',
				criteria: {
					jobTitles: {
						jobTitles: emulator.fixtures.jobDescriptions[0].jobTitle,
						jobTitlesRequired: true,
					},
					yearsExperience: { totalYearsExperience: 6, yearsExperienceWeight: 0.5 },
					education: { degreeTypes: ['masters'] },
				},
				limit: 1,
			},
			version,
		);
		// Required: every job kept holds every word of the title (covering it scores 0.7 or more).
		expect(top.jobTitleScore).toBeGreaterThanOrEqual(0.7);
		expect(
			Object.keys(top)
				.filter((key) => key.endsWith('Score'))
				.sort(),
		).toEqual(['educationScore', 'experienceScore', 'jobTitleScore']);

		const [resume] = await run(
			{
				resource: 'resume',
				operation: 'search',
				indices: [emulator.fixtures.indices.resumes],
				searchMode: 'jobDescription',
				jobDescription: emulator.fixtures.jobDescriptions[0].identifier,
				limit: 1,
			},
			version,
		);
		const [detail] = await run(
			{
				resource: 'resume',
				operation: 'getMatchDetail',
				identifier: resume.identifier,
				indices: [emulator.fixtures.indices.resumes],
				searchMode: 'jobDescription',
				jobDescription: emulator.fixtures.jobDescriptions[0].identifier,
			},
			version,
		);
		expect(detail).toEqual(
			expect.objectContaining({
				jobTitle: expect.objectContaining({ missing: expect.any(Array) }),
				skills: expect.objectContaining({ missing: expect.any(Array), value: expect.any(Array) }),
			}),
		);
	});

	test('Resume → Get Match Score and Suggest', async () => {
		const [score] = await run(
			{
				resource: 'resume',
				operation: 'getMatchScore',
				resume: emulator.fixtures.resumes[1].identifier,
				jobDescription: emulator.fixtures.jobDescriptions[1].identifier,
				index: emulator.fixtures.indices.resumes,
				search_expression: 'python OR excel',
				weights: { skills_weight: 1, job_titles_weight: 0.2 },
			},
			version,
		);
		expect(score.score).toBeGreaterThanOrEqual(0);
		expect(score.score).toBeLessThanOrEqual(1);
		expect(score.skillsScore).toEqual(expect.any(Number));

		const [suggested] = await run(
			{ resource: 'resume', operation: 'suggest', suggest: 'skills', skills: 'Python, SQL' },
			version,
		);
		expect((suggested.suggestions as string[]).length).toBeGreaterThan(0);
		expect(emulator.received.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /${version}/resume_search/match`,
			`GET /${version}/resume_search/suggestion_skill`,
		]);
	});
});
