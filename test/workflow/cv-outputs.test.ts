/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import {
	RICH_CV_EDUCATION,
	RICH_CV_JSON_RESUME,
	RICH_CV_WORK_HISTORY,
	RICH_LEGACY_CV,
	RICH_NEXTGEN_COMPACT_CV,
	RICH_NEXTGEN_CV,
} from '../fixtures/documents/rich-cv';
import { LEGACY_CV } from '../fixtures/documents/same-cv';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Output → Work History, Education and JSON Resume of Document → Get, Get Many, Upload and
 * Resume → Parse: against a recording server answering each schema of the same CV (what was
 * asked on the wire, the items and their pairing, a document that is not a resume refused), and
 * against the emulator's legacy and NextGen workspaces end to end.
 */

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const JOB_DESCRIPTION = {
	...LEGACY_CV,
	extractor: 'job-description',
	meta: { identifier: 'jdBack01', ready: true },
};
const FORMS = [
	['legacy', RICH_LEGACY_CV],
	['NextGen, annotated', RICH_NEXTGEN_CV],
	['NextGen, compact', RICH_NEXTGEN_COMPACT_CV],
] as const;

describe('Work History, Education and JSON Resume on the wire', () => {
	let server: RecordingServer;
	let answers: Record<string, IDataObject>;
	beforeAll(async () => {
		server = await startRecordingServer((request) => ({
			body: answers[request.path] ?? answers['*'],
		}));
	});
	afterEach(() => server.requests.splice(0));
	afterAll(async () => {
		await server.stop();
		stopN8nCoreTimers();
	});
	const run = async (parameters: IDataObject, settings = {}, input?: INodeExecutionData[]) =>
		await runWorkflow(affindaWorkflow({ resource: 'document', ...parameters }, settings), {
			credentials: affindaCredentials(server.url),
			input,
		});

	test.each(FORMS)(
		'Get of the CV, %s: one GET; Work History, Education, JSON Resume items, each paired',
		async (_form, document) => {
			answers = { '*': document };
			const get = { operation: 'get', identifier: locator('cvTimS01') };
			const history = (await run({ ...get, output: 'workHistory' })).output(AFFINDA_NODE_NAME);
			expect(history.map((item) => item.json)).toEqual(RICH_CV_WORK_HISTORY);
			expect(history.map((item) => item.pairedItem)).toEqual(
				RICH_CV_WORK_HISTORY.map(() => ({ item: 0 })),
			);
			const education = (await run({ ...get, output: 'education' })).output(AFFINDA_NODE_NAME);
			expect(education.map((item) => item.json)).toEqual(RICH_CV_EDUCATION);
			const resume = (await run({ ...get, output: 'jsonResume' })).output(AFFINDA_NODE_NAME);
			expect(resume.map((item) => [item.json, item.pairedItem])).toEqual([
				[RICH_CV_JSON_RESUME, { item: 0 }],
			]);
			expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual(
				[1, 2, 3].map(() => ['GET', '/v3/documents/cvTimS01', {}]),
			);
		},
	);

	test('Get Many asks for the parsed data; a job description among the resumes is refused, naming it', async () => {
		answers = {
			'*': {
				count: 3,
				next: null,
				previous: null,
				results: [RICH_LEGACY_CV, JOB_DESCRIPTION, RICH_NEXTGEN_COMPACT_CV],
			},
		};
		const list = { operation: 'getMany', limit: 3, output: 'workHistory' };
		const stopped = await run(list);
		expect(stopped.error()?.message).toContain(
			'Document "jdBack01" is a job description, not a resume: Output "Work History"',
		);
		const continued = await run(list, { onError: 'continueErrorOutput' });
		// The two resumes' positions go on; the job description is on the error output.
		expect(continued.output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([
			...RICH_CV_WORK_HISTORY,
			...RICH_CV_WORK_HISTORY,
		]);
		expect(continued.output(AFFINDA_NODE_NAME, 1)).toEqual([
			expect.objectContaining({
				json: { error: expect.stringContaining('Document "jdBack01" is a job description') },
				pairedItem: { item: 0 },
			}),
		]);
		expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual(
			[1, 2].map(() => ['GET', '/v3/documents', { limit: '3', include_data: 'true' }]),
		);
	});

	test('two input items, the second a job description: under Continue on Fail, the first goes on', async () => {
		answers = {
			'/v3/documents/cvTimS01': RICH_NEXTGEN_CV,
			'/v3/documents/jdBack01': JOB_DESCRIPTION,
		};
		const { output } = await run(
			{ operation: 'get', identifier: locator('={{ $json.id }}'), output: 'education' },
			{ onError: 'continueErrorOutput' },
			[{ json: { id: 'cvTimS01' } }, { json: { id: 'jdBack01' } }],
		);
		expect(
			output(AFFINDA_NODE_NAME).map((item) => [item.json.institution, item.pairedItem]),
		).toEqual(RICH_CV_EDUCATION.map((item) => [item.institution, { item: 0 }]));
		expect(output(AFFINDA_NODE_NAME, 1)).toEqual([
			expect.objectContaining({
				json: {
					error: expect.stringContaining(
						'Document "jdBack01" is a job description, not a resume: Output "Education"',
					),
				},
				pairedItem: { item: 1 },
			}),
		]);
	});

	test('Upload without Wait for Parsing asked for Work History: refused before any request, naming Output', async () => {
		answers = { '*': RICH_LEGACY_CV };
		const stopped = await run({
			operation: 'upload',
			source: 'url',
			url: 'https://files.example/cv.pdf',
			workspace: locator('wsRecru1'),
			wait: false,
			output: 'workHistory',
		});
		expect(stopped.error()?.message).toContain(
			'Parameter "Output" (output) is "workHistory", but must be Flat Row, Parsed Data or Raw Response unless Wait for Parsing is on',
		);
		expect(server.requests).toEqual([]);
	});

	test.each([
		[
			'javascript: and data: links are left out',
			['javascript:alert(document.cookie)', 'DATA:text/html,<script>alert(1)</script>'],
			'javascript://www.linkedin.com/%0aalert(1)',
			{},
		],
		[
			'the first http(s) website is the homepage; a bare host gains https://',
			['JavaScript:alert(1)', 'http://tim.example/cv', 'https://later.example'],
			'linkedin.com/in/tim-s',
			{
				url: 'http://tim.example/cv',
				profiles: [
					{ network: 'LinkedIn', username: 'tim-s', url: 'https://linkedin.com/in/tim-s' },
				],
			},
		],
	])(
		'JSON Resume keeps only http(s) links in basics.url and profiles: %s',
		async (_case, websites, linkedin, links) => {
			const basics: IDataObject = { ...RICH_CV_JSON_RESUME.basics };
			delete basics.url;
			delete basics.profiles;
			answers = {
				'*': {
					...RICH_LEGACY_CV,
					data: { ...(RICH_LEGACY_CV.data as IDataObject), websites, linkedin },
				},
			};
			const { output } = await run({
				operation: 'get',
				identifier: locator('cvTimS01'),
				output: 'jsonResume',
			});
			expect(output(AFFINDA_NODE_NAME)[0].json.basics).toEqual({ ...basics, ...links });
		},
	);

	test('an Output no operation offers is refused before any request, naming it', async () => {
		answers = { '*': RICH_LEGACY_CV };
		const stopped = await run({
			operation: 'get',
			identifier: locator('cvTimS01'),
			output: '={{ "work history" }}',
		});
		expect(stopped.error()?.message).toContain('Parameter "Output" (output) is "work history"');
		expect(server.requests).toEqual([]);
	});
});

describe('against the emulator: the same CV in the legacy and the NextGen workspace', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await startEmulator({
			resumeCount: 5,
			jobDescriptionCount: 1,
			parseDelayMs: 20,
			nextGen: true,
		});
	});
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	async function careerCv(): Promise<INodeExecutionData> {
		const path = emulator.fixtures.sampleFiles.careerResumeText;
		return {
			json: {},
			binary: { data: await storeBinaryFile(readFileSync(path), basename(path), 'text/plain') },
		};
	}
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const items = (run: Awaited<ReturnType<typeof runWorkflow>>) =>
		run.output(AFFINDA_NODE_NAME).map((item) => item.json);
	const withoutIdentifier = (list: IDataObject[]) =>
		list.map((item): IDataObject => ({ ...item, identifier: 'x', meta: 'x' }));

	test('Parse with Work History, Upload with JSON Resume, Get (compact too) with Education: the same items', async () => {
		const nextGen = (emulator.fixtures.nextGen as { workspace: { identifier: string } }).workspace
			.identifier;
		const results: Record<string, IDataObject[][]> = {};
		for (const workspace of [emulator.fixtures.workspaces.recruitment.identifier, nextGen]) {
			const parsed = await runWorkflow(
				affindaWorkflow({
					resource: 'resume',
					operation: 'parse',
					workspace: locator(workspace),
					output: 'workHistory',
				}),
				{ credentials: credentials(), input: [await careerCv()] },
			);
			const history = items(parsed);
			expect(history.map((item) => [item.position, item.jobTitle, item.isCurrent])).toEqual([
				[1, 'Engineering Manager', true],
				[2, 'Senior Software Engineer', false],
				[3, 'Software Engineer', false],
				[4, 'Volunteer Developer', false],
			]);
			const uploaded = await runWorkflow(
				affindaWorkflow({
					resource: 'document',
					operation: 'upload',
					workspace: locator(workspace),
					output: 'jsonResume',
				}),
				{ credentials: credentials(), input: [await careerCv()] },
			);
			const [resume] = items(uploaded);
			expect(resume.meta).toEqual({ affindaIdentifier: expect.any(String) });
			const gets = [];
			for (const compact of [false, true]) {
				const got = await runWorkflow(
					affindaWorkflow({
						resource: 'document',
						operation: 'get',
						identifier: locator(String(history[0].identifier)),
						output: 'education',
						options: { compact },
					}),
					{ credentials: credentials() },
				);
				gets.push(withoutIdentifier(items(got)));
			}
			expect(gets[1]).toEqual(gets[0]);
			expect(gets[0].map((item) => [item.institution, item.level, item.grade])).toEqual([
				['University of Sydney', 'masters', '3.8'],
				['UNSW Sydney', 'bachelors', null],
			]);
			results[workspace === nextGen ? 'nextGen' : 'legacy'] = [
				withoutIdentifier(history),
				withoutIdentifier([resume]),
				gets[0],
			];
		}
		expect(results.nextGen).toEqual(results.legacy);
	});
});
