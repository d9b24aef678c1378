// The credential's Search & Match API setting: the specification's /v2 paths by default, the
// service's current /v3 paths when chosen, for Search Resumes (one page and Return All's every
// page) and Get Match Detail. The emulator serves both and validates the bodies either way.
import { startEmulator, type Emulator } from '../emulator';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

describe('Search & Match API version, on the wire', () => {
	let emulator: Emulator;

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 300, jobDescriptionCount: 5, seed: 'paths' });
	});
	beforeEach(() => emulator.clearReceived());
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	const credentials = (searchApiVersion?: string) => {
		const base = affindaCredentials(emulator.url, emulator.fixtures.key);
		return searchApiVersion ? { affindaApi: { ...base.affindaApi, searchApiVersion } } : base;
	};
	const sent = () => emulator.received.map((request) => `${request.method} ${request.path}`);
	const search = (returnAll: boolean) =>
		affindaWorkflow({
			resource: 'resume',
			operation: 'search',
			indices: [emulator.fixtures.indices.resumes],
			searchMode: 'custom',
			criteria: { jobTitles: { jobTitles: 'Software Engineer' } },
			returnAll,
			limit: 5,
		});
	const matchDetail = () =>
		affindaWorkflow({
			resource: 'jobDescription',
			operation: 'getMatchDetail',
			identifier: emulator.fixtures.jobDescriptions[0].identifier,
			indices: [emulator.fixtures.indices.jobDescriptions],
			resume: emulator.fixtures.resumes[0].identifier,
		});

	test.each([
		['unset (credentials saved before the setting existed)', 'v2', undefined],
		['v2', 'v2', 'v2'],
		['v3', 'v3', 'v3'],
	])('setting %s: Search and Match Detail call /%s paths', async (_, version, setting) => {
		const jobDescription = emulator.fixtures.jobDescriptions[0].identifier;
		for (const workflow of [search(false), matchDetail()]) {
			const { run, error } = await runWorkflow(workflow, { credentials: credentials(setting) });
			expect(error()).toBeUndefined();
			expect(run.status).toBe('success');
		}
		expect(sent()).toEqual([
			`POST /${version}/resume_search`,
			`POST /${version}/job_description_search/details/${jobDescription}`,
		]);
		expect(emulator.received[0].body).toEqual({
			indices: [emulator.fixtures.indices.resumes],
			jobTitles: ['Software Engineer'],
		});
	});

	test('v3: Return All reads every page from /v3 with the same body, and nothing else moves', async () => {
		const { run, output } = await runWorkflow(search(true), { credentials: credentials('v3') });
		expect(run.status).toBe('success');
		const pages = emulator.received;
		expect(pages.length).toBeGreaterThan(1);
		expect(new Set(pages.map((page) => page.path))).toEqual(new Set(['/v3/resume_search']));
		expect(pages.map((page) => Number(page.query.offset))).toEqual(pages.map((_, n) => n * 50));
		expect(new Set(pages.map((page) => JSON.stringify(page.body))).size).toBe(1);
		expect(output(AFFINDA_NODE_NAME).length).toBeGreaterThan(50);

		// Document paths are /v3 already and stay as they are.
		emulator.clearReceived();
		await runWorkflow(
			affindaWorkflow({ resource: 'document', operation: 'getMany', returnAll: false, limit: 1 }),
			{ credentials: credentials('v3') },
		);
		expect(sent()).toEqual(['GET /v3/documents']);
	});
});
