/**
 * The node called by a model, in-process: as an AI Agent's tool call (n8n runs the tool variant on
 * its own, its output logged as the agent's tool answer) and as a tool called through n8n's tool
 * wrapper (the MCP Server Trigger). What reaches the service, and what the model gets back.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { NEXTGEN_CV, SAME_CV_ROW } from '../fixtures/documents/same-cv';
import { useFastRetries } from '../helpers/fast-retries';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { AFFINDA_NODE_TYPE, runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	AFFINDA_TOOL_TYPE,
	modelArguments,
	registerToolVariant,
	toolAnswer,
} from '../helpers/tool-variant';
import {
	pagedJobDescriptionSearch,
	pagedSearch,
	SEARCH_TOTAL as TOTAL,
} from '../fixtures/search/scored-results';

/** What an AI Agent's tool call looks like to the node: its tool variant, logged as ai_tool. */
const AGENT_TOOL_CALL: Partial<INode> = {
	type: AFFINDA_TOOL_TYPE,
	typeVersion: 1,
	rewireOutputLogTo: NodeConnectionTypes.AiTool,
};
/** Called through n8n's tool wrapper, as the MCP Server Trigger calls it. */
const WRAPPED_TOOL: Partial<INode> = { type: AFFINDA_TOOL_TYPE, typeVersion: 1 };

const SEARCH = { resource: 'resume', operation: 'search', indices: ['all-resumes'] };
const JOB_SEARCH = { resource: 'jobDescription', operation: 'search', indices: ['open-jobs'] };

describe('called by a model', () => {
	let server: RecordingServer;
	beforeAll(async () => await registerToolVariant());
	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const run = async (parameters: IDataObject, settings: Partial<INode>, args: IDataObject = {}) =>
		await runWorkflow(affindaWorkflow(parameters, settings), {
			credentials: affindaCredentials(server.url),
			input: modelArguments(args),
		});

	describe("as an AI Agent's tool call", () => {
		test("the model's arguments reach the service, and it gets the top 10 in about 1 kB", async () => {
			pagedSearch(server);
			const { run: finished } = await run(SEARCH, AGENT_TOOL_CALL, {
				jobTitles: 'Data Engineer',
				skills: 'SQL, dbt',
				yearsExperienceMin: '4',
			});

			expect(finished.status).toBe('success');
			expect(server.requests).toHaveLength(1);
			const [request] = server.requests;
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v2/resume_search');
			expect(request.query).toEqual({ offset: '0', limit: '10' });
			expect(request.body).toEqual({
				indices: ['all-resumes'],
				jobTitles: ['Data Engineer'],
				skills: [
					{ name: 'SQL', required: false },
					{ name: 'dbt', required: false },
				],
				yearsExperienceMin: 4,
			});

			const answer = toolAnswer(finished);
			expect(answer).toHaveLength(1);
			const { candidates, moreCandidates } = answer[0] as {
				candidates: IDataObject[];
				moreCandidates: number;
			};
			expect(moreCandidates).toBe(TOTAL - 10);
			expect(candidates).toHaveLength(10);
			// Only the criteria searched: job titles, skills, experience; no PDF link.
			expect(candidates[0]).toEqual({
				fullName: 'Candidate 0',
				score: 1,
				jobTitleScore: 0.9,
				skillsScore: 0.5,
				experienceScore: 0.75,
				identifier: 'resume0',
			});
			// Measured: 1285 bytes for these 10 rows of 3 criteria (the service sent 10 rows of 14 fields).
			const size = Buffer.byteLength(JSON.stringify(answer));
			expect(size).toBeLessThanOrEqual(3000);
		});

		test('the model may ask for fewer or more, within the service limit of 50', async () => {
			pagedSearch(server);
			const { run: finished } = await run(SEARCH, AGENT_TOOL_CALL, { skills: 'Go', limit: 25 });
			expect(server.requests.map((request) => request.query)).toEqual([
				{ offset: '0', limit: '25' },
			]);
			expect(
				(toolAnswer(finished)[0].candidates as IDataObject[]).map((row) => row.identifier),
			).toEqual(Array.from({ length: 25 }, (_, n) => `resume${n}`));
		});

		test('job description search: the model gets the top 10 job descriptions, only the criteria searched', async () => {
			pagedJobDescriptionSearch(server);
			const { run: finished } = await run(JOB_SEARCH, AGENT_TOOL_CALL, {
				skills: 'SQL, dbt',
				locations: 'Berlin',
			});

			expect(finished.status).toBe('success');
			expect(server.requests).toHaveLength(1);
			const [request] = server.requests;
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v2/job_description_search');
			expect(request.query).toEqual({ offset: '0', limit: '10' });
			expect(request.body).toEqual({
				indices: ['open-jobs'],
				skills: [
					{ name: 'SQL', required: false },
					{ name: 'dbt', required: false },
				],
				locations: [{ name: 'Berlin' }],
			});

			const answer = toolAnswer(finished);
			expect(answer).toHaveLength(1);
			const { jobDescriptions, moreJobDescriptions } = answer[0] as {
				jobDescriptions: IDataObject[];
				moreJobDescriptions: number;
			};
			expect(moreJobDescriptions).toBe(TOTAL - 10);
			expect(jobDescriptions).toHaveLength(10);
			// Skills and location searched: their scores only; no PDF link, no other criterion.
			expect(jobDescriptions[0]).toEqual({
				jobTitle: 'Data Engineer 0',
				organization: 'Org 0',
				score: 1,
				skillsScore: 0.5,
				locationScore: 0.25,
				identifier: 'job0',
			});
			// Measured: 1305 bytes for these 10 rows of 2 criteria (the service sent 10 rows of 15 fields).
			const size = Buffer.byteLength(JSON.stringify(answer));
			expect(size).toBeLessThanOrEqual(3000);
		});

		test('job description search: the model may set limit within the service limit of 100', async () => {
			pagedJobDescriptionSearch(server);
			const { run: finished } = await run(JOB_SEARCH, AGENT_TOOL_CALL, {
				skills: 'Go',
				limit: 35,
			});
			expect(server.requests.map((request) => request.query)).toEqual([
				{ offset: '0', limit: '35' },
			]);
			const [answer] = toolAnswer(finished);
			expect((answer.jobDescriptions as IDataObject[]).map((row) => row.identifier)).toEqual(
				Array.from({ length: 35 }, (_, n) => `job${n}`),
			);
			expect(answer.moreJobDescriptions).toBe(TOTAL - 35);

			server.requests.length = 0;
			const refused = await run(JOB_SEARCH, AGENT_TOOL_CALL, { limit: 101 });
			expect(server.requests).toHaveLength(0);
			expect(toolAnswer(refused.run)).toEqual([
				{ refused: expect.stringMatching(/^Argument "limit" \(Limit\) is 101, but must be .*100/) },
			]);
		});

		test('a bad argument is refused as the answer, naming it, the value and what is allowed; nothing is sent', async () => {
			pagedSearch(server);
			const { run: finished } = await run(SEARCH, AGENT_TOOL_CALL, {
				jobTitles: 'Data Engineer',
				yearsExperienceMin: 'many',
			});
			expect(finished.status).toBe('success');
			expect(server.requests).toHaveLength(0);
			expect(toolAnswer(finished)).toEqual([
				{
					refused:
						'Argument "yearsExperienceMin" (Years of Experience › Minimum) is "many", but must be a whole number of 0 or more. Nothing was sent to Affinda: call again with a corrected yearsExperienceMin.',
				},
			]);
		});

		test('a limit beyond the service limit is refused before any request', async () => {
			const { run: finished } = await run(SEARCH, AGENT_TOOL_CALL, { limit: 500 });
			expect(server.requests).toHaveLength(0);
			expect(toolAnswer(finished)).toEqual([
				{ refused: expect.stringMatching(/^Argument "limit" \(Limit\) is 500, but must be .*50/) },
			]);
		});

		test('a document not found (404) is refused as the answer: the same call will not help', async () => {
			server.respondWith(() => ({ status: 404, body: { detail: 'Not found.' } }));
			const { run: finished } = await run(
				{ resource: 'jobDescription', operation: 'getMatchDetail', indices: ['open-jobs'] },
				AGENT_TOOL_CALL,
				{ identifier: 'jdGone', resume: 'res7' },
			);
			expect(finished.status).toBe('success');
			expect(server.requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
				{
					method: 'POST',
					path: '/v2/job_description_search/details/jdGone',
					body: { indices: ['open-jobs'], resume: 'res7' },
				},
			]);
			const [answer] = toolAnswer(finished);
			expect(answer.refused).toMatch(
				/^Affinda found nothing at \/v2\/job_description_search\/details\/jdGone: Not found\./,
			);
			expect(answer.refused).toMatch(/Calling again with the same arguments will not help\.$/);
		});

		describe('after retries', () => {
			useFastRetries();
			test('a fault that outlived them is the answer, saying a later call may work', async () => {
				server.respondWith(() => ({ status: 503, text: 'Service Unavailable' }));
				const { run: finished } = await run(SEARCH, AGENT_TOOL_CALL, { skills: 'Go' });
				expect(finished.status).toBe('success');
				expect(server.requests.length).toBeGreaterThan(1);
				const [answer] = toolAnswer(finished);
				expect(Object.keys(answer)).toEqual(['failed']);
				expect(answer.failed).toMatch(/HTTP 503/);
				expect(answer.failed).toMatch(/Trying again later may help\.$/);
			});
		});

		test('a link from the model is uploaded by URL', async () => {
			server.respondWith(() => ({
				status: 201,
				body: { meta: { identifier: 'doc1', ready: false, failed: false }, data: null },
			}));
			const { run: finished } = await run(
				{
					resource: 'resume',
					operation: 'parse',
					workspace: { __rl: true, mode: 'id', value: 'ws1' },
					wait: false,
				},
				AGENT_TOOL_CALL,
				{ url: 'https://cv.example/jane-doe.pdf' },
			);
			expect(finished.status).toBe('success');
			expect(server.requests).toHaveLength(1);
			const [request] = server.requests;
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v3/documents');
			expect(String(request.body)).toMatch(
				/name="url"\r\n\r\nhttps:\/\/cv\.example\/jane-doe\.pdf\r\n/,
			);
			expect(String(request.body)).toMatch(/name="workspace"\r\n\r\nws1\r\n/);
		});
	});

	test('Parse and Get answer with a Flat Row: a few hundred bytes, not the document', async () => {
		server.respondWith(() => ({ body: NEXTGEN_CV }));
		const parsed = await run(
			{
				resource: 'resume',
				operation: 'parse',
				workspace: { __rl: true, mode: 'id', value: 'ws1' },
			},
			AGENT_TOOL_CALL,
			{ url: 'https://cv.example/ada-quinn.pdf' },
		);
		const got = await run(
			{
				resource: 'document',
				operation: 'get',
				identifier: { __rl: true, mode: 'id', value: 'cvAdaQ01' },
			},
			AGENT_TOOL_CALL,
		);
		for (const finished of [parsed.run, got.run]) {
			expect(finished.status).toBe('success');
			const [answer] = toolAnswer(finished);
			expect(answer).toEqual(SAME_CV_ROW);
			expect(JSON.stringify(answer).length).toBeLessThan(JSON.stringify(NEXTGEN_CV).length / 10);
		}
	});

	describe('through the tool wrapper (MCP Server Trigger)', () => {
		test('a bad argument fails the call with the words the model reads; nothing is sent', async () => {
			const { run: finished, error } = await run(SEARCH, WRAPPED_TOOL, {
				yearsExperienceMin: 'many',
			});
			expect(finished.status).toBe('error');
			expect(server.requests).toHaveLength(0);
			expect(error()?.message).toBe(
				'Argument "yearsExperienceMin" (Years of Experience › Minimum) is "many", but must be a whole number of 0 or more. Nothing was sent to Affinda: call again with a corrected yearsExperienceMin.',
			);
		});
	});

	describe('not as a tool, as before', () => {
		test('job description search gives its flat rows up to Limit, with PDF links', async () => {
			pagedJobDescriptionSearch(server);
			const { run: finished, output } = await run(
				{ ...JOB_SEARCH, criteria: { skills: { skills: { values: [{ name: 'SQL' }] } } } },
				{ type: AFFINDA_NODE_TYPE, typeVersion: 1 },
			);
			expect(finished.status).toBe('success');
			expect(server.requests.map((request) => request.query)).toEqual([
				{ offset: '0', limit: '50' },
			]);
			const rows = output(AFFINDA_NODE_NAME);
			expect(rows).toHaveLength(TOTAL);
			expect(rows[0].json).toEqual({
				jobTitle: 'Data Engineer 0',
				organization: 'Org 0',
				score: 1,
				location: 'Location 0',
				experience: 'Experience 0',
				matchedSkills: 'Skills 0',
				skillsScore: 0.5,
				identifier: 'job0',
				pdf: expect.stringMatching(/^https:\/\/files\.example\/jobs\/job0\.pdf/),
			});
		});

		test('a bad value fails the node with its message for people', async () => {
			const { run: finished, error } = await run(
				{ ...SEARCH, criteria: { jobTitles: { jobTitles: 'Data Engineer' } }, limit: 500 },
				{ type: AFFINDA_NODE_TYPE, typeVersion: 1 },
			);
			expect(finished.status).toBe('error');
			expect(server.requests).toHaveLength(0);
			expect(error()?.message).toMatch(
				/^Parameter "Limit" \(limit\) is 500, but must be .* \[item 0\]$/,
			);
		});
	});
});
