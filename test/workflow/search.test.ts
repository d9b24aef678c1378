import { EVERY_CRITERION_BODY } from '../fixtures/search/every-criterion';
import everyCriterionWorkflow from '../fixtures/search/search-every-criterion.workflow.json';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Resume → Search against the recording server: this file owns the exact body, query and paging
 * the node sends, and the rows it makes of scripted answers. Its twin, search-emulator.test.ts,
 * owns acceptance: the same searches against the emulator, which validates bodies as the service does.
 */

function result(n: number) {
	const component = (label: string) => ({ label, value: `${label} ${n}`, score: 0.5 });
	return {
		identifier: `resume${n}`,
		name: `Candidate ${n}`,
		score: 1 - n / 1000,
		pdf: `https://files.example/resume${n}.pdf`,
		jobTitle: component('Job Title'),
		managementLevel: component('Management Level'),
		experience: component('Experience'),
		skills: component('Skills'),
		languages: component('Languages'),
		location: component('Location'),
		education: component('Education'),
		occupationGroup: component('Occupation Group'),
		searchExpression: component('Search Expression'),
		customData: { isAvailable: { label: 'Is Available', value: 'true', score: 1 } },
	};
}

/** Answers like the service: `total` results, paged by the query's limit and offset. */
function pagedSearch(server: RecordingServer, total: number) {
	server.respondWith(({ query }) => {
		const limit = Number(query.limit ?? 20);
		const offset = Number(query.offset ?? 0);
		const end = Math.min(offset + limit, total);
		const results = Array.from({ length: Math.max(end - offset, 0) }, (_, k) => result(offset + k));
		return {
			status: 201,
			body: {
				count: total,
				next: end < total ? `${server.url}/v2/resume_search?limit=${limit}&offset=${end}` : null,
				previous: null,
				parameters: {},
				results,
			},
		};
	});
}

const searchParameters = (extra: Record<string, unknown> = {}) => ({
	resource: 'resume',
	operation: 'search',
	indices: ['all-resumes'],
	searchMode: 'custom',
	criteria: { jobTitles: { jobTitles: 'Engineer' } },
	...extra,
});

describe('Resume → Search, in a workflow, on the wire', () => {
	let server: RecordingServer;

	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('sends every criterion with its exact field name, type and value', async () => {
		pagedSearch(server, 30);
		const { run, output } = await runWorkflow(everyCriterionWorkflow, {
			credentials: affindaCredentials(server.url),
		});

		expect(run.status).toBe('success');
		expect(server.requests).toHaveLength(1);
		const [request] = server.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/v2/resume_search');
		expect(request.query).toEqual({ limit: '20', offset: '5' });
		expect(request.headers.authorization).toBe('Bearer test-key');
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual(EVERY_CRITERION_BODY);
		// Output → Raw Response: the results exactly as the service sent them, each paired to item 0.
		const items = output('Search Resumes');
		expect(items.map((item) => item.json)).toEqual(range(5, 25).map(result));
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('sends no criterion that is not set', async () => {
		pagedSearch(server, 1);
		await runWorkflow(affindaWorkflow(searchParameters({ criteria: {} })), {
			credentials: affindaCredentials(server.url),
		});
		expect(server.requests[0].body).toEqual({ indices: ['all-resumes'] });
	});

	test('matching a job description sends its identifier, with weights but no criteria', async () => {
		pagedSearch(server, 1);
		await runWorkflow(
			affindaWorkflow(
				searchParameters({
					searchMode: 'jobDescription',
					jobDescription: 'jdABC123',
					criteria: {
						jobTitles: { jobTitles: 'ignored in this mode' },
						skills: { skillsWeight: 0.7 },
					},
				}),
			),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests[0].body).toEqual({
			indices: ['all-resumes'],
			jobDescription: 'jdABC123',
			skillsWeight: 0.7,
		});
	});

	test('Return All follows next until the last page, re-posting the same body', async () => {
		pagedSearch(server, 120);
		const { run, output } = await runWorkflow(
			affindaWorkflow(searchParameters({ returnAll: true })),
			{ credentials: affindaCredentials(server.url) },
		);

		expect(run.status).toBe('success');
		expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['POST', '/v2/resume_search', { limit: '50', offset: '0' }],
			['POST', '/v2/resume_search', { limit: '50', offset: '50' }],
			['POST', '/v2/resume_search', { limit: '50', offset: '100' }],
		]);
		for (const request of server.requests) {
			expect(request.body).toEqual({ indices: ['all-resumes'], jobTitles: ['Engineer'] });
		}
		const items = output(AFFINDA_NODE_NAME);
		expect(items.map((item) => item.json.identifier)).toEqual(
			range(0, 120).map((n) => `resume${n}`),
		);
	});

	test('Limit asks for that many and returns that many, simplified by default', async () => {
		pagedSearch(server, 120);
		const { output } = await runWorkflow(affindaWorkflow(searchParameters({ limit: 7 })), {
			credentials: affindaCredentials(server.url),
		});

		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].query).toEqual({ limit: '7', offset: '0' });
		const items = output(AFFINDA_NODE_NAME);
		expect(items).toHaveLength(7);
		// One flat row: the score of the one criterion searched, not a column for every one scored.
		expect(items[0].json).toEqual({
			fullName: 'Candidate 0',
			score: 1,
			jobTitle: 'Job Title 0',
			location: 'Location 0',
			experience: 'Experience 0',
			matchedSkills: 'Skills 0',
			jobTitleScore: 0.5,
			identifier: 'resume0',
			pdf: 'https://files.example/resume0.pdf',
		});
	});

	test('Limit is reached across pages when the service sends smaller pages', async () => {
		server.respondWith(({ query }) => {
			const offset = Number(query.offset ?? 0);
			return {
				body: {
					count: 100,
					next: `${server.url}/v2/resume_search?limit=10&offset=${offset + 10}`,
					results: range(offset, offset + 10).map(result),
				},
			};
		});
		const { output } = await runWorkflow(affindaWorkflow(searchParameters({ limit: 25 })), {
			credentials: affindaCredentials(server.url),
		});
		expect(server.requests.map((r) => r.query.offset)).toEqual(['0', '10', '20']);
		expect(output(AFFINDA_NODE_NAME)).toHaveLength(25);
	});

	test('refuses a next link to another origin, so the API key stays home', async () => {
		server.respondWith(() => ({
			body: {
				count: 100,
				next: 'https://elsewhere.example/v2/resume_search?offset=50',
				results: [result(0)],
			},
		}));
		const { run, error } = await runWorkflow(
			affindaWorkflow(searchParameters({ returnAll: true })),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(run.status).toBe('error');
		expect(error()?.message).toContain(
			'Refused to follow a next-page link to https://elsewhere.example',
		);
		expect(server.requests).toHaveLength(1);
	});

	test('stops at the page cap with a clear error instead of looping', async () => {
		server.respondWith(({ query }) => ({
			body: {
				count: 1e9,
				next: `${server.url}/v2/resume_search?limit=1&offset=${Number(query.offset) + 1}`,
				results: [],
			},
		}));
		const { run, error } = await runWorkflow(
			affindaWorkflow(searchParameters({ returnAll: true })),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(run.status).toBe('error');
		expect(error()?.message).toMatch(/^Stopped after 1000 pages/);
		expect(server.requests).toHaveLength(1000);
	});

	test("a 400 becomes a NodeApiError with the service's own detail", async () => {
		server.respondWith(() => ({
			status: 400,
			body: {
				type: 'validation_error',
				errors: [{ attr: 'indices', code: 'invalid', detail: 'Index "nope" does not exist.' }],
			},
		}));
		const { run, error } = await runWorkflow(affindaWorkflow(searchParameters()), {
			credentials: affindaCredentials(server.url, 'sk-secret-key-123'),
		});
		expect(run.status).toBe('error');
		const failure = error();
		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe(
			'Affinda rejected the request: indices: Index "nope" does not exist. [item 0]',
		);
		expect(failure?.httpCode).toBe('400');
		expect(String(failure?.description)).toContain('Change the value named above');
		expect(JSON.stringify(run)).not.toContain('sk-secret-key-123');
		expect(server.requests).toHaveLength(1); // a 400 is not retried
	});

	test('a 401 says the key or region is wrong, and never shows the key', async () => {
		server.respondWith(() => ({
			status: 401,
			body: {
				type: 'client_error',
				errors: [{ attr: null, code: 'authentication_failed', detail: 'Invalid API key.' }],
			},
		}));
		const { run, error } = await runWorkflow(affindaWorkflow(searchParameters()), {
			credentials: affindaCredentials(server.url, 'sk-wrong-key-456'),
		});
		const failure = error();
		expect(failure?.name).toBe('NodeApiError');
		expect(failure?.message).toBe('Affinda did not accept the API key: Invalid API key. [item 0]');
		expect(failure?.httpCode).toBe('401');
		expect(String(failure?.description)).toMatch(/API key and the Region/);
		expect(JSON.stringify(run)).not.toContain('sk-wrong-key-456');
		expect(JSON.stringify(failure)).not.toContain('sk-wrong-key-456');
	});

	test('a 429 is retried after Retry-After, and a 503 after a backoff', async () => {
		let calls = 0;
		server.respondWith(({ query }) => {
			calls += 1;
			if (calls === 1)
				return {
					status: 429,
					headers: { 'retry-after': '0' },
					body: { type: 'client_error', errors: [] },
				};
			if (calls === 2) return { status: 503, body: { type: 'server_error', errors: [] } };
			return { body: { count: 1, next: null, results: [result(Number(query.offset))] } };
		});
		const { run, output } = await runWorkflow(affindaWorkflow(searchParameters()), {
			credentials: affindaCredentials(server.url),
		});
		expect(run.status).toBe('success');
		expect(server.requests).toHaveLength(3);
		expect(new Set(server.requests.map((r) => JSON.stringify([r.query, r.body]))).size).toBe(1);
		expect(output(AFFINDA_NODE_NAME)).toHaveLength(1);
	});

	test('gives up after the retries with the status and the service detail', async () => {
		server.respondWith(() => ({
			status: 429,
			headers: { 'retry-after': '0' },
			body: {
				type: 'client_error',
				errors: [{ attr: null, code: 'throttled', detail: 'Slow down.' }],
			},
		}));
		const { error } = await runWorkflow(affindaWorkflow(searchParameters()), {
			credentials: affindaCredentials(server.url),
		});
		expect(server.requests).toHaveLength(4);
		expect(error()?.message).toBe(
			'Affinda is limiting the rate of requests (4 attempts): Slow down. [item 0]',
		);
		expect(error()?.httpCode).toBe('429');
	});

	test('a redirect to another origin is not followed: neither the body nor the key goes there', async () => {
		const elsewhere = await startRecordingServer(() => ({
			body: { count: 0, next: null, results: [] },
		}));
		try {
			server.respondWith(() => ({
				status: 307,
				headers: { location: `${elsewhere.url}/v2/resume_search` },
			}));
			const { error } = await runWorkflow(affindaWorkflow(searchParameters()), {
				credentials: affindaCredentials(server.url, 'sk-redirect-secret'),
			});
			expect(server.requests[0].headers.authorization).toBe('Bearer sk-redirect-secret');
			expect(elsewhere.requests).toHaveLength(0);
			expect(error()?.message).toBe(
				`Affinda's answer to POST /v2/resume_search redirected to another host, ${new URL(elsewhere.url).host}, which the node does not follow [item 0]`,
			);
		} finally {
			await elsewhere.stop();
		}
	});

	test('an unreachable service names the base URL, not the key', async () => {
		const gone = server.url;
		await server.stop();
		server = await startRecordingServer();
		const { error } = await runWorkflow(affindaWorkflow(searchParameters()), {
			credentials: affindaCredentials(gone, 'sk-unreachable-secret'),
		});
		expect(error()?.name).toBe('NodeApiError');
		expect(error()?.message).toBe(`Could not reach Affinda at ${gone} [item 0]`);
		expect(String(error()?.description)).toContain('ECONNREFUSED');
		expect(JSON.stringify(error())).not.toContain('sk-unreachable-secret');
	});

	test('Continue on Fail: a bad item goes to the error output, paired, and the others go on', async () => {
		pagedSearch(server, 3);
		const workflow = affindaWorkflow(
			searchParameters({
				criteria: {
					jobTitles: { jobTitles: '={{ $json.title }}', jobTitlesWeight: '={{ $json.weight }}' },
				},
				limit: 2,
			}),
			{ onError: 'continueErrorOutput' },
		);
		const { run, output } = await runWorkflow(workflow, {
			credentials: affindaCredentials(server.url),
			input: [
				{ json: { title: 'Engineer', weight: 0.5 } },
				{ json: { title: 'Designer', weight: 1.5 } },
				{ json: { title: 'Analyst', weight: 1 } },
			],
		});

		expect(run.status).toBe('success');
		// Only the good items reached the service.
		expect(server.requests.map((r) => r.body)).toEqual([
			{ indices: ['all-resumes'], jobTitles: ['Engineer'], jobTitlesWeight: 0.5 },
			{ indices: ['all-resumes'], jobTitles: ['Analyst'], jobTitlesWeight: 1 },
		]);
		const succeeded = output(AFFINDA_NODE_NAME, 0);
		expect(succeeded.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 2 },
			{ item: 2 },
		]);
		const failed = output(AFFINDA_NODE_NAME, 1);
		expect(failed).toHaveLength(1);
		expect(failed[0].pairedItem).toEqual({ item: 1 });
		expect(failed[0].json.error).toBe(
			'Parameter "Job Titles › Weight" (jobTitlesWeight) is 1.5, but must be a number from 0 to 1 [item 1]',
		);
	});

	test('without Continue on Fail, a bad value stops the run before any request', async () => {
		const { run, error } = await runWorkflow(
			affindaWorkflow(
				searchParameters({
					criteria: { yearsExperience: { yearsExperienceMin: 8, yearsExperienceMax: 2 } },
				}),
			),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(run.status).toBe('error');
		expect(error()?.message).toBe(
			'Parameter "Years of Experience › Maximum" (yearsExperienceMax) is 2, but must be a number no smaller than the minimum (8) [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});
});

function range(from: number, to: number): number[] {
	return Array.from({ length: to - from }, (_, k) => from + k);
}
