/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The live check (`npm run test:live`) run against the local emulator as if it were the service:
// every step runs through the node, the record holds neither the key nor the CV's personal data,
// and everything the run made is deleted, also when a step fails midway. Without a key it sends
// nothing and says how to run it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startEmulator, type Emulator } from '../emulator';
import { startEmulatorProxy, type ProxyFault } from '../helpers/emulator-proxy';
import { stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordedRequest } from '../helpers/recording-server';
import { HOW_TO, main, type LiveRecord } from './live-check';

/** What the fixture CV (marcus-webb.pdf) says of the candidate: none of it may be in a record. */
const PERSONAL = [
	'Marcus',
	'Webb',
	'marcus.webb@example.com',
	'+61 433 555 271',
	'433 555 271',
	'433555271',
	'Melbourne',
];

const MAIN_PATH = [
	'create a workspace for the run',
	'upload a CV and wait',
	'get it as a row',
	'work history',
	'create an index for the run',
	'add it to the index',
	'search the index',
	'match detail',
	'tag it',
	'download it redacted',
];

let emulator: Emulator;
let recordDir: string;

beforeAll(async () => {
	emulator = await startEmulator({
		resumeCount: 20,
		jobDescriptionCount: 2,
		parseDelayMs: 20,
		seed: 'live',
	});
});
afterAll(async () => {
	await emulator.stop();
	stopN8nCoreTimers();
});
beforeEach(() => {
	recordDir = mkdtempSync(join(tmpdir(), 'affinda-live-record-'));
});
afterEach(() => rmSync(recordDir, { recursive: true, force: true }));

/** What the emulator holds that a run could make or delete. */
function holdings() {
	const { store } = emulator;
	return {
		documents: store.allDocuments().map((d) => d.identifier),
		workspaces: store.workspaces.map((w) => w.identifier),
		indices: [...store.indices.values()].map((index) => [index.name, index.members.size]),
		tags: store.tags.all().map((t) => t.id),
	};
}

async function runCheck(env: NodeJS.ProcessEnv) {
	const lines: string[] = [];
	const code = await main(
		{ AFFINDA_LIVE_RECORD_DIR: recordDir, AFFINDA_LIVE_SEARCH_WAIT_S: '0', ...env },
		(line) => lines.push(line),
	);
	const files = readdirSync(recordDir);
	const text = files.length === 1 ? readFileSync(join(recordDir, files[0]), 'utf8') : '';
	return { code, lines, files, text, record: (text ? JSON.parse(text) : {}) as LiveRecord };
}

const statuses = (entries: LiveRecord['steps']) =>
	entries.map(({ step, status }) => [step, status]);

/** Refused as the service refuses a request the key may not make. */
const REFUSED = {
	status: 403,
	body: {
		type: 'client_error',
		errors: [{ attr: null, code: 'permission_denied', detail: 'Refused by the test.' }],
	},
};

/** A service between the node and the emulator (helpers/emulator-proxy.ts). */
async function startProxy(instead: ProxyFault) {
	return await startEmulatorProxy(emulator.url, instead);
}

/** The upload reaches the emulator, which makes the document; its answer is lost on the way back. */
const lostUpload: ProxyFault = (request, forwarded) =>
	forwarded && request.method === 'POST' && request.path === '/v3/documents'
		? { status: 502, body: { detail: 'Bad gateway (the test lost the answer).' } }
		: undefined;

/** The check through `baseUrl`, with the workspace from the environment. */
const runInWorkspace = async (baseUrl: string, workspace: string) =>
	await runCheck({
		AFFINDA_API_KEY: emulator.fixtures.key,
		AFFINDA_BASE_URL: baseUrl,
		AFFINDA_WORKSPACE: workspace,
	});

function expectNoSecretsOrPersonalData(text: string) {
	expect(text).not.toContain(emulator.fixtures.key);
	for (const detail of PERSONAL) expect(text.toLowerCase()).not.toContain(detail.toLowerCase());
}

test('without a key it sends nothing, says how to run it and exits 0', async () => {
	const service = await startRecordingServer();
	try {
		const { code, lines, files } = await runCheck({ AFFINDA_BASE_URL: service.url });
		expect(code).toBe(0);
		expect(lines).toEqual([HOW_TO]);
		expect(lines[0]).toContain('AFFINDA_API_KEY=<your key> npm run test:live');
		expect(service.requests).toEqual([]);
		expect(files).toEqual([]);
	} finally {
		await service.stop();
	}
});

test.each([
	[{ AFFINDA_REGION: 'moon' }, 'AFFINDA_REGION is "moon": use one of api, api.us1, api.eu1'],
	[
		{ AFFINDA_REGION: 'api.eu1', AFFINDA_BASE_URL: 'http://127.0.0.1:9' },
		'AFFINDA_REGION (api.eu1) and AFFINDA_BASE_URL (http://127.0.0.1:9) are both set: set one of them',
	],
	[
		{ AFFINDA_BASE_URL: 'ftp://127.0.0.1' },
		'AFFINDA_BASE_URL is "ftp://127.0.0.1": use an http or https address',
	],
	[
		{ AFFINDA_LIVE_SEARCH_WAIT_S: '1.5' },
		'AFFINDA_LIVE_SEARCH_WAIT_S is "1.5": use a whole number of seconds from 0 to 600',
	],
	[
		{ AFFINDA_LIVE_CV: '/nowhere/cv.pdf' },
		'AFFINDA_LIVE_CV is "/nowhere/cv.pdf": use a .pdf, .docx, .txt file that exists',
	],
	[
		{ AFFINDA_LIVE_CV: 'cv.exe' },
		'AFFINDA_LIVE_CV is "cv.exe": use a .pdf, .docx, .txt file that exists',
	],
])(
	'a setting given wrong (%j) is refused before anything is sent, naming it',
	async (env, message) => {
		const { code, lines, files } = await runCheck({ AFFINDA_API_KEY: 'some-key', ...env });
		expect(code).toBe(1);
		expect(lines).toEqual([expect.stringContaining(`Live check not run: ${message}`)]);
		expect(files).toEqual([]);
	},
);

test('against the emulator: every step runs through the node, the record is redacted, everything made is deleted', async () => {
	const before = holdings();
	const { code, lines, record, text } = await runCheck({
		AFFINDA_API_KEY: emulator.fixtures.key,
		AFFINDA_BASE_URL: emulator.url,
	});

	expect(lines.at(-1)).toMatch(/^Passed: /);
	expect(code).toBe(0);
	expect(statuses(record.steps)).toEqual(MAIN_PATH.map((step) => [step, 'passed']));
	expect(statuses(record.cleanup)).toEqual([
		['delete the tag', 'passed'],
		['delete the index', 'passed'],
		['delete the document', 'passed'],
		['delete the workspace', 'passed'],
	]);
	expect(record).toMatchObject({
		ok: true,
		service: emulator.url,
		setup: { workspace: 'created', index: 'created' },
	});
	expect(holdings()).toEqual(before);

	// What the service answered, in its shape: the upload's metadata and parsed data, redacted.
	const upload = record.steps[1].answer as {
		meta: Record<string, unknown>;
		data: Record<string, unknown>;
	};
	expect(upload.meta).toMatchObject({ ready: true, failed: false, fileName: '[redacted]' });
	expect(upload.data.name).toBeDefined();
	expect(record.steps[2].answer).toMatchObject({ fullName: '[redacted]', email: '[redacted]' });
	const positions = record.steps[3].answer as Array<Record<string, unknown>>;
	expect(
		positions.map(({ position, fullName, location }) => [position, fullName, location]),
	).toEqual([
		[1, '[redacted]', '[redacted]'],
		[2, '[redacted]', '[redacted]'],
		[3, '[redacted]', '[redacted]'],
	]);
	expect(record.steps[9].answer).toMatchObject({ file: 'redacted', startsAsPdf: true });
	expectNoSecretsOrPersonalData(text);
});

test('with the workspace and index from the environment: only what the run made is deleted, the document taken out of the index', async () => {
	const before = holdings();
	const { code, record, text } = await runCheck({
		AFFINDA_API_KEY: emulator.fixtures.key,
		AFFINDA_BASE_URL: emulator.url,
		AFFINDA_WORKSPACE: emulator.fixtures.workspaces.recruitment.identifier,
		AFFINDA_INDEX: emulator.fixtures.indices.newCandidates,
	});

	expect(code).toBe(0);
	expect(record.setup).toEqual({ workspace: 'environment', index: 'environment' });
	expect(
		record.steps
			.filter((entry) => entry.status === 'skipped')
			.map((entry) => [entry.step, entry.reason]),
	).toEqual([
		['create a workspace for the run', 'AFFINDA_WORKSPACE is set'],
		['create an index for the run', 'AFFINDA_INDEX is set'],
	]);
	expect(statuses(record.cleanup)).toEqual([
		['delete the tag', 'passed'],
		['take the document out of the index', 'passed'],
		['delete the document', 'passed'],
	]);
	expect(holdings()).toEqual(before);
	expectNoSecretsOrPersonalData(text);
});

test('a step failing midway and a cleanup refused: the rest is not run, all else made is deleted, each failure reported', async () => {
	const before = holdings();
	const refused = (request: RecordedRequest) =>
		request.path.startsWith('/v2/resume_search/details/') ||
		(request.method === 'DELETE' && request.path.startsWith('/v3/index/'));
	// Between the node and the emulator: refuses the match detail and the index's deletion.
	const service = await startProxy((request) => (refused(request) ? REFUSED : undefined));
	try {
		const { code, lines, record, text } = await runCheck({
			AFFINDA_API_KEY: emulator.fixtures.key,
			AFFINDA_BASE_URL: service.url,
		});

		expect(code).toBe(1);
		expect(lines.at(-1)).toMatch(/^FAILED: /);
		const failedAt = MAIN_PATH.indexOf('match detail');
		expect(statuses(record.steps).slice(failedAt)).toEqual([
			['match detail', 'failed'],
			['tag it', 'skipped'],
			['download it redacted', 'skipped'],
		]);
		expect(record.steps[failedAt].error).toMatchObject({ httpCode: '403' });
		expect(record.steps[failedAt + 1].reason).toBe('not run: "match detail" failed');
		expect(statuses(record.cleanup)).toEqual([
			['delete the index', 'failed'],
			['delete the document', 'passed'],
			['delete the workspace', 'passed'],
		]);
		expect(lines).toContainEqual(
			expect.stringMatching(/^failed {2}delete the index \(Index → Delete/),
		);
		expect(record.ok).toBe(false);
		// Only the index whose deletion was refused is left, as the record says.
		const left = [...emulator.store.indices.keys()].filter((name) =>
			name.startsWith('n8n-live-check-'),
		);
		expect(left).toHaveLength(1);
		emulator.store.indices.delete(left[0]);
		expect(holdings()).toEqual(before);
		expectNoSecretsOrPersonalData(text);
	} finally {
		await service.stop();
	}
});

test("an upload that fails after Affinda made the document: the document is found by the run's Custom Identifier and deleted", async () => {
	const before = holdings();
	const workspace = emulator.fixtures.workspaces.recruitment.identifier;
	const service = await startProxy(lostUpload);
	try {
		const { code, record } = await runInWorkspace(service.url, workspace);

		expect(code).toBe(1);
		expect(statuses(record.steps).slice(0, 3)).toEqual([
			['create a workspace for the run', 'skipped'],
			['upload a CV and wait', 'failed'],
			['get it as a row', 'skipped'],
		]);
		const uploads = service.requests.filter(
			(request) => request.method === 'POST' && request.path === '/v3/documents',
		);
		expect(uploads.length).toBeGreaterThanOrEqual(1);
		expect(statuses(record.cleanup)).toEqual([['delete the document', 'passed']]);
		// Each document the upload made is deleted: nothing is left in the workspace.
		expect(record.cleanup[0].answer).toEqual({ deleted: expect.any(Array) });
		expect((record.cleanup[0].answer as { deleted: string[] }).deleted).toHaveLength(
			uploads.length,
		);
		expect(
			service.requests.filter(
				(request) => request.method === 'GET' && request.path === '/v3/documents',
			)[0]?.search,
		).toContain('custom_identifier=n8n-live-check-');
		expect(holdings()).toEqual(before);
	} finally {
		await service.stop();
	}
});

test('a documents list that ignores the Custom Identifier filter: the cleanup deletes nothing and says so', async () => {
	const workspace = emulator.fixtures.workspaces.recruitment.identifier;
	const others = emulator.store.allDocuments().filter((d) => d.workspace.identifier === workspace);
	expect(others.length).toBeGreaterThan(2);
	const listing = (runName: string) => ({
		count: null,
		next: null,
		previous: null,
		// Every document of the workspace, the filter ignored; and one named as the run's but made
		// before it started.
		results: [
			...emulator.store
				.allDocuments()
				.filter((d) => d.workspace.identifier === workspace)
				.map((d) => ({
					meta: {
						identifier: d.identifier,
						customIdentifier: d.customIdentifier,
						createdDt: d.createdDt,
					},
				})),
			{
				meta: {
					identifier: 'oldDoc01',
					customIdentifier: runName,
					createdDt: '2020-01-01T00:00:00Z',
				},
			},
		],
	});
	const service = await startProxy((request, forwarded) =>
		!forwarded && request.method === 'GET' && request.path === '/v3/documents'
			? { body: listing(String(request.query.custom_identifier)) }
			: lostUpload(request, forwarded),
	);
	try {
		const { code, record } = await runInWorkspace(service.url, workspace);
		expect(code).toBe(1);
		expect(statuses(record.cleanup)).toEqual([['delete the document', 'failed']]);
		expect(record.cleanup[0].error?.message).toMatch(
			/^Document → Get Many listed documents that are not this run's \(not its Custom Identifier, or created before the run started\): \d+ of \d+, e\.g\. \S+; nothing deleted$/,
		);
		// Not one DELETE: the others' documents are all there.
		expect(service.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
		for (const document of others)
			expect(emulator.store.document(document.identifier)).toBeDefined();
	} finally {
		await service.stop();
		// The run's own document, which the refused cleanup left, goes here.
		for (const document of emulator.store.allDocuments())
			if (document.customIdentifier?.startsWith('n8n-live-check-'))
				await fetch(`${emulator.url}/v3/documents/${document.identifier}`, {
					method: 'DELETE',
					headers: { authorization: `Bearer ${emulator.fixtures.key}` },
				});
	}
});
