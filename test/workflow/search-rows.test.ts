/**
 * Resume → Search's simplified rows, the table people see: the values the service returned in
 * words, the score of each criterion searched only, and with Add Candidate Details each
 * candidate's Flat Row columns from one compact Get.
 */
import type { IDataObject } from 'n8n-workflow';

import { NEXTGEN_COMPACT_CV, SAME_CV_ROW } from '../fixtures/documents/same-cv';
import { pagedSearch, RESUME_ROW_START, scoredResult } from '../fixtures/search/scored-results';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';

const search = (extra: IDataObject): IDataObject => ({
	resource: 'resume',
	operation: 'search',
	indices: ['all-resumes'],
	limit: 2,
	...extra,
});

describe('Resume → Search rows', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer();
		pagedSearch(server);
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const rows = async (parameters: IDataObject) => {
		const { run, output } = await runWorkflow(affindaWorkflow(parameters), {
			credentials: affindaCredentials(server.url),
		});
		expect(run.status).toBe('success');
		return output(AFFINDA_NODE_NAME).map((item) => item.json);
	};

	test('values in words beside the scores: job title, location, experience, matched skills', async () => {
		server.respondWith(() => ({
			body: {
				count: 1,
				results: [
					{
						...scoredResult(0),
						name: 'Ada B. Quinn',
						jobTitle: { label: 'Job Title', value: 'Senior Data Engineer', score: 0.9 },
						location: { label: 'Location', value: 'Leeds, United Kingdom', score: 1 },
						experience: { label: 'Experience', value: '9 years', score: 0.75 },
						skills: { label: 'Skills', value: 'Python, SQL', score: 0.5 },
					},
				],
			},
		}));
		const criteria = { jobTitles: { jobTitles: 'Data Engineer' } };
		const [row] = await rows(search({ criteria }));
		expect(row).toEqual({
			fullName: 'Ada B. Quinn',
			score: 1,
			jobTitle: 'Senior Data Engineer',
			location: 'Leeds, United Kingdom',
			experience: '9 years',
			matchedSkills: 'Python, SQL',
			jobTitleScore: 0.9,
			identifier: 'resume0',
			pdf: scoredResult(0).pdf,
		});
	});

	test.each([
		['1 years', '1 year'],
		['1 years 3 months', '1 year 3 months'],
		['11 years', '11 years'],
		['21 years', '21 years'],
		['0.1 years', '0.1 years'],
		['2 years', '2 years'],
		['0 years', '0 years'],
	])('experience %j reads %j, in the rows of both searches', async (answered, shown) => {
		const experience = { label: 'Experience', value: answered, score: 0.5 };
		server.respondWith(() => ({
			body: {
				count: 2,
				results: [
					{ ...scoredResult(0), experience },
					{ ...scoredResult(1), jobTitle: { label: 'Job Title', value: 'Nurse' }, experience },
				],
			},
		}));
		const resumeRows = await rows(search({ criteria: { jobTitles: { jobTitles: 'Nurse' } } }));
		const jobRows = await rows({
			resource: 'jobDescription',
			operation: 'search',
			indices: ['open-jobs'],
			searchMode: 'custom',
			criteria: { jobTitles: { jobTitles: 'Nurse' } },
			limit: 2,
		});
		expect([...resumeRows, ...jobRows].map((row) => row.experience)).toEqual([
			shown,
			shown,
			shown,
			shown,
		]);
	});

	describe('Add Candidate Details', () => {
		/** The search's two results, and each resume's compact document (Ada's, as that resume). */
		const searchThenDocuments = () =>
			server.respondWith(({ path }) => {
				const identifier = /^\/v3\/documents\/(.+)$/.exec(path)?.[1];
				if (identifier === undefined)
					return { status: 201, body: { count: 2, results: [0, 1].map(scoredResult) } };
				const meta = { ...(NEXTGEN_COMPACT_CV.meta as IDataObject), identifier };
				return { body: { ...NEXTGEN_COMPACT_CV, meta } };
			});

		test('one compact Get per row, its Flat Row columns merged in, each row paired', async () => {
			searchThenDocuments();
			const { run, output } = await runWorkflow(
				affindaWorkflow(search({ options: { addCandidateDetails: true, concurrency: 1 } })),
				{ credentials: affindaCredentials(server.url) },
			);
			expect(run.status).toBe('success');
			expect(server.requests.map(({ method, path, query }) => [method, path, query])).toEqual([
				['POST', '/v2/resume_search', { limit: '2', offset: '0' }],
				['GET', '/v3/documents/resume0', { compact: 'true' }],
				['GET', '/v3/documents/resume1', { compact: 'true' }],
			]);
			const items = output(AFFINDA_NODE_NAME);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
			const details = Object.fromEntries(
				Object.entries(SAME_CV_ROW).filter(
					([column]) => !['identifier', 'fullName'].includes(column),
				),
			);
			// The search's own columns stay (its name, its identifier); the document adds the rest.
			expect(items[1].json).toEqual({
				fullName: 'Candidate 1',
				score: scoredResult(1).score,
				jobTitle: 'Job Title 1',
				location: 'Location 1',
				experience: 'Experience 1',
				matchedSkills: 'Skills 1',
				identifier: 'resume1',
				pdf: scoredResult(1).pdf,
				...details,
			});
		});

		test('a bad value is refused before any request, naming the option and the value', async () => {
			searchThenDocuments();
			const { run, error } = await runWorkflow(
				affindaWorkflow(search({ options: { addCandidateDetails: 'maybe' } })),
				{ credentials: affindaCredentials(server.url) },
			);
			expect(run.status).toBe('error');
			expect(error()?.message).toContain('Add Candidate Details');
			expect(error()?.message).toContain('maybe');
			expect(server.requests).toHaveLength(0);
		});
	});

	test('the scores of the criteria searched only, in the order of the table', async () => {
		const criteria = {
			skills: { skills: { values: [{ name: 'SQL', required: false }] } },
			yearsExperience: { yearsExperienceMin: 3 },
		};
		const [first] = await rows(search({ criteria }));
		expect(server.requests[0].body).toEqual({
			indices: ['all-resumes'],
			skills: [{ name: 'SQL', required: false }],
			yearsExperienceMin: 3,
		});
		expect(Object.keys(first)).toEqual([
			...RESUME_ROW_START,
			'skillsScore',
			'experienceScore',
			'identifier',
			'pdf',
		]);
		expect(first).toMatchObject({
			fullName: 'Candidate 0',
			skillsScore: 0.5,
			experienceScore: 0.75,
		});
	});

	test('against a job description: the criteria the service scored', async () => {
		const [first] = await rows(search({ searchMode: 'jobDescription', jobDescription: 'jd1' }));
		expect(Object.keys(first)).toEqual([
			...RESUME_ROW_START,
			'jobTitleScore',
			'experienceScore',
			'skillsScore',
			'identifier',
			'pdf',
		]);
	});
});
