// The node's versions side by side, on the wire: a workflow saved with version 1 runs as it did,
// and version 2's panel (one entry per criterion, documents picked from lists, flat rows) asks
// the service for the same things, minus what nobody set.
import type { IDataObject } from 'n8n-workflow';

import { EVERY_CRITERION_BODY } from '../fixtures/search/every-criterion';
import everyCriterionV1 from '../fixtures/search/search-every-criterion.workflow.json';
import everyCriterionV2 from '../fixtures/search/search-every-criterion-v2.workflow.json';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { affindaCredentials, affindaWorkflow } from '../helpers/in-process-workflow';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';

const scored = (label: string, score: number) => ({ label, value: `${label} value`, score });
const RESULT = {
	identifier: 'resumeA',
	name: 'Ada Lovelace',
	score: 0.91,
	pdf: 'https://files.example/resumeA.pdf',
	jobTitle: scored('Job Title', 0.8),
	skills: scored('Skills', 0.95),
	location: scored('Location', 0.5),
	customData: { isAvailable: scored('Is Available', 1) },
};

/** The every-criterion body without the switches left off: version 2 never sends those. */
function withoutOffSwitches(body: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== false));
}

const searchV2 = (parameters: IDataObject) =>
	affindaWorkflow(
		{ resource: 'resume', operation: 'search', indices: ['all-resumes'], ...parameters },
		{ typeVersion: 2 },
	);

describe('the node versions, on the wire', () => {
	let server: RecordingServer;

	beforeEach(async () => {
		// One result on whatever page is asked for (the every-criterion fixtures skip 5).
		server = await startRecordingServer(({ query }) => ({
			status: 200,
			body: {
				count: Number(query.offset ?? 0) + 1,
				next: null,
				previous: null,
				parameters: {},
				results: [RESULT],
			},
		}));
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('a workflow saved with version 1 runs as it did: three collections, nested output', async () => {
		const workflow = {
			...everyCriterionV1,
			nodes: everyCriterionV1.nodes.map((node) =>
				node.type.endsWith('affinda')
					? { ...node, parameters: { ...node.parameters, simplify: true } }
					: node,
			),
		};
		const { run, output, error } = await runWorkflow(workflow, {
			credentials: affindaCredentials(server.url),
		});
		expect(error()?.message).toBeUndefined();
		expect(run.status).toBe('success');
		expect(everyCriterionV1.nodes[1].typeVersion).toBe(1);
		expect(server.requests[0].body).toEqual(EVERY_CRITERION_BODY);
		expect(output('Search Resumes')[0].json).toEqual({
			identifier: 'resumeA',
			name: 'Ada Lovelace',
			score: 0.91,
			pdf: 'https://files.example/resumeA.pdf',
			criteria: {
				jobTitle: scored('Job Title', 0.8),
				skills: scored('Skills', 0.95),
				location: scored('Location', 0.5),
			},
			customData: { isAvailable: scored('Is Available', 1) },
		});
	});

	test('version 2 sends every criterion from its entries, switches left off not at all', async () => {
		const { run } = await runWorkflow(everyCriterionV2, {
			credentials: affindaCredentials(server.url),
		});
		expect(run.status).toBe('success');
		expect(server.requests[0].body).toEqual(withoutOffSwitches(EVERY_CRITERION_BODY));
	});

	test('version 2: criteria added and left untouched send nothing but what was typed', async () => {
		await runWorkflow(
			searchV2({
				searchMode: 'custom',
				// As the editor saves entries added and not filled in: only the typed value is there.
				criteria: {
					jobTitles: { jobTitles: 'Engineer' },
					skills: {},
					yearsExperience: {},
					education: {},
					managementLevel: {},
					locations: {},
				},
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests[0].body).toEqual({ indices: ['all-resumes'], jobTitles: ['Engineer'] });
	});

	test('version 2: against a job description picked from a list, only Required and Weight count', async () => {
		await runWorkflow(
			searchV2({
				searchMode: 'jobDescription',
				jobDescription: {
					__rl: true,
					mode: 'list',
					value: 'jdABC123',
					cachedResultName: 'Role.pdf',
				},
				criteria: {
					jobTitles: { jobTitles: 'ignored in this mode', jobTitlesWeight: 0.7 },
					skills: { skillsWeight: 0.2 },
				},
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests[0].body).toEqual({
			indices: ['all-resumes'],
			jobDescription: 'jdABC123',
			jobTitlesWeight: 0.7,
			skillsWeight: 0.2,
		});
	});

	test('version 2: one flat row per candidate, a column per scored criterion', async () => {
		const { output } = await runWorkflow(
			searchV2({ searchMode: 'custom', criteria: { jobTitles: { jobTitles: 'Engineer' } } }),
			{ credentials: affindaCredentials(server.url) },
		);
		const row = output('Affinda')[0].json;
		expect(row).toEqual({
			candidate: 'Ada Lovelace',
			score: 0.91,
			jobTitleScore: 0.8,
			skillsScore: 0.95,
			locationScore: 0.5,
			isAvailableScore: 1,
			identifier: 'resumeA',
			pdf: 'https://files.example/resumeA.pdf',
		});
		expect(Object.keys(row).slice(0, 2)).toEqual(['candidate', 'score']);
		expect(Object.values(row).every((value) => typeof value !== 'object' || value === null)).toBe(
			true,
		);
	});

	test('version 2: an error names the criterion and facet as the panel shows them', async () => {
		const { error } = await runWorkflow(
			searchV2({
				searchMode: 'custom',
				criteria: { skills: { skillsWeight: 1.5 } },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Parameter "Skills › Weight" (skillsWeight) is 1.5, but must be a number from 0 to 1 [item 0]',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('version 2: a Place shaped like coordinates but out of range is refused, in Search and Get Match Detail alike', async () => {
		const place = (value: string) => ({
			locations: { locations: { location: [{ place: value, distance: 10 }] } },
		});
		const COORDINATES = 'latitude (-90 to 90) and longitude (-180 to 180), separated by a comma';
		const refusals: string[] = [];
		for (const value of ['91, 0', '0, 181', '-90.5,10']) {
			const search = await runWorkflow(searchV2({ searchMode: 'custom', criteria: place(value) }), {
				credentials: affindaCredentials(server.url),
			});
			const matchDetail = await runWorkflow(
				affindaWorkflow(
					{
						resource: 'jobDescription',
						operation: 'getMatchDetail',
						identifier: { __rl: true, mode: 'id', value: 'jdXYZ' },
						indices: ['all-job-descriptions'],
						criteria: place(value),
					},
					{ typeVersion: 2 },
				),
				{ credentials: affindaCredentials(server.url) },
			);
			refusals.push(String(search.error()?.message), String(matchDetail.error()?.message));
		}
		const refusal = (value: string) =>
			`Parameter "Locations 1 › Place" (locations[0].place) is "${value}", but must be a place name, or ${COORDINATES} [item 0]`;
		expect(refusals).toEqual(
			['91, 0', '0, 181', '-90.5,10'].flatMap((value) => [refusal(value), refusal(value)]),
		);
		expect(server.requests).toHaveLength(0);

		// In range, the same field is coordinates; anything else a pair of numbers is a place name.
		for (const value of ['90, -180', 'Paris, 75001', 'Sydney, Australia']) {
			await runWorkflow(searchV2({ searchMode: 'custom', criteria: place(value) }), {
				credentials: affindaCredentials(server.url),
			});
		}
		expect(server.requests.map((request) => (request.body as IDataObject).locations)).toEqual([
			[{ coordinates: { latitude: 90, longitude: -180 }, distance: 10, unit: 'km' }],
			[{ name: 'Paris, 75001', distance: 10, unit: 'km' }],
			[{ name: 'Sydney, Australia', distance: 10, unit: 'km' }],
		]);
	});

	test('version 2: a skill or language name that is a whole number is sent as its text; a fraction is refused', async () => {
		const names = (skill: string, language: string) => ({
			skills: { skills: { values: [{ name: skill }] } },
			languages: { languages: { values: [{ name: language, required: true }] } },
		});
		const { run } = await runWorkflow(
			searchV2({ searchMode: 'custom', criteria: names('={{ 5 }}', '={{ $json.language }}') }),
			{ credentials: affindaCredentials(server.url), input: [{ json: { language: 2024 } }] },
		);
		expect(run.status).toBe('success');
		expect(server.requests.map((request) => request.body)).toEqual([
			{
				indices: ['all-resumes'],
				skills: [{ name: '5', required: false }],
				languages: [{ name: '2024', required: true }],
			},
		]);

		const { error } = await runWorkflow(
			searchV2({ searchMode: 'custom', criteria: names('={{ 1.5 }}', 'English') }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Parameter "Skills 1 › Name" (skills[0].name) is 1.5, but must be a name [item 0]',
		);
		expect(server.requests).toHaveLength(1);
	});

	test('version 2: Get Match Detail and Add Document take documents picked from lists', async () => {
		const picked = (value: string) => ({ __rl: true, mode: 'list', value });
		await runWorkflow(
			affindaWorkflow(
				{
					resource: 'jobDescription',
					operation: 'getMatchDetail',
					identifier: picked('jdXYZ'),
					indices: ['all-job-descriptions'],
					resume: picked('resumeA'),
					criteria: { yearsExperience: { totalYearsExperience: 4 } },
				},
				{ typeVersion: 2 },
			),
			{ credentials: affindaCredentials(server.url) },
		);
		await runWorkflow(
			affindaWorkflow(
				{
					resource: 'index',
					operation: 'addDocument',
					indexName: 'all-resumes',
					document: picked('resumeA'),
				},
				{ typeVersion: 2 },
			),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/v2/job_description_search/details/jdXYZ',
				{ indices: ['all-job-descriptions'], resume: 'resumeA', totalYearsExperience: 4 },
			],
			['POST', '/v3/index/all-resumes/documents', { document: 'resumeA' }],
		]);
	});
});
