import { startEmulator, type Emulator } from '../emulator';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { EVERY_CRITERION_BODY } from '../fixtures/search/every-criterion';
import everyCriterionWorkflow from '../fixtures/search/search-every-criterion.workflow.json';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * The Search Resumes scenarios again, against the emulator: it validates bodies as the service
 * does, so a pass here means the service would have accepted what the node sent. The exact body
 * and paging are owned by search.test.ts.
 */
describe('Resume → Search against the emulator', () => {
	let emulator: Emulator;
	const searchRequests = () => emulator.received.filter((r) => r.path === '/v2/resume_search');
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const searchParameters = (extra: Record<string, unknown> = {}) => ({
		resource: 'resume',
		operation: 'search',
		indices: [emulator.fixtures.indices.resumes],
		searchMode: 'custom',
		criteria: {
			jobTitles: { jobTitles: 'Software Engineer' },
			skills: { skills: { values: [{ name: 'Python', required: false }] } },
		},
		...extra,
	});

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 400, jobDescriptionCount: 20, seed: 7 });
	});
	beforeEach(() => emulator.clearReceived());
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	test('the body with every criterion is valid for the service', async () => {
		const indices = [emulator.fixtures.indices.resumes, emulator.fixtures.indices.techResumes];
		const workflow = JSON.parse(JSON.stringify(everyCriterionWorkflow));
		workflow.nodes[1].parameters.indices = indices;
		const { run, error } = await runWorkflow(workflow, { credentials: credentials() });

		expect(error()).toBeUndefined();
		expect(run.status).toBe('success');
		const [request] = searchRequests();
		expect(request.method).toBe('POST');
		expect(request.query).toEqual({ limit: '20', offset: '5' });
		expect(request.body).toEqual({ ...EVERY_CRITERION_BODY, indices });
	});

	test('Return All walks every page once and returns each match once, best first', async () => {
		const { output } = await runWorkflow(affindaWorkflow(searchParameters({ returnAll: true })), {
			credentials: credentials(),
		});
		const requests = searchRequests();
		expect(requests.length).toBeGreaterThan(1);
		expect(requests.map((r) => Number(r.query.offset))).toEqual(
			requests.map((_, page) => page * 50),
		);
		const items = output(AFFINDA_NODE_NAME);
		const identifiers = items.map((item) => item.json.identifier);
		expect(new Set(identifiers).size).toBe(identifiers.length);
		expect(identifiers.length).toBeGreaterThan(50);
		const scores = items.map((item) => item.json.score as number);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
	});

	test('Limit returns that many, asked for as the page size', async () => {
		const { output } = await runWorkflow(affindaWorkflow(searchParameters({ limit: 7 })), {
			credentials: credentials(),
		});
		expect(searchRequests().map((r) => r.query)).toEqual([{ limit: '7', offset: '0' }]);
		expect(output(AFFINDA_NODE_NAME)).toHaveLength(7);
	});

	test('matching a seeded job description ranks against its criteria', async () => {
		const [jobDescription] = emulator.fixtures.jobDescriptions;
		const { run, output } = await runWorkflow(
			affindaWorkflow(
				searchParameters({
					searchMode: 'jobDescription',
					jobDescription: jobDescription.identifier,
					limit: 5,
				}),
			),
			{ credentials: credentials() },
		);
		expect(run.status).toBe('success');
		expect(searchRequests()[0].body).toEqual({
			indices: [emulator.fixtures.indices.resumes],
			jobDescription: jobDescription.identifier,
		});
		expect(output(AFFINDA_NODE_NAME).length).toBeGreaterThan(0);
	});

	test("an index that does not exist: the service's 400, in words", async () => {
		const { error } = await runWorkflow(
			affindaWorkflow(searchParameters({ indices: ['no-such-index'] })),
			{
				credentials: credentials(),
			},
		);
		expect(error()?.name).toBe('NodeApiError');
		expect(error()?.httpCode).toBe('400');
		expect(error()?.message).toBe(
			'Affinda rejected the request: indices: Index "no-such-index" does not exist. [item 0]',
		);
	});

	test('a wrong key: 401, naming the key and region, never the key', async () => {
		const { error, run } = await runWorkflow(affindaWorkflow(searchParameters()), {
			credentials: affindaCredentials(emulator.url, 'sk-not-the-emulator-key'),
		});
		expect(error()?.httpCode).toBe('401');
		expect(error()?.message).toMatch(/^Affinda did not accept the API key/);
		expect(JSON.stringify(run)).not.toContain('sk-not-the-emulator-key');
	});

	test('Continue on Fail: the bad item is paired on the error output, the good ones are searched', async () => {
		const { run, output } = await runWorkflow(
			affindaWorkflow(
				searchParameters({
					criteria: {
						jobTitles: { jobTitles: 'Software Engineer' },
						skills: {
							skills: { values: [{ name: 'Python', required: false }] },
							skillsWeight: '={{ $json.weight }}',
						},
					},
					limit: 3,
				}),
				{ onError: 'continueErrorOutput' },
			),
			{
				credentials: credentials(),
				input: [{ json: { weight: 0.9 } }, { json: { weight: -1 } }, { json: { weight: 0.1 } }],
			},
		);
		expect(run.status).toBe('success');
		expect(searchRequests()).toHaveLength(2);
		expect(output(AFFINDA_NODE_NAME, 0).map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
			{ item: 2 },
			{ item: 2 },
			{ item: 2 },
		]);
		expect(output(AFFINDA_NODE_NAME, 1).map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
	});
});
