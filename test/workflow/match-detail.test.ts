import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

const DETAIL = {
	jobTitle: { missing: [], value: { name: 'Data Engineer', companyName: 'Acme', match: true } },
	skills: {
		missing: [{ name: 'Spark', required: true }],
		value: [{ name: 'Python', match: true }],
	},
	experience: { minimumExperience: 3, maximumExperience: 6, match: true },
	managementLevel: { level: 'Mid', match: false },
};

const matchParameters = (extra: Record<string, unknown> = {}) => ({
	resource: 'jobDescription',
	operation: 'getMatchDetail',
	identifier: 'jd42',
	indices: ['open-jobs'],
	...extra,
});

describe('Job Description → Get Match Detail, on the wire', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer(() => ({ body: DETAIL }));
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('posts the match detail body, built from the same criteria table as search', async () => {
		const { run, output } = await runWorkflow(
			affindaWorkflow(
				matchParameters({
					resume: 'res7',
					criteria: {
						jobTitles: { jobTitles: 'Data Engineer', jobTitlesRequired: true },
						yearsExperience: {
							totalYearsExperience: 4.5,
							// A resume-search-only facet, set by an expression, must not leak into this body.
							yearsExperienceMin: 3,
						},
						education: {
							degreeTypes: ['masters'],
							degreeTypesRequired: true,
							educationWeight: 0.2,
						},
						skills: { skills: { values: [{ name: 'Python', required: true }] }, skillsWeight: 0.8 },
						occupationGroups: { socCodes: '2613' },
						managementLevel: { managementLevel: 'Mid' },
					},
				}),
			),
			{ credentials: affindaCredentials(server.url) },
		);

		expect(run.status).toBe('success');
		expect(server.requests).toHaveLength(1);
		const [request] = server.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/v2/job_description_search/details/jd42');
		expect(request.query).toEqual({});
		expect(request.body).toEqual({
			indices: ['open-jobs'],
			resume: 'res7',
			jobTitles: ['Data Engineer'],
			totalYearsExperience: 4.5,
			degreeTypes: ['masters'],
			degreeTypesRequired: true,
			jobTitlesRequired: true,
			skills: [{ name: 'Python', required: true }],
			skillsWeight: 0.8,
			educationWeight: 0.2,
			socCodes: [2613],
			managementLevel: 'Mid',
		});
		const items = output(AFFINDA_NODE_NAME);
		expect(items).toEqual([{ json: DETAIL, pairedItem: { item: 0 } }]);
	});

	test('one output per input item, each paired; identifiers are escaped in the path', async () => {
		const { output } = await runWorkflow(
			affindaWorkflow(matchParameters({ identifier: '={{ $json.jd }}' })),
			{
				credentials: affindaCredentials(server.url),
				input: [{ json: { jd: 'a/b' } }, { json: { jd: 'c d' } }],
			},
		);
		expect(server.requests.map((r) => r.path)).toEqual([
			'/v2/job_description_search/details/a%2Fb',
			'/v2/job_description_search/details/c%20d',
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
		]);
	});

	test('bad input is refused before any request', async () => {
		const { error } = await runWorkflow(
			affindaWorkflow(
				matchParameters({ criteria: { yearsExperience: { totalYearsExperience: -1 } } }),
			),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Parameter "Years of Experience › Total" (totalYearsExperience) is -1, but must be a number of 0 or more [item 0]',
		);
		const missing = await runWorkflow(affindaWorkflow(matchParameters({ identifier: ' ' })), {
			credentials: affindaCredentials(server.url),
		});
		expect(missing.error()?.message).toBe(
			'Parameter "Job Description" (identifier) is empty, but must be a document identifier [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('a 404 from the service says what was not found', async () => {
		server.respondWith(() => ({
			status: 404,
			body: {
				type: 'client_error',
				errors: [{ attr: null, code: 'not_found', detail: 'Not found.' }],
			},
		}));
		const { error } = await runWorkflow(affindaWorkflow(matchParameters()), {
			credentials: affindaCredentials(server.url),
		});
		expect(error()?.name).toBe('NodeApiError');
		expect(error()?.message).toBe(
			'Affinda found nothing at /v2/job_description_search/details/jd42: Not found. [item 0]',
		);
	});
});
