/* eslint-disable @n8n/community-nodes/no-restricted-globals -- setImmediate lets the node run between steps */
// Items worked on a few at a time (Options → Concurrency), on the wire: what the service sees
// (how many requests at once, in what order, how many refused for its rate) and what comes out
// (input order, pairing, Continue on Fail), whatever order the answers arrive in. Nothing here
// measures time: speed is `npm run bench`'s business.
import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startEmulator } from '../emulator';
import { documentAnswer, multipartOf, WORKSPACE } from '../helpers/document-answers';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import {
	startRecordingServer,
	type RecordedRequest,
	type RecordingServer,
} from '../helpers/recording-server';

/** The same settings for every item, as a user would have them. */
const search = (options: IDataObject = {}) => ({
	resource: 'resume',
	operation: 'search',
	indices: ['all-resumes'],
	searchMode: 'custom',
	criteria: { jobTitles: { jobTitles: '={{ $json.title }}' } },
	limit: 1,
	output: 'raw',
	options,
});

const items = (count: number): INodeExecutionData[] =>
	Array.from({ length: count }, (_, item) => ({ json: { title: `title-${item}` } }));

const titleOf = (request: RecordedRequest) =>
	((request.body as IDataObject).jobTitles as string[])[0];

/**
 * A service whose answers the test releases: it records how many requests were open at once, and
 * answers each search with one result named after the item's job title (items 3 and 6 refused).
 */
async function heldServer() {
	const held: Array<() => void> = [];
	const state = { mostOpen: 0, server: undefined as unknown as RecordingServer };
	state.server = await startRecordingServer(async (request) => {
		await new Promise<void>((release) => {
			held.push(release);
			state.mostOpen = Math.max(state.mostOpen, held.length);
		});
		const title = titleOf(request);
		if (title === 'title-3' || title === 'title-6') {
			return { status: 400, body: { type: 'validation_error', errors: [{ detail: title }] } };
		}
		return { body: { count: 1, next: null, results: [{ identifier: title }] } };
	});
	/**
	 * Answers newest first, each once `open` requests are held or none has arrived for a while
	 * (fewer items left), until the run is done: later items answer before earlier ones.
	 */
	const answerUntil = async (done: Promise<unknown>, open: number) => {
		let finished = false;
		void done.finally(() => (finished = true));
		for (let quiet = 0; !finished; quiet++) {
			if (held.length >= open || (held.length > 0 && quiet > 200)) {
				held.pop()?.();
				quiet = 0;
			}
			await new Promise((resolve) => setImmediate(resolve));
		}
	};
	return { state, answerUntil };
}

describe('Concurrency, on the wire', () => {
	afterAll(() => stopN8nCoreTimers());

	test.each([
		[1, 1],
		[3, 3],
		[undefined, 5],
	])(
		'Concurrency %s: at most %i requests open at once; output in input order, each paired to its item',
		async (concurrency, most) => {
			const { state, answerUntil } = await heldServer();
			try {
				const running = runWorkflow(affindaWorkflow(search(concurrency ? { concurrency } : {})), {
					credentials: affindaCredentials(state.server.url),
					input: items(10),
				});
				await answerUntil(running, most);
				const result = await running;
				// Items 3 and 6 are refused; without Continue on Fail the node stops at item 3.
				expect(result.error()?.message).toBe('Affinda rejected the request: title-3 [item 3]');
				expect(state.mostOpen).toBe(most);
				// Requests start in item order; none after the failure but those already under way.
				const started = state.server.requests.map(titleOf);
				expect(started).toEqual(started.map((_, item) => `title-${item}`));
				expect(started.length).toBeLessThanOrEqual(3 + most);
			} finally {
				await state.server.stop();
			}
		},
	);

	test('with Continue on Fail every item runs; failures go to the error output at their place', async () => {
		const { state, answerUntil } = await heldServer();
		try {
			const running = runWorkflow(affindaWorkflow(search(), { onError: 'continueErrorOutput' }), {
				credentials: affindaCredentials(state.server.url),
				input: items(10),
			});
			await answerUntil(running, 5);
			const { output } = await running;
			expect(
				output(AFFINDA_NODE_NAME, 0).map((item) => [item.json.identifier, item.pairedItem]),
			).toEqual([0, 1, 2, 4, 5, 7, 8, 9].map((item) => [`title-${item}`, { item }]));
			expect(
				output(AFFINDA_NODE_NAME, 1).map((item) => [item.json.error, item.pairedItem]),
			).toEqual([
				['Affinda rejected the request: title-3 [item 3]', { item: 3 }],
				['Affinda rejected the request: title-6 [item 6]', { item: 6 }],
			]);
			expect(state.server.requests).toHaveLength(10);
		} finally {
			await state.server.stop();
		}
	});

	test('the credential is read once per execution, not per item or per request', async () => {
		const server = await startRecordingServer(() => ({
			body: { count: 1, next: null, results: [{ identifier: 'x' }] },
		}));
		try {
			const result = await runWorkflow(affindaWorkflow(search()), {
				credentials: affindaCredentials(server.url, 'the-key'),
				input: items(12),
			});
			expect(result.output(AFFINDA_NODE_NAME)).toHaveLength(12);
			expect(server.requests.map((request) => request.headers.authorization)).toEqual(
				Array.from({ length: 12 }, () => 'Bearer the-key'),
			);
			expect(result.credentialReads).toBe(1);
		} finally {
			await server.stop();
		}
	});

	test('a Concurrency outside 1 to 50 is refused before any request', async () => {
		const server = await startRecordingServer();
		try {
			const result = await runWorkflow(affindaWorkflow(search({ concurrency: 0 })), {
				credentials: affindaCredentials(server.url),
				input: items(2),
			});
			expect(result.error()?.message).toBe(
				'Parameter "Concurrency" (concurrency) is 0, but must be a whole number from 1 to 50 [item 0]',
			);
			expect(server.requests).toHaveLength(0);
		} finally {
			await server.stop();
		}
	});
});

describe('A rate limit, shared by the items running at once', () => {
	afterAll(() => stopN8nCoreTimers());

	test('under 10 requests a second, 100 searches at Concurrency 5 all succeed, refused only while the limit is learned', async () => {
		const emulator = await startEmulator({ resumeCount: 20, faults: { rateLimitPerSecond: 10 } });
		try {
			const result = await runWorkflow(affindaWorkflow(search()), {
				credentials: affindaCredentials(emulator.url, emulator.fixtures.key),
				input: items(100).map((item) => ({ json: { title: 'Engineer', n: item.json.title } })),
			});
			expect(result.error()).toBeUndefined();
			const output = result.output(AFFINDA_NODE_NAME);
			expect(output.map((item) => item.pairedItem)).toEqual(
				Array.from({ length: 100 }, (_, item) => ({ item })),
			);
			const searches = emulator.received.filter((request) => request.path === '/v2/resume_search');
			const refused = searches.length - 100;
			// Each item on its own would be refused in every second, as the others keep sending:
			// shared, they are refused in the first burst (as many as run at once, 5 measured) and
			// seldom after. The rate they then keep (≥ 90 % of the allowed one) is asserted on a fake
			// clock in test/unit/throttle.test.ts, and measured by `npm run bench`.
			expect(refused).toBeGreaterThan(0);
			expect(refused).toBeLessThanOrEqual(8);
		} finally {
			await emulator.stop();
		}
	});
});

describe('Return All asks for the next page while one is on its way', () => {
	let server: RecordingServer;
	afterEach(async () => await server?.stop());
	afterAll(() => stopN8nCoreTimers());

	const TOTAL = 200;
	const returnAll = () => ({ ...search(), limit: undefined, returnAll: true });
	const page = (offset: number, next: string | null, count = TOTAL) => ({
		count,
		next,
		results: Array.from({ length: 50 }, (_, n) => ({ identifier: `r${offset + n}` })),
	});
	const offsetsAsked = () => server.requests.map((request) => request.query.offset);

	test('the service sees pages 2 and 3 each asked for before the one before was answered, and nothing past the last', async () => {
		const overlapped: string[] = [];
		server = await startRecordingServer(async (request) => {
			const offset = Number(request.query.offset);
			const following = String(offset + 50);
			if (offset === 50 || offset === 100) {
				// Answer only once the following page is asked for (or, without that, after 10 s).
				for (let waited = 0; waited < 10_000; waited += 20) {
					if (offsetsAsked().includes(following)) {
						overlapped.push(request.query.offset);
						break;
					}
					await new Promise((wait) => setTimeout(wait, 20));
				}
			}
			const next =
				offset + 50 < TOTAL ? `${server.url}/v2/resume_search?limit=50&offset=${following}` : null;
			return { body: page(offset, next) };
		});
		const { output } = await runWorkflow(affindaWorkflow(returnAll()), {
			credentials: affindaCredentials(server.url),
			input: items(1),
		});
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json.identifier)).toEqual(
			Array.from({ length: TOTAL }, (_, n) => `r${n}`),
		);
		expect(overlapped).toEqual(['50', '100']);
		expect(offsetsAsked().sort()).toEqual(['0', '100', '150', '50']);
	});

	test('a next link that does not go by offset is followed, and a page asked for ahead is left unread', async () => {
		server = await startRecordingServer((request) => {
			const { offset, cursor } = request.query;
			if (cursor === 'c') return { body: page(100, null, 150) };
			if (offset === '0')
				return { body: page(0, `${server.url}/v2/resume_search?limit=50&offset=50`, 150) };
			if (offset === '50')
				return { body: page(50, `${server.url}/v2/resume_search?cursor=c`, 150) };
			// Page 3 guessed by offset: it must not reach the output.
			return { body: page(900, null, 150) };
		});
		const { output } = await runWorkflow(affindaWorkflow(returnAll()), {
			credentials: affindaCredentials(server.url),
			input: items(1),
		});
		const identifiers = output(AFFINDA_NODE_NAME).map((item) => item.json.identifier);
		expect(identifiers).toEqual(Array.from({ length: 150 }, (_, n) => `r${n}`));
		// The guess was sent (before page 2 came back) but its results are nowhere in the output.
		expect(offsetsAsked()).toContain('100');
	});
});

describe('Uploads stream the file and wait for parsing together', () => {
	let server: RecordingServer;
	afterEach(async () => await server?.stop());
	afterAll(() => stopN8nCoreTimers());

	const upload = (extra: IDataObject = {}) => ({
		resource: 'document',
		operation: 'upload',
		workspace: { __rl: true, mode: 'id', value: WORKSPACE.identifier },
		...extra,
	});
	/** Every byte value, in a file larger than one chunk of a stream. */
	const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, b) => (b * 7) % 256));

	test.each([
		['filesystem', true],
		['memory', false],
	])('from %s binary mode the service receives the file byte for byte', async (_mode, onDisk) => {
		server = await startRecordingServer(() => ({ body: documentAnswer('docA') }));
		const file: IBinaryData = onDisk
			? await storeBinaryFile(bytes, 'cv.pdf', 'application/pdf')
			: { data: bytes.toString('base64'), mimeType: 'application/pdf', fileName: 'cv.pdf' };
		if (onDisk) expect(file.id).toBeDefined();
		const { output } = await runWorkflow(affindaWorkflow(upload()), {
			credentials: affindaCredentials(server.url),
			input: [{ json: {}, binary: { data: file } }],
		});
		expect(output(AFFINDA_NODE_NAME)).toHaveLength(1);
		const [request] = server.requests;
		const form = await multipartOf(request);
		expect(Buffer.compare(form.files.file.content, bytes)).toBe(0);
		expect(form.files.file.fileName).toBe('cv.pdf');
		expect(Number(request.headers['content-length'])).toBe(request.raw.length);
	});

	test('a stored file whose item lacks its size: read from n8n, the file still arrives whole', async () => {
		server = await startRecordingServer(() => ({ body: documentAnswer('docA') }));
		const file = await storeBinaryFile(bytes, 'cv.pdf', 'application/pdf');
		delete file.bytes;
		await runWorkflow(affindaWorkflow(upload()), {
			credentials: affindaCredentials(server.url),
			input: [{ json: {}, binary: { data: file } }],
		});
		expect(Buffer.compare((await multipartOf(server.requests[0])).files.file.content, bytes)).toBe(
			0,
		);
	});

	test('Concurrency 1 with Wait for Parsing: each upload is sent before the one before it is answered', async () => {
		const uploads = 3;
		const answered: Array<() => void> = [];
		const openWhenArrived: number[] = [];
		server = await startRecordingServer(async (request) => {
			openWhenArrived.push(answered.length);
			// The service holds every answer until all the uploads have arrived.
			await new Promise<void>((release) => {
				answered.push(release);
				if (answered.length === uploads) answered.forEach((answer) => answer());
			});
			return {
				body: documentAnswer(`doc-${(await multipartOf(request)).fields.customIdentifier}`),
			};
		});
		const file = await storeBinaryFile(bytes, 'cv.pdf', 'application/pdf');
		const { output } = await runWorkflow(
			affindaWorkflow(
				upload({ wait: true, options: { concurrency: 1, customIdentifier: '={{ $json.n }}' } }),
			),
			{
				credentials: affindaCredentials(server.url),
				input: [0, 1, 2].map((n) => ({ json: { n }, binary: { data: file } })),
			},
		);
		expect(openWhenArrived).toEqual([0, 1, 2]);
		const forms = await Promise.all(server.requests.map(multipartOf));
		expect(forms.map((form) => form.fields.customIdentifier)).toEqual(['0', '1', '2']);
		expect(
			output(AFFINDA_NODE_NAME).map((item) => [item.json.identifier, item.pairedItem]),
		).toEqual([
			['doc-0', { item: 0 }],
			['doc-1', { item: 1 }],
			['doc-2', { item: 2 }],
		]);
	});
});
