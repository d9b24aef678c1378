// The panel's criteria entries on the wire: one entry per criterion with its Required switch and
// Weight, documents picked from lists; nothing is sent that nobody set.
import type { IDataObject } from 'n8n-workflow';

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

const resumeSearch = (parameters: IDataObject) =>
	affindaWorkflow({
		resource: 'resume',
		operation: 'search',
		indices: ['all-resumes'],
		...parameters,
	});

describe('criteria entries and picked documents, on the wire', () => {
	let server: RecordingServer;

	beforeEach(async () => {
		// One result on whatever page is asked for.
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

	test('criteria added and left untouched send nothing but what was typed', async () => {
		await runWorkflow(
			resumeSearch({
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

	test('against a job description picked from a list, only Required and Weight count', async () => {
		await runWorkflow(
			resumeSearch({
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

	test('an error names the criterion and facet as the panel shows them', async () => {
		const { error } = await runWorkflow(
			resumeSearch({
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

	test('a Place shaped like coordinates but out of range is refused, in Search and Get Match Detail alike', async () => {
		const place = (value: string) => ({
			locations: { locations: { location: [{ place: value, distance: 10 }] } },
		});
		const COORDINATES = 'latitude (-90 to 90) and longitude (-180 to 180), separated by a comma';
		const refusals: string[] = [];
		for (const value of ['91, 0', '0, 181', '-90.5,10']) {
			const search = await runWorkflow(
				resumeSearch({ searchMode: 'custom', criteria: place(value) }),
				{
					credentials: affindaCredentials(server.url),
				},
			);
			const matchDetail = await runWorkflow(
				affindaWorkflow({
					resource: 'jobDescription',
					operation: 'getMatchDetail',
					identifier: { __rl: true, mode: 'id', value: 'jdXYZ' },
					indices: ['all-job-descriptions'],
					criteria: place(value),
				}),
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
			await runWorkflow(resumeSearch({ searchMode: 'custom', criteria: place(value) }), {
				credentials: affindaCredentials(server.url),
			});
		}
		expect(server.requests.map((request) => (request.body as IDataObject).locations)).toEqual([
			[{ coordinates: { latitude: 90, longitude: -180 }, distance: 10, unit: 'km' }],
			[{ name: 'Paris, 75001', distance: 10, unit: 'km' }],
			[{ name: 'Sydney, Australia', distance: 10, unit: 'km' }],
		]);
	});

	test('a skill or language name that is a whole number is sent as its text; a fraction is refused', async () => {
		const names = (skill: string, language: string) => ({
			skills: { skills: { values: [{ name: skill }] } },
			languages: { languages: { values: [{ name: language, required: true }] } },
		});
		const { run } = await runWorkflow(
			resumeSearch({ searchMode: 'custom', criteria: names('={{ 5 }}', '={{ $json.language }}') }),
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
			resumeSearch({ searchMode: 'custom', criteria: names('={{ 1.5 }}', 'English') }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Parameter "Skills 1 › Name" (skills[0].name) is 1.5, but must be a name [item 0]',
		);
		expect(server.requests).toHaveLength(1);
	});

	test('Get Match Detail and Add Document take documents picked from lists', async () => {
		const picked = (value: string) => ({ __rl: true, mode: 'list', value });
		await runWorkflow(
			affindaWorkflow({
				resource: 'jobDescription',
				operation: 'getMatchDetail',
				identifier: picked('jdXYZ'),
				indices: ['all-job-descriptions'],
				resume: picked('resumeA'),
				criteria: { yearsExperience: { totalYearsExperience: 4 } },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		await runWorkflow(
			affindaWorkflow({
				resource: 'index',
				operation: 'addDocument',
				indexName: 'all-resumes',
				document: picked('resumeA'),
			}),
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
