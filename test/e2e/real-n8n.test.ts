/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// End to end: a real n8n (each runtime of test/n8n-runtime, installed on first use) with this package
// installed as a community node, driving real workflows against the local Affinda emulator.
// One n8n for the whole run: it takes seconds to start, the tests below take a few seconds in all.
// Its package comes by the release rehearsal (issue 45): packed, published to a local registry
// (verdaccio on 127.0.0.1), and installed into the fresh user folder by a plain `npm i`.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { startEmulator, type Emulator, type ReceivedRequest } from '../emulator';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import { documentAnswer } from '../helpers/document-answers';
import { hasNewestOptions } from '../n8n-runtime/options-on';
import {
	BLIND_REVIEW,
	CANDIDATE_WITHDRAWAL,
	CORRECTION_LOOP,
	CREDITS_WATCH,
	CV_EMAIL_INTAKE,
	CV_TO_JSON_RESUME,
	CV_TO_SHEET,
	CV_OPEN_JOBS,
	CV_WORK_HISTORY_TO_SHEET,
	AFFINDA_POLLING_TRIGGER_TYPE,
	importExample,
	importExamples,
	NIGHTLY_REMATCH,
	POOL_AUDIT,
	prepareExample,
	RANK_CANDIDATES,
	REVIEW_LOOP,
	REVIEW_ROUTING,
	type ExampleSetup,
} from './examples';
import type { Execution } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE, startRealN8n, type RealN8n } from '../helpers/real-n8n/real-n8n';
import { executionError, outputItems } from '../helpers/real-n8n/run-data';
import { intakeExampleTests } from './intake-examples';
import { applicationEmail, eventually } from './trigger-example';
import {
	installFromRegistry,
	logTimes,
	publishPackage,
	startLocalRegistry,
	timed,
	type LocalRegistry,
	type StepTimes,
} from '../helpers/local-registry';
import { SAME_CV_ROW } from '../fixtures/documents/same-cv';
import { validate as validateJsonResume } from '@jsonresume/schema';
import { RESUME_ROW_START } from '../fixtures/search/scored-results';
import {
	affindaNode,
	affindaTrigger,
	manualTrigger,
	noOp,
	webhookTrigger,
	workflow,
	type Credential,
} from './test-workflows';
import { SETUP_TIMEOUT_MS } from './setup';
import { n8nFetch } from '../helpers/real-n8n/n8n-fetch';

const API_KEY = 'e2e-affinda-key';
/** How n8n's editor sends a secret it never received back (n8n's CREDENTIAL_BLANKING_VALUE). */
const CREDENTIAL_BLANKING_VALUE = '__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6';

let emulator: Emulator;
let n8n: RealN8n;
let inbox: RecordingServer;
let credential: Credential;
/** An open role whose job ad was uploaded once, as the example workflows' notes ask. */
let openRole: string;
/** The release rehearsal: its registry, what `npm view` showed, what `npm i` installed. */
let registry: LocalRegistry;
let published: Record<string, unknown>;
let installed: string[];
const rehearsalTimes: StepTimes = [];

beforeAll(async () => {
	// The NextGen workspace too (no seeded documents): its resumes carry confidence, for cv-to-sheet.
	emulator = await startEmulator({
		key: API_KEY,
		seed: 'e2e',
		nextGen: { resumeCount: 0, customDocumentCount: 0 },
	});
	openRole = await uploadToEmulator(
		emulator.fixtures.sampleFiles.jobDescriptionPdf,
		emulator.fixtures.documentTypes.jobDescription.identifier,
		emulator.fixtures.indices.jobDescriptions,
	);
	inbox = await startRecordingServer(() => ({ status: 200, body: { ok: true } }));
	// Filesystem mode: binaries (uploaded CVs, mail attachments) live on disk, not in the items.
	registry = await startLocalRegistry(rehearsalTimes);
	published = await publishPackage(registry, rehearsalTimes);
	n8n = await timed(
		rehearsalTimes,
		'n8n start',
		async () =>
			await startRealN8n({
				env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' },
				installPackage: async (nodesFolder) => {
					installed = await installFromRegistry(registry, nodesFolder, rehearsalTimes);
				},
			}),
	);
	logTimes(`release rehearsal on n8n ${n8n.n8nVersion}`, rehearsalTimes);
	credential = await n8n.client.createCredential('Affinda (emulator)', AFFINDA_CREDENTIAL_TYPE, {
		apiKey: API_KEY,
		region: 'custom',
		baseUrl: emulator.url,
	});
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	await n8n?.stop();
	await Promise.all([emulator?.stop(), inbox?.stop(), registry?.stop()]);
});

beforeEach(() => {
	emulator.clearReceived();
	inbox.requests.length = 0;
});

/** Runs a workflow once by hand, as the editor's button does, and fails with n8n's own error if it did. */
async function runOnce(
	json: Parameters<RealN8n['client']['createWorkflow']>[0],
	trigger: string,
	pinned?: INodeExecutionData[],
): Promise<Execution> {
	const stored = await n8n.client.createWorkflow(json);
	const execution = await n8n.client.runManually(
		stored,
		trigger,
		pinned ? { [trigger]: pinned } : undefined,
	);
	if (execution.status !== 'success')
		throw new Error(`"${json.name}" ended ${execution.status}: ${executionError(execution)}`);
	return execution;
}

function requestsTo(method: string, path: string | RegExp): ReceivedRequest[] {
	return emulator.received.filter(
		(request) =>
			request.method === method &&
			(typeof path === 'string' ? request.path === path : path.test(request.path)),
	);
}

function json(items: INodeExecutionData[]): Array<Record<string, unknown>> {
	return items.map((item) => item.json as Record<string, unknown>);
}

describe('the release rehearsal: published to a local registry, installed by a plain npm i', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- the manifest being released
	const manifest = require('../../package.json') as Record<string, unknown>;

	test("npm view shows what n8n's listing reads: the keyword, the n8n block, the version", () => {
		expect(published).toMatchObject({
			name: 'n8n-nodes-affinda',
			version: manifest.version,
			n8n: manifest.n8n,
			peerDependencies: { 'n8n-workflow': '*' },
			peerDependenciesMeta: { 'n8n-workflow': { optional: true } },
		});
		expect(published.keywords).toContain('n8n-community-node-package');
		expect((published.dist as { tarball: string }).tarball).toMatch(
			new RegExp(
				`^${registry.url}n8n-nodes-affinda/-/n8n-nodes-affinda-${manifest.version}\\.tgz$`,
			),
		);
	});

	test('a plain npm i in a fresh user folder brings this package and nothing else', () => {
		expect(installed).toEqual(['n8n-nodes-affinda']);
	});

	test('n8n loads the node, both triggers and the credential from that install', async () => {
		const names = (await n8n.client.nodeTypes()).map((type) => type.name);
		expect(names).toEqual(
			expect.arrayContaining([
				'n8n-nodes-affinda.affinda',
				'n8n-nodes-affinda.affindaTrigger',
				'n8n-nodes-affinda.affindaPollingTrigger',
			]),
		);
		expect(credential.id).toBeTruthy();
	});
});

describe('the package installed in a real n8n', () => {
	test('n8n loads the node, and its AI-tool variant, from the Community Nodes folder', async () => {
		const names = (await n8n.client.nodeTypes()).map((type) => type.name);
		expect(names).toEqual(
			expect.arrayContaining(['n8n-nodes-affinda.affinda', 'n8n-nodes-affinda.affindaTool']),
		);
	});

	test("n8n's credential test accepts the right key and refuses a wrong one", async () => {
		const wrong = await n8n.client.createCredential(
			'Affinda (wrong key)',
			AFFINDA_CREDENTIAL_TYPE,
			{
				apiKey: 'not-the-key',
				region: 'custom',
				baseUrl: emulator.url,
			},
		);
		// What the credential dialog's Test button sends: the form, its secret blanked out (n8n fills
		// in the stored one).
		const test = async (tested: Credential) =>
			(
				(await n8n.client.rest('POST', '/credentials/test', {
					credentials: {
						...tested,
						type: AFFINDA_CREDENTIAL_TYPE,
						data: { apiKey: CREDENTIAL_BLANKING_VALUE, region: 'custom', baseUrl: emulator.url },
					},
				})) as { data: { status: string; message: string } }
			).data;

		expect(await test(credential)).toMatchObject({ status: 'OK' });
		expect(await test(wrong)).toMatchObject({ status: 'Error' });
		// The test request reached the emulator with each credential's own key (n8n-core sends a
		// request answered 401 a second time, after its pre-authentication hook).
		const keysSent = requestsTo('GET', '/v3/organizations').map(
			(request) => request.headers.authorization,
		);
		expect([...new Set(keysSent)]).toEqual([`Bearer ${API_KEY}`, 'Bearer not-the-key']);
	});

	test("n8n's credential test keeps the key on the credential's host: a redirect to another host is not followed", async () => {
		const elsewhere = await startRecordingServer(() => ({ body: [] }));
		const redirecting = await startRecordingServer(() => ({
			status: 302,
			headers: { location: `${elsewhere.url}/v3/organizations` },
		}));
		try {
			const data = { apiKey: 'redirect-test-key', region: 'custom', baseUrl: redirecting.url };
			const tested = await n8n.client.createCredential(
				'Affinda (redirecting host)',
				AFFINDA_CREDENTIAL_TYPE,
				data,
			);
			const answer = (await n8n.client.rest('POST', '/credentials/test', {
				credentials: { ...tested, type: AFFINDA_CREDENTIAL_TYPE, data },
			})) as { data: { status: string; message: string } };
			expect(answer.data.status).toBe('Error');
			// n8n 2.41 applies the credential's rule for the status; 2.8 says the status itself.
			expect([
				"The Base URL redirects to another address: enter that address as the Base URL (the key is sent to the credential's host only)",
				'Request failed with status code 302',
			]).toContain(answer.data.message);
			expect(redirecting.requests.map((r) => [r.path, r.headers.authorization])).toContainEqual([
				'/v3/organizations',
				'Bearer redirect-test-key',
			]);
			expect(elsewhere.requests).toEqual([]);
		} finally {
			await redirecting.stop();
			await elsewhere.stop();
		}
	});
});

describe("n8n's SSRF protection (on for n8n 2.41: test/n8n-runtime/options-on.ts)", () => {
	// 127.0.0.2 is loopback, outside the allow-list (127.0.0.1/32): where a private Affinda host or
	// a hostile file link would be. Nothing here leaves the machine, whatever n8n lets through.
	const protectedN8n = () => hasNewestOptions(n8n.n8nVersion);
	let blocked: RecordingServer;
	let service: RecordingServer;
	const PDF = Buffer.from('%PDF-1.4 the original CV');

	beforeAll(async () => {
		blocked = await startRecordingServer(
			() => ({ bytes: PDF, headers: { 'content-type': 'application/pdf' } }),
			{ host: '127.0.0.2' },
		);
		// Affinda, as far as this test goes: a document whose file link points at 127.0.0.2.
		service = await startRecordingServer((request) =>
			request.path === '/v3/documents/doc1'
				? { body: documentAnswer('doc1', { meta: { file: `${blocked.url}/files/cv.pdf` } }) }
				: { status: 404, body: { detail: 'Not found.' } },
		);
	});
	afterAll(async () => {
		await Promise.all([blocked?.stop(), service?.stop()]);
	});
	beforeEach(() => {
		blocked.requests.length = 0;
		service.requests.length = 0;
	});

	const runOn = async (baseUrl: string, parameters: IDataObject) => {
		const at = await n8n.client.createCredential(`Affinda at ${baseUrl}`, AFFINDA_CREDENTIAL_TYPE, {
			apiKey: API_KEY,
			region: 'custom',
			baseUrl,
		});
		const stored = await n8n.client.createWorkflow(
			workflow(
				`SSRF: ${String(parameters.operation)} at ${baseUrl}`,
				[manualTrigger(), affindaNode('Affinda', at, parameters)],
				[['Start', 'Affinda']],
			),
		);
		return await n8n.client.runManually(stored, 'Start');
	};
	const document1 = { __rl: true, mode: 'id', value: 'doc1' };

	test('a file link to a blocked address: refused before anything is sent (the node refuses loopback links off the Base URL before n8n would)', async () => {
		const execution = await runOn(service.url, {
			resource: 'document',
			operation: 'download',
			identifier: document1,
			file: 'original',
		});
		// The document itself was read from the allowed Base URL.
		expect(service.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /v3/documents/doc1',
		]);
		expect(executionError(execution)?.split('\n')[0]).toBe(
			`NodeOperationError: The file link Affinda gave is on ${blocked.url}, a loopback address: the node fetches such links only on the credential's Base URL (${new URL(service.url).host}) [item 0]`,
		);
		expect(blocked.requests).toEqual([]);
	});

	test('a Base URL on a blocked address: every request refused as blocked, none sent, none retried (on n8n 2.8: sent)', async () => {
		const execution = await runOn(blocked.url, {
			resource: 'document',
			operation: 'get',
			identifier: document1,
		});
		if (protectedN8n()) {
			const [message, description] = executionError(execution)?.split('\n') ?? [];
			expect(message).toBe(
				`NodeApiError: n8n's SSRF protection blocked GET /v3/documents/doc1 to ${new URL(blocked.url).host} [item 0]`,
			);
			expect(description).toMatch(/^Nothing was sent, and running again will not help/);
			expect(blocked.requests).toEqual([]);
		} else {
			// Sent (and, its answer being no JSON, retried: a read is safe to repeat).
			expect(blocked.requests.length).toBeGreaterThan(0);
			expect(
				new Set(blocked.requests.map((request) => `${request.method} ${request.path}`)),
			).toEqual(new Set(['GET /v3/documents/doc1']));
		}
	});
});

describe('Resume → Search', () => {
	const weights = {
		jobTitlesWeight: 0.9,
		skillsWeight: 1,
		locationsWeight: 0.5,
		educationWeight: 0.3,
		searchExpressionWeight: 0.2,
		managementLevelWeight: 0.1,
		yearsExperienceWeight: 0.4,
		languagesWeight: 0.2,
	};
	// The panel's criteria entries, each with its Required switch and Weight beside its value.
	const criteria = {
		jobTitles: {
			jobTitles: 'Software Engineer, Backend Developer',
			jobTitlesWeight: weights.jobTitlesWeight,
		},
		yearsExperience: {
			yearsExperienceMin: 2,
			yearsExperienceMax: 15,
			yearsExperienceRequired: true,
			yearsExperienceWeight: weights.yearsExperienceWeight,
		},
		locations: {
			locations: { location: [{ place: 'Sydney, Australia', distance: 100, unit: 'km' }] },
			locationsRequired: true,
			locationsWeight: weights.locationsWeight,
		},
		skills: {
			skills: {
				values: [
					{ name: 'Python', required: true },
					{ name: 'AWS', required: false },
				],
			},
			skillsWeight: weights.skillsWeight,
		},
		languages: {
			languages: { values: [{ name: 'English', required: true }] },
			languagesWeight: weights.languagesWeight,
		},
		education: {
			highestDegreeTypes: ['bachelors', 'masters'],
			educationWeight: weights.educationWeight,
		},
		searchExpression: {
			searchExpression: 'kubernetes',
			searchExpressionWeight: weights.searchExpressionWeight,
		},
		managementLevel: {
			managementLevel: 'Mid',
			managementLevelWeight: weights.managementLevelWeight,
		},
	};

	test('many criteria with Return All: every page fetched with the same body, one item per candidate', async () => {
		const execution = await runOnce(
			workflow(
				'Search: many criteria, Return All',
				[
					manualTrigger(),
					affindaNode('Search', credential, {
						resource: 'resume',
						operation: 'search',
						indices: ['all-resumes'],
						searchMode: 'custom',
						criteria,
						returnAll: true,
						output: 'row',
					}),
				],
				[['Start', 'Search']],
			),
			'Start',
		);

		const searches = requestsTo('POST', '/v2/resume_search');
		const expectedBody = {
			indices: ['all-resumes'],
			jobTitles: ['Software Engineer', 'Backend Developer'],
			yearsExperienceMin: 2,
			yearsExperienceMax: 15,
			yearsExperienceRequired: true,
			locations: [{ name: 'Sydney, Australia', distance: 100, unit: 'km' }],
			locationsRequired: true,
			skills: [
				{ name: 'Python', required: true },
				{ name: 'AWS', required: false },
			],
			languages: [{ name: 'English', required: true }],
			highestDegreeTypes: ['bachelors', 'masters'],
			searchExpression: 'kubernetes',
			managementLevel: 'Mid',
			// Weights keep their parameter names on the wire.
			...weights,
		};
		expect(searches.length).toBeGreaterThan(2);
		for (const [page, request] of searches.entries()) {
			expect(request.query).toEqual({ limit: '50', offset: String(page * 50) });
			expect(request.body).toEqual(expectedBody);
			expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
		}

		const items = outputItems(execution, 'Search');
		const total = await directSearchCount(expectedBody);
		expect(items).toHaveLength(total);
		expect(searches).toHaveLength(Math.ceil(total / 50));
		expect(new Set(items.map((item) => JSON.stringify(item.pairedItem)))).toEqual(
			new Set([JSON.stringify({ item: 0 })]),
		);
		const results = json(items);
		const scores = results.map((result) => result.score as number);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		expect(new Set(results.map((result) => result.identifier)).size).toBe(total);
		// Simplified: flat rows of these keys and the scores of the criteria searched, no others.
		const simplifiedKeys = new Set<string>([...RESUME_ROW_START, 'identifier', 'pdf']);
		expect(
			results
				.flatMap(Object.keys)
				.filter((key) => !simplifiedKeys.has(key) && !key.endsWith('Score')),
		).toEqual([]);
		expect(items[0].json).toMatchObject({
			identifier: expect.any(String),
			fullName: expect.any(String),
			skillsScore: expect.any(Number),
		});
	});

	test('Continue (using error output): failed items go to the error output, paired, and the rest carry on', async () => {
		const execution = await runOnce(
			workflow(
				'Search: continue on fail',
				[
					manualTrigger(),
					affindaNode(
						'Search',
						credential,
						{
							resource: 'resume',
							operation: 'search',
							indices: '={{ $json.index }}',
							searchMode: 'custom',
							criteria: {
								jobTitles: {
									jobTitles: '={{ $json.jobTitle }}',
									jobTitlesWeight: '={{ $json.weight }}',
								},
							},
							returnAll: false,
							limit: 3,
							output: 'row',
						},
						{ onError: 'continueErrorOutput' },
					),
					noOp('Found'),
					noOp('Failed'),
				],
				[
					['Start', 'Search'],
					['Search', 'Found', 0],
					['Search', 'Failed', 1],
				],
			),
			'Start',
			[
				{ json: { index: 'all-resumes', jobTitle: 'Data Scientist', weight: 0.5 } },
				{ json: { index: 'no-such-index', jobTitle: 'Data Scientist', weight: 0.5 } },
				{ json: { index: 'all-resumes', jobTitle: 'Data Scientist', weight: 1.5 } },
				{ json: { index: 'all-resumes', jobTitle: 'Nurse', weight: 0.5 } },
			],
		);

		const found = outputItems(execution, 'Search', 0);
		expect(found).toHaveLength(6);
		expect(found.map((item) => item.pairedItem)).toEqual([
			...Array(3).fill({ item: 0 }),
			...Array(3).fill({ item: 3 }),
		]);
		const failed = outputItems(execution, 'Search', 1);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
		// The service said the index does not exist; the weight never left n8n.
		expect(String(failed[0].json.error)).toMatch(/no-such-index/);
		expect(String(failed[1].json.error)).toMatch(/1\.5/);
		expect(outputItems(execution, 'Failed')).toHaveLength(2);
		expect(
			requestsTo('POST', '/v2/resume_search').map(
				(request) => (request.body as { indices: string[] }).indices,
			),
		).toEqual([['all-resumes'], ['no-such-index'], ['all-resumes']]);
	});
});

describe("a recruiter's chain, triggered by a webhook in production mode", () => {
	test('CV upload → parse → add to an index → search it for a job → match detail', async () => {
		const stored = await n8n.client.createWorkflow(
			workflow(
				'CV intake by webhook',
				[
					webhookTrigger('Careers form', 'e2e-careers-form'),
					affindaNode('Parse CV', credential, {
						resource: 'document',
						operation: 'upload',
						source: 'binary',
						binaryPropertyName: 'cv',
						destination: 'workspace',
						workspace: {
							__rl: true,
							mode: 'id',
							value: emulator.fixtures.workspaces.recruitment.identifier,
						},
						documentType: {
							__rl: true,
							mode: 'id',
							value: emulator.fixtures.documentTypes.resume.identifier,
						},
						wait: true,
						output: 'document',
						options: { customIdentifier: '={{ $json.body.candidateRef }}' },
					}),
					affindaNode('Add to index', credential, {
						resource: 'index',
						operation: 'addDocument',
						indexName: emulator.fixtures.indices.newCandidates,
						document: '={{ $json.identifier }}',
					}),
					affindaNode('Search for the job', credential, {
						resource: 'resume',
						operation: 'search',
						indices: [emulator.fixtures.indices.newCandidates],
						searchMode: 'jobDescription',
						jobDescription: '={{ $("Careers form").item.json.body.job }}',
						returnAll: false,
						limit: 10,
						output: 'row',
					}),
					affindaNode('Match detail', credential, {
						resource: 'jobDescription',
						operation: 'getMatchDetail',
						identifier: '={{ $("Careers form").item.json.body.job }}',
						indices: [emulator.fixtures.indices.jobDescriptions],
						resume: '={{ $("Parse CV").item.json.identifier }}',
					}),
				],
				[
					['Careers form', 'Parse CV'],
					['Parse CV', 'Add to index'],
					['Add to index', 'Search for the job'],
					['Search for the job', 'Match detail'],
				],
			),
		);
		await n8n.client.activateWebhookWorkflow(stored.id, 'e2e-careers-form');

		const cvPath = emulator.fixtures.sampleFiles.resumePdf;
		const form = new FormData();
		form.append('job', openRole);
		form.append('candidateRef', 'careers-4711');
		form.append(
			'cv',
			new Blob([readFileSync(cvPath)], { type: 'application/pdf' }),
			basename(cvPath),
		);
		const response = await n8nFetch(`${n8n.baseUrl}/webhook/e2e-careers-form`, {
			method: 'POST',
			body: form,
		});
		const execution = await n8n.client.latestExecution(stored.id);
		expect({ status: response.status, error: executionError(execution) }).toEqual({
			status: 200,
			error: undefined,
		});
		const answer = (await response.json()) as Record<string, unknown>;
		expect(answer).toHaveProperty('skills');

		// What reached the service, in order.
		const [upload] = requestsTo('POST', '/v3/documents');
		expect(upload.body).toMatchObject({
			fields: {
				workspace: emulator.fixtures.workspaces.recruitment.identifier,
				documentType: emulator.fixtures.documentTypes.resume.identifier,
				customIdentifier: 'careers-4711',
			},
			files: {
				file: {
					fileName: basename(cvPath),
					contentType: 'application/pdf',
					size: readFileSync(cvPath).length,
				},
			},
		});
		expect(execution.mode).toBe('webhook');
		const parsed = outputItems(execution, 'Parse CV')[0].json as {
			identifier: string;
			customIdentifier: string;
		};
		expect(parsed.customIdentifier).toBe('careers-4711');
		expect(
			requestsTo('POST', `/v3/index/${emulator.fixtures.indices.newCandidates}/documents`).map(
				(r) => r.body,
			),
		).toEqual([{ document: parsed.identifier }]);
		const [search] = requestsTo('POST', '/v2/resume_search');
		expect(search.body).toEqual({
			indices: [emulator.fixtures.indices.newCandidates],
			jobDescription: openRole,
		});
		const [detail] = requestsTo('POST', `/v2/job_description_search/details/${openRole}`);
		expect(detail.body).toEqual({
			indices: [emulator.fixtures.indices.jobDescriptions],
			resume: parsed.identifier,
		});

		// The uploaded candidate is found in the index it was added to, and every item traces back to the form post.
		expect(
			json(outputItems(execution, 'Search for the job')).map((result) => result.identifier),
		).toContain(parsed.identifier);
		for (const node of ['Parse CV', 'Add to index', 'Match detail']) {
			expect(outputItems(execution, node).map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		}
		expect(outputItems(execution, 'Match detail')[0].json).toEqual(answer);
	});
});

describe('documents, annotations and indices', () => {
	test('Get Many → Get → Update Data on resumes, and a batch of invoice annotations, paired item by item', async () => {
		const recruitment = emulator.fixtures.workspaces.recruitment.identifier;
		const byId = (value: string) => ({ __rl: true, mode: 'id', value });
		const documents = await runOnce(
			workflow(
				'Documents: list, read, correct',
				[
					manualTrigger(),
					affindaNode('List', credential, {
						resource: 'document',
						operation: 'getMany',
						returnAll: false,
						limit: 2,
						filters: { workspace: byId(recruitment), ready: true },
						output: 'document',
					}),
					affindaNode('Read', credential, {
						resource: 'document',
						operation: 'get',
						identifier: byId('={{ $json.identifier }}'),
						output: 'document',
					}),
					affindaNode('Correct', credential, {
						resource: 'document',
						operation: 'updateData',
						identifier: byId('={{ $json.identifier }}'),
						data: '={{ JSON.stringify({ totalYearsExperience: 12 }) }}',
						output: 'document',
					}),
				],
				[
					['Start', 'List'],
					['List', 'Read'],
					['Read', 'Correct'],
				],
			),
			'Start',
		);
		const listed = json(outputItems(documents, 'List')).map((document) => document.identifier);
		expect(listed).toHaveLength(2);
		expect(requestsTo('GET', '/v3/documents')[0].query).toMatchObject({
			workspace: recruitment,
			ready: 'true',
			limit: '2',
		});
		expect(requestsTo('GET', /^\/v3\/documents\/[^/]+$/).map((request) => request.path)).toEqual(
			listed.map((identifier) => `/v3/documents/${identifier}`),
		);
		const updates = requestsTo('POST', /\/update_data$/);
		expect(updates.map((request) => [request.path, request.body])).toEqual(
			listed.map((identifier) => [
				`/v3/documents/${identifier}/update_data`,
				{ totalYearsExperience: 12 },
			]),
		);
		const corrected = outputItems(documents, 'Correct');
		expect(corrected.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(
			json(corrected).map(
				(document) => (document.data as { totalYearsExperience?: number }).totalYearsExperience,
			),
		).toEqual([12, 12]);

		const [invoice] = emulator.fixtures.invoices;
		const ids = invoice.annotationIds.slice(0, 2);
		const annotations = await runOnce(
			workflow(
				'Annotations: verify a batch',
				[
					manualTrigger(),
					affindaNode('Verify', credential, {
						resource: 'annotation',
						operation: 'batchUpdate',
						source: 'inputItems',
					}),
				],
				[['Start', 'Verify']],
			),
			'Start',
			ids.map((id) => ({ json: { id, isClientVerified: true } })),
		);
		expect(
			requestsTo('POST', '/v3/annotations/batch_update').map((request) => request.body),
		).toEqual([ids.map((id) => ({ id, isClientVerified: true }))]);
		expect(
			outputItems(annotations, 'Verify').map((item) => [
				item.json.id,
				item.json.isClientVerified,
				item.pairedItem,
			]),
		).toEqual(ids.map((id, item) => [id, true, { item }]));
	});
});

describe('the example workflows in test/examples', () => {
	let setup: ExampleSetup;
	beforeAll(() => {
		setup = {
			credential,
			workspace: emulator.fixtures.workspaces.recruitment.identifier,
			openRoles: [
				openRole,
				...emulator.fixtures.jobDescriptions.slice(0, 2).map((job) => job.identifier),
			],
			notifyUrl: inbox.url,
			organization: emulator.fixtures.organization.identifier,
		};
	});

	// A Drive folder, several CVs against one job, a zip of CVs (intake-examples.ts).
	intakeExampleTests(() => ({ n8n, emulator, setup, openRole }));

	test(`${BLIND_REVIEW}: the CV is parsed, its redacted PDF reaches the email to the hiring manager`, async () => {
		const email = applicationEmail(
			'Olivia Nguyen <olivia.nguyen@example.com>',
			emulator.fixtures.sampleFiles.resumeText,
		);
		const example = await importExample(n8n.client, BLIND_REVIEW, setup);
		const execution = await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [email],
		});
		const parsed = outputItems(execution, 'Parse CV')[0].json as { identifier: string };
		expect(requestsTo('GET', `/v3/documents/${parsed.identifier}/redacted`)).toHaveLength(1);
		// What reaches the email node: the redacted PDF as its attachment, named and typed.
		const [redacted] = outputItems(execution, 'Redacted CV');
		expect(redacted.json).toMatchObject({
			identifier: parsed.identifier,
			file: 'redacted',
			fileName: `${parsed.identifier}-redacted.pdf`,
			mimeType: 'application/pdf',
		});
		expect(redacted.binary?.data).toMatchObject({
			fileName: `${parsed.identifier}-redacted.pdf`,
			mimeType: 'application/pdf',
		});
		// Blind review: nothing of the item names the candidate, not even the file name.
		expect(JSON.stringify([redacted.json, redacted.binary?.data.fileName])).not.toMatch(/olivia/i);
		// The email node cannot send here (no mail server): it is where the run stops, and only there.
		expect(Object.keys(execution.data.resultData.runData)).toContain('Email the hiring manager');
		expect(execution.data.resultData.lastNodeExecuted).toBe('Email the hiring manager');
	});

	test(`${CV_TO_SHEET}: a CV by email becomes one flat row, which reaches the Google Sheets node as it is`, async () => {
		const example = await importExample(n8n.client, CV_TO_SHEET, setup);
		const email = applicationEmail(
			'Olivia Nguyen <olivia.nguyen@example.com>',
			emulator.fixtures.sampleFiles.resumeText,
		);
		const execution = await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [email],
		});
		const [row] = outputItems(execution, 'Parse CV').map((item) => item.json);
		expect(Object.keys(row)).toEqual([
			...Object.keys(SAME_CV_ROW),
			'needsReview',
			'lowConfidenceFields',
		]);
		expect(row).toMatchObject({ fullName: 'Olivia Nguyen', needsReview: false });
		// A legacy resume carries no confidence: the row goes to the sheet, not to the reviewer.
		expect(outputItems(execution, 'Needs a review?', 0)).toEqual([]);
		expect(outputItems(execution, 'Needs a review?', 1).map((item) => item.json)).toEqual([row]);
		expect(inbox.requests).toHaveLength(0);
		// The Sheets node has no Google account here: the run stops there, with the row as its input.
		expect(execution.data.resultData.lastNodeExecuted).toBe('Add to candidates sheet');
	});

	test(`${CV_TO_SHEET}: in a NextGen workspace, the CV Affinda is unsure of goes to the reviewer, the other to the sheet`, async () => {
		const nextGen = emulator.fixtures.nextGen?.workspace.identifier;
		if (!nextGen) throw new Error('the e2e emulator serves the NextGen workspace');
		const example = await importExample(n8n.client, CV_TO_SHEET, { ...setup, workspace: nextGen });
		const doubtful = emulator.fixtures.sampleFiles.resumePdf;
		const emails = [
			applicationEmail('Marcus Webb <marcus.webb@example.com>', doubtful),
			applicationEmail(
				'Daniel Okafor <daniel.okafor@example.com>',
				emulator.fixtures.sampleFiles.nurseResumeText,
			),
		];
		// Parsing waits on the emulator's clock: the doubtful CV's email is read with confidence 0.3
		// (as Affinda reads a blurred scan) before its upload answers; every other value is sure.
		emulator.clock.pause();
		const running = n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: emails,
		});
		try {
			const uploaded = await eventually(
				async () =>
					emulator.store
						.allDocuments()
						.find(
							(doc) => doc.workspace.identifier === nextGen && doc.fileName === basename(doubtful),
						),
				(doc) => doc !== undefined,
			);
			if (!uploaded) throw new Error(`${basename(doubtful)} never reached the emulator`);
			for (const annotation of emulator.store.annotationsOf(uploaded)) {
				annotation.confidence = annotation.path[0] === 'emails' ? 0.3 : 0.99;
				annotation.isAutoVerified = false;
			}
		} finally {
			emulator.clock.resume();
		}
		const execution = await running;

		const rows = outputItems(execution, 'Parse CV').map((item) => item.json);
		expect(rows.map((row) => Object.keys(row))).toEqual([
			[...Object.keys(SAME_CV_ROW), 'needsReview', 'lowConfidenceFields'],
			[...Object.keys(SAME_CV_ROW), 'needsReview', 'lowConfidenceFields'],
		]);
		const [unsure, sure] = rows;
		// What reaches the reviewer node: the doubtful CV's row, its email named as the doubt.
		expect(unsure).toMatchObject({
			fullName: 'Marcus Webb',
			needsReview: true,
			lowConfidenceFields: 'email',
		});
		expect(outputItems(execution, 'Needs a review?', 0).map((item) => item.json)).toEqual([unsure]);
		expect(outputItems(execution, 'Ask a reviewer')).toHaveLength(1);
		expect(inbox.requests.map((request) => request.body)).toEqual([
			{
				text: `Please check the CV of Marcus Webb (${String(unsure.identifier)}): unsure of email`,
			},
		]);
		// The other CV's values all met the threshold: its row goes to the sheet as it is.
		expect(sure).toMatchObject({
			fullName: 'Daniel Okafor',
			needsReview: false,
			lowConfidenceFields: '',
		});
		expect(outputItems(execution, 'Needs a review?', 1).map((item) => item.json)).toEqual([sure]);
		expect(execution.data.resultData.lastNodeExecuted).toBe('Add to candidates sheet');
	});

	/** The career CV by email through an example, in a workspace; the execution. */
	async function careerCvThrough(file: string, workspace: string): Promise<Execution> {
		const example = await importExample(n8n.client, file, { ...setup, workspace });
		const email = applicationEmail(
			'Sofia Marin <sofia.marin@example.com>',
			emulator.fixtures.sampleFiles.careerResumeText,
		);
		return await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [email],
		});
	}

	test(`${CV_WORK_HISTORY_TO_SHEET}: one item per position, most recent first, reaches the Sheets node as it is; a NextGen workspace gives the same`, async () => {
		const nextGen = emulator.fixtures.nextGen?.workspace.identifier;
		if (!nextGen) throw new Error('the e2e emulator serves the NextGen workspace');
		const histories = [];
		for (const workspace of [setup.workspace, nextGen]) {
			const execution = await careerCvThrough(CV_WORK_HISTORY_TO_SHEET, workspace);
			const items = outputItems(execution, 'Parse CV');
			expect(items.map((item) => item.pairedItem)).toEqual(items.map(() => ({ item: 0 })));
			const rows = items.map((item) => item.json);
			for (const row of rows)
				expect(Object.keys(row)).toEqual([
					'identifier',
					'fullName',
					'position',
					'jobTitle',
					'employer',
					'location',
					'startDate',
					'endDate',
					'isCurrent',
					'months',
					'description',
				]);
			expect(
				rows.map((row) => [
					row.position,
					row.jobTitle,
					row.startDate,
					row.endDate,
					row.isCurrent,
					row.months,
				]),
			).toEqual([
				[1, 'Engineering Manager', '2021-06-01', null, true, expect.any(Number)],
				[2, 'Senior Software Engineer', '2016-03-01', '2021-05-01', false, 62],
				// Only years on the CV: 2012 - 2016.
				[3, 'Software Engineer', '2012-01-01', '2016-01-01', false, 48],
				// One date on the CV, not current: after every position with an end date.
				[4, 'Volunteer Developer', '2018-05-01', null, false, null],
			]);
			expect(rows[0]).toMatchObject({
				fullName: 'Sofia Marin',
				employer: 'Harbourline Logistics',
				description: 'Leads the routing and dispatch team; moved releases from monthly to daily.',
			});
			// The Sheets node has no Google account here: the run stops there, the positions its input.
			expect(execution.data.resultData.lastNodeExecuted).toBe('Add to Experience tab');
			histories.push(rows.map((row) => ({ ...row, identifier: 'x' })));
		}
		const [legacy, nextGenHistory] = histories;
		expect(nextGenHistory).toEqual(legacy);
	});

	test(`${CV_TO_JSON_RESUME}: the ATS receives one JSON Resume the published schema accepts; a NextGen workspace sends the same`, async () => {
		const nextGen = emulator.fixtures.nextGen?.workspace.identifier;
		if (!nextGen) throw new Error('the e2e emulator serves the NextGen workspace');
		const sent = [];
		for (const workspace of [setup.workspace, nextGen]) {
			inbox.requests.length = 0;
			const execution = await careerCvThrough(CV_TO_JSON_RESUME, workspace);
			expect(executionError(execution)).toBeUndefined();
			const [parsed] = outputItems(execution, 'Parse CV');
			expect(inbox.requests.map((request) => request.method)).toEqual(['POST']);
			const resume = inbox.requests[0].body as {
				basics: IDataObject;
				work: Array<{ position: string }>;
				education: Array<{ score?: string }>;
				certificates: IDataObject[];
				meta: IDataObject;
			};
			expect(resume).toEqual(parsed.json);
			let errors: unknown[] | null = null;
			validateJsonResume(resume, (found) => {
				errors = found;
			});
			expect(errors).toBeNull();
			expect(resume.basics).toMatchObject({
				name: 'Sofia Marin',
				label: 'Engineering Manager',
				email: 'sofia.marin@example.com',
				profiles: [{ network: 'LinkedIn', url: 'https://linkedin.com/in/sofia-marin' }],
			});
			expect(resume.work.map((job) => job.position)).toEqual([
				'Engineering Manager',
				'Senior Software Engineer',
				'Software Engineer',
				'Volunteer Developer',
			]);
			expect(resume.education.map((study) => study.score)).toEqual(['3.8', undefined]);
			expect(resume.certificates).toEqual([
				{ name: 'AWS Certified Solutions Architect' },
				{ name: 'Certified Kubernetes Administrator' },
			]);
			expect(resume.meta).toEqual({ affindaIdentifier: expect.any(String) });
			sent.push({ ...resume, meta: 'x' });
		}
		expect(sent[1]).toEqual(sent[0]);
	});

	test(`${REVIEW_LOOP}: the reviewer's approval validates the CV; the polling trigger then indexes it`, async () => {
		const identifier = await uploadToEmulator(
			emulator.fixtures.sampleFiles.resumePdf,
			emulator.fixtures.documentTypes.resume.identifier,
		);
		const example = await importExample(n8n.client, REVIEW_LOOP, setup);
		const decision = await n8n.client.runManually(example.stored, "Reviewer's decision", {
			"Reviewer's decision": [{ json: { body: { documentId: identifier, decision: 'approve' } } }],
		});
		expect(executionError(decision)).toBeUndefined();
		expect(requestsTo('PATCH', `/v3/documents/${identifier}`).map((r) => r.body)).toEqual([
			{ isConfirmed: true },
		]);
		expect(emulator.store.document(identifier)?.confirmedDt).not.toBeNull();

		// As "Test step" on the trigger does: the newest validated document, this CV.
		const validated = await n8n.client.runManually(example.stored, 'CV validated');
		expect(executionError(validated)).toBeUndefined();
		expect(outputItems(validated, 'CV validated').map((item) => item.json.identifier)).toEqual([
			identifier,
		]);
		expect(
			requestsTo('POST', '/v3/index/all-resumes/documents').map((request) => request.body),
		).toEqual([{ document: identifier }]);
	});

	test(`${CREDITS_WATCH}: usage over the threshold tells the team; under it, nothing is posted`, async () => {
		const usage = emulator.store.organization.identifier;
		const quiet = await importExample(n8n.client, CREDITS_WATCH, setup);
		const night = await n8n.client.runManually(quiet.stored, quiet.trigger);
		expect(executionError(night)).toBeUndefined();
		const [report] = requestsTo('GET', '/v3/usage');
		expect(report.query).toMatchObject({ organization: usage });
		expect(report.query.end).toMatch(/^\d{4}-\d\d-\d\d$/);
		const total = outputItems(night, 'Credits used')[0].json.total as number;
		expect(total).toBeGreaterThan(0);
		expect(total).toBeLessThan(150);
		expect(inbox.requests).toHaveLength(0);

		const alarmed = await importExample(n8n.client, CREDITS_WATCH, {
			...setup,
			creditsThreshold: 1,
		});
		expect(
			executionError(await n8n.client.runManually(alarmed.stored, alarmed.trigger)),
		).toBeUndefined();
		expect(inbox.requests).toHaveLength(1);
		expect(inbox.requests[0].body).toEqual({
			text: expect.stringMatching(new RegExp(`^Affinda: ${total} credits used from `)),
			total,
		});
	});

	test(`${RANK_CANDIDATES}: a shortlist of ten, best first, each entry paired to its search result`, async () => {
		const example = await importExample(n8n.client, RANK_CANDIDATES, setup);
		const execution = await n8n.client.runManually(example.stored, example.trigger);
		expect(executionError(execution)).toBeUndefined();

		// The criteria entries, each with its Weight, as one flat body; nothing left unset.
		const searches = requestsTo('POST', '/v2/resume_search');
		expect(searches).toHaveLength(1);
		expect(searches[0].query).toEqual({ limit: '10', offset: '0' });
		expect(searches[0].body).toEqual({
			indices: ['all-resumes'],
			jobTitles: ['Software Engineer', 'Backend Developer', 'Full Stack Developer'],
			jobTitlesWeight: 0.8,
			locations: [{ name: 'Sydney, Australia', distance: 50, unit: 'km' }],
			locationsWeight: 0.5,
			skills: [
				{ name: 'Python', required: false },
				{ name: 'AWS', required: false },
				{ name: 'Docker', required: false },
			],
			skillsWeight: 1,
			yearsExperienceMin: 3,
			yearsExperienceWeight: 0.4,
		});
		// Flat rows, the candidate first, a score per criterion searched.
		const results = json(outputItems(execution, 'Rank candidates'));
		expect(results).toHaveLength(10);
		for (const result of results) {
			expect(Object.keys(result).slice(0, 2)).toEqual(['fullName', 'score']);
			expect(
				Object.values(result).every((value) => typeof value !== 'object' || value === null),
			).toBe(true);
		}
		const shortlist = json(outputItems(execution, 'Shortlist'));
		expect(shortlist.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(shortlist).toEqual(
			results.map((result, index) => ({
				rank: index + 1,
				candidate: result.fullName,
				score: result.score,
				jobTitleScore: result.jobTitleScore,
				experienceScore: result.experienceScore,
				skillsScore: result.skillsScore,
				locationScore: result.locationScore,
				resumeId: result.identifier,
			})),
		);
		expect(shortlist.every((entry) => typeof entry.candidate === 'string')).toBe(true);
		expect(shortlist.every((entry) => typeof entry.skillsScore === 'number')).toBe(true);
		expect(outputItems(execution, 'Shortlist').map((item) => item.pairedItem)).toEqual(
			results.map((_, item) => ({ item })),
		);
	});

	test(`${NIGHTLY_REMATCH}: each open job ranked, strong matches posted as one digest`, async () => {
		const example = await importExample(n8n.client, NIGHTLY_REMATCH, setup);
		const execution = await n8n.client.runManually(example.stored, example.trigger);
		expect(executionError(execution)).toBeUndefined();

		expect(requestsTo('GET', /^\/v3\/documents\//).map((request) => request.path)).toEqual(
			setup.openRoles.map((id) => `/v3/documents/${id}`),
		);
		expect(requestsTo('POST', '/v2/resume_search').map((request) => request.body)).toEqual(
			setup.openRoles.map((jobDescription) => ({ indices: ['all-resumes'], jobDescription })),
		);
		const entries = json(outputItems(execution, 'Shortlist entry'));
		expect(entries.length).toBeGreaterThan(0);
		// The candidate's name, from the flat rows.
		expect(
			entries.every((entry) => typeof entry.candidate === 'string' && entry.candidate !== ''),
		).toBe(true);
		expect(
			entries.every(
				(entry) =>
					(entry.score as number) >= 0.5 && setup.openRoles.includes(entry.jobId as string),
			),
		).toBe(true);
		const jobs = json(outputItems(execution, 'Get job description'));
		expect(jobs.map((job) => job.identifier)).toEqual(setup.openRoles);
		// Each entry names the job it was ranked for (found through pairing, three nodes back).
		const titles = new Map<string, string>([
			[openRole, 'Senior Backend Engineer'],
			...emulator.fixtures.jobDescriptions.map((job): [string, string] => [
				job.identifier,
				job.jobTitle,
			]),
		]);
		expect(entries.map((entry) => entry.job)).toEqual(
			entries.map((entry) => titles.get(entry.jobId as string)),
		);
		expect(new Set(entries.map((entry) => entry.jobId)).size).toBeGreaterThan(1);

		expect(inbox.requests).toHaveLength(1);
		const posted = inbox.requests[0].body as { text: string; shortlist: unknown[] };
		expect(posted.shortlist).toEqual(entries);
		expect(posted.text.split('\n')).toHaveLength(entries.length + 1);
	});

	test(`${NIGHTLY_REMATCH}: night after night, the digest holds only job–candidate pairs no earlier night posted`, async () => {
		const [newRole, ...firstRoles] = setup.openRoles;
		const example = await importExample(n8n.client, NIGHTLY_REMATCH, {
			...setup,
			openRoles: firstRoles,
		});
		const night = async () => {
			inbox.requests.length = 0;
			const execution = await n8n.client.runManually(example.stored, example.trigger);
			expect(executionError(execution)).toBeUndefined();
			const posted = inbox.requests.map(
				(request) => (request.body as { shortlist: Array<Record<string, unknown>> }).shortlist,
			);
			return { entries: json(outputItems(execution, 'Shortlist entry')), posted };
		};
		const pair = (entry: Record<string, unknown>) =>
			`${String(entry.jobId)}:${String(entry.resumeId)}`;

		// First night: every strong match is new, and posted.
		const first = await night();
		expect(first.entries.length).toBeGreaterThan(0);
		expect(first.posted).toEqual([first.entries]);

		// Second night, nothing changed: the same matches, all posted already, so no message at all.
		const second = await night();
		expect(second.entries.map(pair)).toEqual(first.entries.map(pair));
		expect(second.posted).toEqual([]);

		// A role opens (the recruiter adds it to Open jobs): the third digest holds its pairs only.
		await n8n.client.updateWorkflow(
			example.stored.id,
			prepareExample(NIGHTLY_REMATCH, { ...setup, openRoles: [...firstRoles, newRole] }),
		);
		const third = await night();
		const fresh = third.entries.filter((entry) => entry.jobId === newRole);
		expect(fresh.length).toBeGreaterThan(0);
		expect(third.posted).toEqual([fresh]);
		expect(third.entries.filter((entry) => entry.jobId !== newRole).map(pair)).toEqual(
			first.entries.map(pair),
		);
	});

	test(`${CV_EMAIL_INTAKE}: a CV attached to an email is parsed, indexed, ranked and announced`, async () => {
		const cvPath = emulator.fixtures.sampleFiles.resumeText;
		const email: INodeExecutionData = {
			json: {
				from: 'Olivia Nguyen <olivia.nguyen@example.com>',
				subject: 'Application: Senior Backend Engineer',
				text: 'Please find my CV attached.',
			},
			binary: {
				attachment_0: {
					data: readFileSync(cvPath).toString('base64'),
					mimeType: 'text/plain',
					fileName: basename(cvPath),
					fileExtension: 'txt',
				},
			},
		};
		const example = await importExample(n8n.client, CV_EMAIL_INTAKE, setup);
		const execution = await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [email],
		});
		expect(executionError(execution)).toBeUndefined();

		const parsed = outputItems(execution, 'Parse CV')[0].json as { identifier: string };
		expect(requestsTo('POST', '/v3/documents')[0].body).toMatchObject({
			files: { file: { fileName: basename(cvPath) } },
		});
		expect(
			requestsTo('POST', '/v3/index/all-resumes/documents').map((request) => request.body),
		).toEqual([{ document: parsed.identifier }]);
		expect(
			json(outputItems(execution, 'Is the new candidate shortlisted?')).map(
				(result) => result.identifier,
			),
		).toEqual([parsed.identifier]);
		expect(
			requestsTo('POST', `/v2/job_description_search/details/${setup.openRoles[0]}`).map(
				(request) => request.body,
			),
		).toEqual([{ indices: ['all-job-descriptions'], resume: parsed.identifier }]);
		expect(inbox.requests).toHaveLength(1);
		expect((inbox.requests[0].body as { text: string }).text).toMatch(
			/^New applicant Olivia Nguyen is shortlisted \(score \d\.\d\d\) from Olivia Nguyen <.+>\. Skills matched: .+\. Missing: /,
		);
	});

	test(`${CV_OPEN_JOBS}: a CV by email is parsed, the open jobs that fit it ranked, the best explained, the recruiter told`, async () => {
		const email = applicationEmail(
			'Olivia Nguyen <olivia.nguyen@example.com>',
			emulator.fixtures.sampleFiles.resumeText,
		);
		const example = await importExample(n8n.client, CV_OPEN_JOBS, setup);
		const execution = await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [email],
		});
		expect(executionError(execution)).toBeUndefined();

		const parsed = outputItems(execution, 'Parse CV')[0].json as { identifier: string };
		const searches = requestsTo('POST', '/v2/job_description_search');
		expect(searches.map((request) => [request.query, request.body])).toEqual([
			[
				{ offset: '0', limit: '5' },
				{ indices: ['all-job-descriptions'], resume: parsed.identifier },
			],
		]);
		const jobs = json(outputItems(execution, 'Which open jobs fit'));
		expect(jobs).toHaveLength(5);
		const scores = jobs.map((job) => job.score as number);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		for (const job of jobs) {
			expect(job).toEqual(
				expect.objectContaining({
					jobTitle: expect.any(String),
					organization: expect.any(String),
					skillsScore: expect.any(Number),
					identifier: expect.any(String),
				}),
			);
		}
		// Only the best fit is explained, once.
		expect(
			requestsTo('POST', /^\/v2\/job_description_search\/details\//).map((r) => [r.path, r.body]),
		).toEqual([
			[
				`/v2/job_description_search/details/${String(jobs[0].identifier)}`,
				{ indices: ['all-job-descriptions'], resume: parsed.identifier },
			],
		]);
		expect(inbox.requests).toHaveLength(1);
		const posted = inbox.requests[0].body as { text: string; openJobs: unknown[] };
		expect(posted.openJobs).toEqual(jobs);
		expect(posted.text).toMatch(
			new RegExp(
				`^New applicant Olivia Nguyen <olivia\\.nguyen@example\\.com> fits 5 open jobs: .+\\. Best fit: ${escape(String(jobs[0].jobTitle))}\\. Skills matched: .*\\. The job also asks for: `,
			),
		);
	});

	test(`${CANDIDATE_WITHDRAWAL}: the ATS posts a withdrawal; the CV leaves the index and then Affinda`, async () => {
		const index = emulator.fixtures.indices.resumes;
		const withdrawn = await uploadToEmulator(
			emulator.fixtures.sampleFiles.resumePdf,
			emulator.fixtures.documentTypes.resume.identifier,
			index,
		);
		emulator.clearReceived();
		const example = await importExample(n8n.client, CANDIDATE_WITHDRAWAL, setup);
		await n8n.client.activateWebhookWorkflow(example.stored.id, 'candidate-withdrawn');
		const response = await n8nFetch(`${n8n.baseUrl}/webhook/candidate-withdrawn`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ affindaDocument: withdrawn, candidateRef: 'ats-311' }),
		});
		const execution = await n8n.client.latestExecution(example.stored.id);
		expect({ status: response.status, error: executionError(execution) }).toEqual({
			status: 200,
			error: undefined,
		});
		expect(await response.json()).toEqual({ deleted: true });
		expect(
			emulator.received
				.filter((request) => request.method === 'DELETE')
				.map((request) => request.path),
		).toEqual([`/v3/index/${index}/documents/${withdrawn}`, `/v3/documents/${withdrawn}`]);
		expect(json(outputItems(execution, 'Remove from search'))).toEqual([
			{ index, document: withdrawn, removed: true },
		]);
		expect(outputItems(execution, 'Delete the CV').map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
		]);
		// Gone from the index and from Affinda.
		expect(emulator.store.indices.get(index)?.members.has(withdrawn)).toBe(false);
		expect(emulator.store.document(withdrawn)).toBeUndefined();
	});

	test(`${CORRECTION_LOOP}: a reviewer's correction is re-indexed, and the search finds the corrected value`, async () => {
		const [candidate] = emulator.fixtures.resumes;
		const doc = emulator.store.document(candidate.identifier);
		const skill = emulator.store
			.annotationsOf(doc as NonNullable<typeof doc>)
			.find((annotation) => annotation.dataPoint === 'skills');
		if (!skill) throw new Error('the seeded resume has no skill');
		const corrected = 'Lunar Geology';
		const example = await importExample(n8n.client, CORRECTION_LOOP, setup);
		const execution = await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [
				{ json: { body: { annotationId: skill.id, correctedValue: corrected } } },
			],
		});
		expect(executionError(execution)).toBeUndefined();
		expect(
			emulator.received
				.filter((request) => request.method !== 'GET')
				.map((request) => `${request.method} ${request.path}`),
		).toEqual([
			`PATCH /v3/annotations/${skill.id}`,
			`POST /v3/index/all-resumes/documents/${candidate.identifier}/re_index`,
			'POST /v2/resume_search',
		]);
		expect(json(outputItems(execution, 'Correct the value'))).toEqual([
			expect.objectContaining({ id: skill.id, parsed: corrected, reIndexed: ['all-resumes'] }),
		]);
		expect(
			outputItems(execution, 'Search with the corrected value').map((item) => item.json.identifier),
		).toEqual([candidate.identifier]);
	});

	test(`${POOL_AUDIT}: the CVs the ATS no longer has leave the index; the others stay`, async () => {
		const index = 'pool-audit-e2e';
		const pool = emulator.fixtures.resumes.slice(0, 5).map((resume) => resume.identifier);
		await emulatorApi('POST', '/v3/index', { name: index, docType: 'resumes' });
		for (const document of pool)
			await emulatorApi('POST', `/v3/index/${index}/documents`, { document });
		const [gone, alsoGone, ...active] = pool;
		emulator.clearReceived();
		const example = await importExample(n8n.client, POOL_AUDIT, {
			...setup,
			poolAudit: { index, activeCandidates: active },
		});
		const execution = await n8n.client.runManually(example.stored, example.trigger);
		expect(executionError(execution)).toBeUndefined();
		expect(json(outputItems(execution, 'What the pool holds'))).toEqual(
			pool.map((document) => ({ index, document })),
		);
		expect(
			requestsTo('DELETE', new RegExp(`^/v3/index/${index}/`)).map((request) => request.path),
		).toEqual([`/v3/index/${index}/documents/${gone}`, `/v3/index/${index}/documents/${alsoGone}`]);
		expect(json(outputItems(execution, 'Take out of the pool'))).toEqual([
			{ index, document: gone, removed: true },
			{ index, document: alsoGone, removed: true },
		]);
		expect(emulator.store.indices.get(index)?.documents).toEqual(active);
	});

	test(`${REVIEW_ROUTING}: the CV without an email goes to a reviewer; the complete one does not`, async () => {
		// Two seeded resumes no other test touches, each with an email and a phone number.
		const [complete, incomplete] = emulator.store.indexedDocuments(['all-resumes']).slice(20, 22);
		const emails = emulator.store
			.annotationsOf(incomplete)
			.filter((annotation) => annotation.dataPoint === 'emails');
		await emulatorApi(
			'POST',
			'/v3/annotations/batch_update',
			emails.map((annotation) => ({ id: annotation.id, parsed: null })),
		);
		emulator.clearReceived();
		const example = await importExample(n8n.client, REVIEW_ROUTING, setup);
		const parsed = (identifier: string) => ({
			json: { event: 'document.parse.succeeded', identifier },
		});
		const execution = await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [parsed(complete.identifier), parsed(incomplete.identifier)],
		});
		expect(executionError(execution)).toBeUndefined();
		expect(requestsTo('GET', '/v3/validation_results').map((request) => request.query)).toEqual([
			{ document: complete.identifier, limit: '100', offset: '0' },
			{ document: incomplete.identifier, limit: '100', offset: '0' },
		]);
		expect(inbox.requests.map((request) => request.body)).toEqual([
			{
				text: expect.stringMatching(
					new RegExp(
						`^CV ${incomplete.identifier} needs a review: .*email.*\\(rule email-present\\)$`,
					),
				),
				document: incomplete.identifier,
				rule: 'email-present',
			},
		]);
	});
});

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The total the service reports for a search body, asked directly (one result is enough to learn it). */
async function directSearchCount(body: object): Promise<number> {
	const response = await fetch(`${emulator.url}/v2/resume_search?limit=1`, {
		method: 'POST',
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return ((await response.json()) as { count: number }).count;
}

/** A request to the emulator's API, as another client of the service (the ATS, a review tool) makes it. */
async function emulatorApi(method: string, path: string, body: unknown): Promise<unknown> {
	const response = await fetch(`${emulator.url}${path}`, {
		method,
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!response.ok)
		throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
	return await response.json();
}

/** Uploads a file to the emulator and adds it to an index, as a recruiter would have done once. */
async function uploadToEmulator(
	path: string,
	documentType: string,
	index?: string,
): Promise<string> {
	const form = new FormData();
	form.append('workspace', emulator.fixtures.workspaces.recruitment.identifier);
	form.append('documentType', documentType);
	form.append('wait', 'true');
	form.append('file', new Blob([readFileSync(path)]), basename(path));
	const response = await fetch(`${emulator.url}/v3/documents`, {
		method: 'POST',
		headers: { authorization: `Bearer ${API_KEY}` },
		body: form,
	});
	if (!response.ok)
		throw new Error(
			`Uploading ${path} to the emulator failed: ${response.status} ${await response.text()}`,
		);
	const identifier = ((await response.json()) as { meta: { identifier: string } }).meta.identifier;
	if (index === undefined) return identifier;
	const added = await fetch(`${emulator.url}/v3/index/${index}/documents`, {
		method: 'POST',
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({ document: identifier }),
	});
	if (!added.ok)
		throw new Error(
			`Adding ${identifier} to ${index} failed: ${added.status} ${await added.text()}`,
		);
	return identifier;
}

describe("n8n's v3 breaking-changes report (n8n 2.41; n8n 2.8 has no v3 rules)", () => {
	/** Every resource and operation the node offers, read from its built description. */
	function everyOperation(): Array<{ resource: string; operation: string }> {
		// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built node, as n8n loads it
		const { Affinda } = require('../../dist/nodes/Affinda/Affinda.node.js') as {
			Affinda: new () => { description: { properties: INodeProperties[] } };
		};
		return new Affinda().description.properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) =>
				(property.options as Array<{ value: string }>).map(({ value }) => ({
					resource: String(property.displayOptions?.show?.resource?.[0]),
					operation: value,
				})),
			);
	}

	test('over the imported examples and a workflow with every operation and both triggers: no workflow finding on this package’s nodes', async () => {
		const operations = everyOperation();
		// The panel's Operation lists hold every operation of the registry, and nothing else.
		// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built registry
		const registry = require('../../dist/nodes/Affinda/actions/resources.js') as {
			operations: Record<string, Record<string, unknown>>;
		};
		const key = ({ resource, operation }: { resource: string; operation: string }) =>
			`${resource}/${operation}`;
		expect(operations.map(key).sort()).toEqual(
			Object.entries(registry.operations)
				.flatMap(([resource, byName]) =>
					Object.keys(byName).map((operation) => key({ resource, operation })),
				)
				.sort(),
		);
		const nodes = operations.map(({ resource, operation }) =>
			affindaNode(`${resource} ${operation}`, credential, { resource, operation }),
		);
		await n8n.client.createWorkflow(
			workflow(
				'Every Affinda operation and trigger',
				[
					manualTrigger(),
					affindaTrigger('Affinda Trigger', credential, 'every-operation', 'wsRecruit'),
					{
						name: 'Affinda Polling Trigger',
						type: AFFINDA_POLLING_TRIGGER_TYPE,
						typeVersion: 1,
						credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
						parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] } },
					},
					...nodes,
				],
				nodes.map((node) => ['Start', node.name] as [string, string]),
			),
		);
		// Every example file, as a user imports it (whatever the tests above imported already).
		const setup: ExampleSetup = {
			credential,
			workspace: emulator.fixtures.workspaces.recruitment.identifier,
			openRoles: [openRole],
			notifyUrl: inbox.url,
			organization: emulator.fixtures.organization.identifier,
		};
		await importExamples(n8n.client, setup);

		// n8n 2.8 knows no v3 rules: there, its own report (v2) is read the same way.
		const version = hasNewestOptions(n8n.n8nVersion) ? 'v3' : 'v2';
		expect(await affindaFindings(version)).toEqual([]);
	});

	/** Workflow findings of the report for `version` that name a node of this package. */
	async function affindaFindings(version: string): Promise<string[]> {
		const { data } = (await n8n.client.rest(
			'POST',
			`/breaking-changes/report/refresh?version=${version}`,
		)) as {
			data: {
				totalWorkflows: number;
				report: { workflowResults: Array<{ ruleId: string; nbAffectedWorkflows: number }> };
			};
		};
		const stored = (await n8n.client.api('GET', '/workflows?limit=250')) as {
			data: Array<{ id: string; nodes: Array<{ name: string; type: string }> }>;
		};
		expect(data.totalWorkflows).toBe(stored.data.length);
		const findings: string[] = [];
		for (const rule of data.report.workflowResults.filter((r) => r.nbAffectedWorkflows > 0)) {
			const detail = (await n8n.client.rest('GET', `/breaking-changes/report/${rule.ruleId}`)) as {
				data: {
					affectedWorkflows: Array<{
						id: string;
						issues: Array<{ nodeName?: string; title: string }>;
					}>;
				};
			};
			for (const affected of detail.data.affectedWorkflows) {
				const nodesOf = stored.data.find((w) => w.id === affected.id)?.nodes ?? [];
				for (const issue of affected.issues) {
					const type = nodesOf.find((node) => node.name === issue.nodeName)?.type ?? '';
					if (type.startsWith('n8n-nodes-affinda.'))
						findings.push(`${rule.ruleId}: ${issue.title} (${type})`);
				}
			}
		}
		return findings;
	}
});
