/**
 * Resume → Search's simplified rows, the table people see: the score of each criterion searched
 * only.
 */
import type { IDataObject } from 'n8n-workflow';

import { pagedSearch } from '../fixtures/search/scored-results';
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
			'candidate',
			'score',
			'skillsScore',
			'experienceScore',
			'identifier',
			'pdf',
		]);
		expect(first).toMatchObject({
			candidate: 'Candidate 0',
			skillsScore: 0.5,
			experienceScore: 0.75,
		});
	});

	test('against a job description: the criteria the service scored', async () => {
		const [first] = await rows(search({ searchMode: 'jobDescription', jobDescription: 'jd1' }));
		expect(Object.keys(first)).toEqual([
			'candidate',
			'score',
			'jobTitleScore',
			'experienceScore',
			'skillsScore',
			'identifier',
			'pdf',
		]);
	});
});
