/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
/**
 * Trust under faults: the node in an in-process n8n against a service that misbehaves the way
 * networks, proxies and busy services do. Each scenario asserts the exact outcome: every result
 * or a loud failure, how many documents the service created per item, and what reached it. Over
 * the whole suite a ledger counts what must never happen: results lost silently, duplicate
 * documents, bad values on the wire, the API key in any output, error or log.
 */
import { join } from 'node:path';

import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import { useFastRetries } from '../helpers/fast-retries';
import {
	candidate,
	startFaultServer,
	type Fault,
	type FaultPlan,
	type FaultServer,
} from '../helpers/fault-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import {
	runWorkflow,
	stopN8nCoreTimers,
	storeBinaryFile,
	type WorkflowRun,
} from '../helpers/n8n-in-process';
import { PROJECT_ROOT } from '../helpers/project-root';
import type { RecordedRequest } from '../helpers/recording-server';

/** The credential's key in every run: watched for in every output, error and log line. */
const WATCHED_CREDENTIAL = 'faults-7c1e-do-not-leak';

/** The node as a person adds it today: the newest version, which has Options → Request Timeout. */

/** What must stay zero over the whole suite, and how many scenarios fed it. */
const ledger = {
	scenarios: 0,
	resultsLostSilently: 0,
	duplicateDocuments: 0,
	badValuesOnWire: 0,
	keyAppearances: 0,
};

/** Everything n8n logged while the suite ran. */
const logLines: string[] = [];

/** Text that is what a wrong value becomes on its way to a string. */
const GARBLED = ['[object Object]', 'NaN', 'undefined', 'Infinity'];

function garbledValues(request: RecordedRequest): string[] {
	const found: string[] = [];
	const visit = (value: unknown) => {
		if (typeof value === 'string') {
			if (GARBLED.some((bad) => value.includes(bad)) || value === 'null') found.push(value);
		} else if (typeof value === 'number' && !Number.isFinite(value)) {
			found.push(String(value));
		} else if (Array.isArray(value)) {
			value.forEach(visit);
		} else if (typeof value === 'object' && value !== null) {
			Object.values(value).forEach(visit);
		}
	};
	visit(request.query);
	if (typeof request.body === 'object') visit(request.body);
	// Multipart fields: each value on the line after its headers.
	const multipart = request.raw.toString('latin1');
	for (const [, value] of multipart.matchAll(/name="[^"]+"\r\n\r\n([^\r]*)\r\n/g)) visit(value);
	return found;
}

function keyAppearancesIn(run: WorkflowRun): number {
	const text = JSON.stringify(run.run) + JSON.stringify(run.error() ?? {});
	return text.split(WATCHED_CREDENTIAL).length - 1;
}

/** The transport n8n runs (dist/), whose answer limit a test lowers. */
function builtTransport(): { ANSWER_LIMIT?: { bytes: number } } {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(join(PROJECT_ROOT, 'dist/nodes/shared/transport/answer'));
}

/** Resolves true once `done()` holds, or false after five seconds. */
async function until(done: () => boolean): Promise<boolean> {
	const deadline = Date.now() + 5000;
	while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
	return done();
}

/** What a search result looks like, as the fault server ranks them. */
const candidates = (count: number) => Array.from({ length: count }, (_, n) => candidate(n));

describe('Trust under faults, on the wire', () => {
	let server: FaultServer;
	let resumeFile: IBinaryData;

	useFastRetries();

	beforeAll(async () => {
		resumeFile = await storeBinaryFile(
			Buffer.from('%PDF-1.7\nJane Doe'),
			'jane.pdf',
			'application/pdf',
		);
		const capture =
			(level: string) =>
			(message: string, meta: unknown = {}) =>
				logLines.push(`${level} ${message} ${JSON.stringify(meta)}`);
		LoggerProxy.init({
			error: capture('error'),
			warn: capture('warn'),
			info: capture('info'),
			debug: capture('debug'),
		} as never);
	});
	beforeEach(async () => {
		server = await startFaultServer();
	});
	afterEach(async () => {
		for (const request of server.requests) ledger.badValuesOnWire += garbledValues(request).length;
		await server.stop();
	});
	afterAll(() => stopN8nCoreTimers());

	/** Runs the node once; every run is checked for the key and counted. */
	const run = async (
		parameters: IDataObject,
		{
			input,
			settings = {},
			cancel,
		}: { input?: INodeExecutionData[]; settings?: IDataObject; cancel?: Promise<unknown> } = {},
	) => {
		const result = await runWorkflow(affindaWorkflow(parameters, settings), {
			credentials: affindaCredentials(server.url, WATCHED_CREDENTIAL),
			input,
			cancel,
		});
		ledger.scenarios += 1;
		ledger.keyAppearances += keyAppearancesIn(result);
		return result;
	};

	/** The fault for each request that `matches`, for its first `times` such requests. */
	const onMatching =
		(matches: (request: RecordedRequest) => boolean, fault: Fault, times = Infinity): FaultPlan =>
		(request, index) => {
			if (!matches(request)) return undefined;
			const earlier = server.requests.slice(0, index).filter(matches).length;
			return earlier < times ? fault : undefined;
		};

	/* ------------------------------------------------------- search: Return All */

	describe('Resume → Search, Return All over three pages of 50 (120 candidates)', () => {
		const TOTAL = 120;
		const search = (extra: IDataObject = {}) => ({
			resource: 'resume',
			operation: 'search',
			indices: ['all-resumes'],
			searchMode: 'custom',
			criteria: { jobTitles: { jobTitles: 'Engineer' } },
			returnAll: true,
			output: 'raw',
			...extra,
		});
		const isPage2 = (request: RecordedRequest) =>
			request.path === '/v2/resume_search' && request.query.offset === '50';
		const page2 = (fault: Fault, times?: number) => server.plan(onMatching(isPage2, fault, times));
		const pagesAsked = () =>
			server.requests.filter((r) => r.path === '/v2/resume_search').map((r) => r.query.offset);
		/**
		 * The pages the service was asked for, each as many times as expected, in any order: the
		 * next page is asked for while one is on its way. `ahead`, a page that a failure made
		 * unnecessary, may have been asked for once before the failure came back.
		 */
		const expectPagesAsked = (expected: string[], ahead?: string) => {
			const asked = pagesAsked();
			const extra = (pages: string[]) => pages.filter((page) => page === ahead).length;
			if (ahead !== undefined && extra(asked) > extra(expected)) {
				asked.splice(asked.indexOf(ahead), 1);
			}
			expect(asked.sort()).toEqual([...expected].sort());
		};

		beforeEach(() => server.configure({ candidates: TOTAL }));

		/** All 120 results, in rank order, each paired to the one input item; the same body each time. */
		const expectEveryResult = ({ run: execution, output }: WorkflowRun) => {
			expect(execution.status).toBe('success');
			const items = output(AFFINDA_NODE_NAME);
			if (items.length !== TOTAL) ledger.resultsLostSilently += TOTAL - items.length;
			expect(items.map((item) => item.json)).toEqual(candidates(TOTAL));
			expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
			const bodies = server.requests.map((r) => JSON.stringify(r.body));
			expect(new Set(bodies.filter((body) => body !== '""')).size).toBe(1);
		};

		/** No results at all, and an error that says why, naming page 2 and the path. */
		const expectLoudFailure = (result: WorkflowRun, message: string | RegExp) => {
			const items = result.output(AFFINDA_NODE_NAME);
			if (result.run.status === 'success' && items.length < TOTAL) {
				ledger.resultsLostSilently += TOTAL - items.length;
			}
			expect(result.run.status).toBe('error');
			expect(items).toEqual([]);
			if (typeof message === 'string') expect(result.error()?.message).toBe(message);
			else expect(result.error()?.message).toMatch(message);
		};

		test('a fault-free run: three pages, all 120 results', async () => {
			const result = await run(search());
			expectEveryResult(result);
			expectPagesAsked(['0', '50', '100']);
		});

		test('429 with Retry-After in seconds: waits, asks page 2 again, returns everything', async () => {
			page2({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, 1);
			expectEveryResult(await run(search()));
			expectPagesAsked(['0', '50', '50', '100']);
		});

		test('429 with Retry-After as an HTTP date: waits until then, returns everything', async () => {
			const soon = new Date(Date.now() + 1000).toUTCString();
			page2({ kind: 'status', status: 429, headers: { 'retry-after': soon } }, 1);
			expectEveryResult(await run(search()));
			expectPagesAsked(['0', '50', '50', '100']);
		});

		test.each([
			['3600', '1 hour'],
			[new Date(Date.now() + 2 * 86400_000 + 5000).toUTCString(), '2 days'],
		])('429 asking to wait %s: fails at once, saying how long', async (retryAfter, words) => {
			page2({ kind: 'status', status: 429, headers: { 'retry-after': retryAfter } });
			const result = await run(search());
			expectLoudFailure(
				result,
				`Affinda is limiting the rate of requests and asked to wait ${words}, longer than the node waits by itself (120 s) [item 0]`,
			);
			expectPagesAsked(['0', '50'], '100');
		});

		test.each([[502], [503], [504]])(
			'%i once: page 2 is asked again, everything returned',
			async (status) => {
				page2({ kind: 'status', status, body: { type: 'server_error', errors: [] } }, 1);
				expectEveryResult(await run(search()));
				expectPagesAsked(['0', '50', '50', '100']);
			},
		);

		test('502 on every attempt: a loud failure after four, naming page 2', async () => {
			page2({ kind: 'status', status: 502, body: { type: 'server_error', errors: [] } });
			const result = await run(search());
			expectLoudFailure(result, 'Affinda could not process the request (HTTP 502) [item 0]');
			expect(result.error()?.description).toBe(
				'The service had a problem with page 2 of POST /v2/resume_search on all 4 attempts. Run again later: repeating this request is safe. The 50 results read from earlier pages were not returned: the node returns all results or fails.',
			);
			expectPagesAsked(['0', '50', '50', '50', '50'], '100');
		});

		test.each([['reset-before-body'], ['reset-after-body']] as const)(
			'the connection drops (%s): a search is safe to repeat, so page 2 is asked again',
			async (kind) => {
				page2({ kind }, 1);
				expectEveryResult(await run(search()));
				expectPagesAsked(['0', '50', '50', '100']);
			},
		);

		test('a held answer: fails after the Request Timeout, naming it, without waiting again', async () => {
			page2({ kind: 'hold' });
			const result = await run(search({ options: { requestTimeout: 1 } }));
			expectLoudFailure(
				result,
				'Affinda did not answer page 2 of POST /v2/resume_search within 1 s [item 0]',
			);
			expect(result.error()?.description).toMatch(/Raise Options → Request Timeout/);
			expectPagesAsked(['0', '50'], '100');
		});

		test('an answer dribbled in 15 pieces over 3 s: fails at the Request Timeout of 1 s, a deadline for the whole answer', async () => {
			page2({ kind: 'dribble', chunks: 15, everyMs: 200 });
			const result = await run(search({ options: { requestTimeout: 1 } }));
			expectLoudFailure(
				result,
				'Affinda did not answer page 2 of POST /v2/resume_search within 1 s [item 0]',
			);
			expectPagesAsked(['0', '50'], '100');
		});

		test("a cancelled execution (n8n's Stop) closes the request in flight and sends nothing more", async () => {
			page2({ kind: 'hold' });
			const page2Asked = until(() => server.requests.some(isPage2));
			const result = await run(search({ options: { requestTimeout: 30 } }), {
				cancel: page2Asked,
			});
			expect(result.run.status).toBe('canceled');
			const held = server.requests.find(isPage2)!;
			expect(await until(() => held.abandoned === true)).toBe(true);
			expectPagesAsked(['0', '50'], '100');
		});

		test('an answer larger than the most the node reads (lowered to 1 MB here): a loud failure naming the limit, not retried', async () => {
			const limit = builtTransport().ANSWER_LIMIT;
			const saved = limit?.bytes;
			Object.assign(limit ?? {}, { bytes: 1024 * 1024 });
			try {
				page2({ kind: 'huge', bytes: 2 * 1024 * 1024 });
				const result = await run(search());
				expectLoudFailure(
					result,
					"Affinda's answer to page 2 of POST /v2/resume_search is larger than 1 MB, the most the node reads from one answer [item 0]",
				);
				expectPagesAsked(['0', '50'], '100');
			} finally {
				if (limit) limit.bytes = saved!;
			}
		});

		const PROXY_PAGE =
			'<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';

		test('an HTML page with 200 once: retried like any transient fault, everything returned', async () => {
			page2({ kind: 'raw', text: PROXY_PAGE }, 1);
			expectEveryResult(await run(search()));
			expectPagesAsked(['0', '50', '50', '100']);
		});

		test.each([
			[
				'an HTML page with 200',
				{ kind: 'raw', text: PROXY_PAGE } as Fault,
				`Affinda's answer to page 2 of POST /v2/resume_search was not what it sends: an HTML page ("502 Bad Gateway") [item 0]`,
			],
			[
				'cut-short JSON',
				{
					kind: 'raw',
					text: '{"count": 120, "next": null, "results": [{"identifier": "res',
					contentType: 'application/json',
				} as Fault,
				`Affinda's answer to page 2 of POST /v2/resume_search was not what it sends: JSON that is cut short or malformed (60 characters) [item 0]`,
			],
			[
				'malformed JSON',
				{
					kind: 'raw',
					text: "{count: 120, 'results': []}",
					contentType: 'application/json',
				} as Fault,
				`Affinda's answer to page 2 of POST /v2/resume_search was not what it sends: JSON that is cut short or malformed (27 characters) [item 0]`,
			],
			[
				'JSON without results',
				{ kind: 'status', status: 200, body: { count: 120, next: null } } as Fault,
				`Affinda's answer to page 2 of POST /v2/resume_search was not what it sends: a JSON object without a "results" list [item 0]`,
			],
			[
				'a list instead of a page',
				{ kind: 'status', status: 200, body: [candidate(50)] } as Fault,
				`Affinda's answer to page 2 of POST /v2/resume_search was not what it sends: a list instead of a page of results [item 0]`,
			],
		])(
			'%s on every attempt: a loud failure naming page 2 and the path',
			async (_, fault, message) => {
				page2(fault);
				const result = await run(search());
				expectLoudFailure(result, message);
				expect(result.error()?.description).toMatch(
					/The 50 results read from earlier pages were not returned/,
				);
				expectPagesAsked(['0', '50', '50', '50', '50'], '100');
			},
		);

		test('an HTML page with 500: retried, and the page is not quoted in the error', async () => {
			page2({ kind: 'raw', status: 500, text: PROXY_PAGE });
			const result = await run(search());
			expectLoudFailure(result, 'Affinda could not process the request (HTTP 500) [item 0]');
			expect(pagesAsked().filter((page) => page !== '100')).toHaveLength(5);
		});

		test('a 503 asking to wait just over the limit (121 s) on page 2: the seconds said', async () => {
			page2({ kind: 'status', status: 503, headers: { 'retry-after': '121' } });
			const result = await run(search());
			expectLoudFailure(
				result,
				'Affinda is unavailable (HTTP 503) and asked to wait 121 s (about 2 minutes), longer than the node waits by itself (120 s) [item 0]',
			);
			expectPagesAsked(['0', '50'], '100');
		});

		describe('a count that is no number ("many"): paged by next alone, nothing retried', () => {
			const manyOn = (pages: (request: RecordedRequest) => boolean) =>
				server.plan(onMatching(pages, { kind: 'patch', body: { count: 'many' } }));
			const hintsOf = ({ run: execution }: WorkflowRun) =>
				execution.data.resultData.runData[AFFINDA_NODE_NAME]?.[0]?.hints ?? [];

			test("on page 1 only: everything, checked against the last page's count", async () => {
				manyOn((r) => r.path === '/v2/resume_search' && r.query.offset === '0');
				const result = await run(search());
				expectEveryResult(result);
				expectPagesAsked(['0', '50', '100']);
				expect(hintsOf(result)).toEqual([]);
			});

			test('on every page: everything, and the output says it could not be cross-checked', async () => {
				manyOn((r) => r.path === '/v2/resume_search');
				const result = await run(search());
				expectEveryResult(result);
				expectPagesAsked(['0', '50', '100']);
				expect(hintsOf(result)).toEqual([
					{
						type: 'warning',
						location: 'outputPane',
						message:
							'Affinda counted the results of POST /v2/resume_search as "many", which is no number: the 120 results were read by following each page\'s next link, with no count to check that none is missing [item 0]',
					},
				]);
			});

			test('a count that is a number and disagrees stays a loud failure', async () => {
				server.plan((request) => {
					if (request.path !== '/v2/resume_search') return undefined;
					const last = request.query.offset === '100';
					return { kind: 'patch', body: { count: last ? 2000 : 'many' } };
				});
				const result = await run(search());
				expectLoudFailure(
					result,
					"Affinda's page 3 of POST /v2/resume_search is the last, but the pages held 120 results where the service counts 2000 [item 0]",
				);
			});
		});

		test('a count the pages do not add up to: a loud failure, not 120 of 2,000', async () => {
			server.plan(
				onMatching((r) => r.path === '/v2/resume_search', { kind: 'patch', body: { count: 2000 } }),
			);
			const result = await run(search());
			expectLoudFailure(
				result,
				"Affinda's page 3 of POST /v2/resume_search is the last, but the pages held 120 results where the service counts 2000 [item 0]",
			);
		});

		test('a next link back to an earlier page: stops at once', async () => {
			page2({ kind: 'patch', body: { next: `${server.url}/v2/resume_search?offset=0&limit=50` } });
			const result = await run(search());
			expectLoudFailure(
				result,
				"Affinda's page 2 of POST /v2/resume_search links back to a page already read (/v2/resume_search?offset=0&limit=50) [item 0]",
			);
			expectPagesAsked(['0', '50'], '100');
		});

		test('a page repeating the results of an earlier one: stops at once', async () => {
			page2({ kind: 'patch', body: { results: candidates(50) } });
			const result = await run(search());
			expectLoudFailure(
				result,
				"Affinda's page 2 of POST /v2/resume_search repeats the results of an earlier page [item 0]",
			);
			expectPagesAsked(['0', '50'], '100');
		});

		test('a next link to another host: refused, nothing sent there', async () => {
			const elsewhere = await startFaultServer();
			try {
				server.plan(
					onMatching((r) => r.query.offset === '0', {
						kind: 'patch',
						body: { next: `${elsewhere.url}/v2/resume_search?offset=50&limit=50` },
					}),
				);
				const result = await run(search());
				expectLoudFailure(
					result,
					`Refused to follow a next-page link to ${elsewhere.url}, which is not the credential's base URL ${server.url} [item 0]`,
				);
				expect(elsewhere.requests).toHaveLength(0);
			} finally {
				await elsewhere.stop();
			}
		});

		test('a redirect to another host: not followed, the body and key go nowhere else', async () => {
			const elsewhere = await startFaultServer();
			try {
				page2({ kind: 'redirect', status: 307, location: `${elsewhere.url}/v2/resume_search` });
				const result = await run(search());
				expectLoudFailure(
					result,
					`Affinda's answer to POST /v2/resume_search redirected to another host, ${new URL(elsewhere.url).host}, which the node does not follow [item 0]`,
				);
				expect(elsewhere.requests).toHaveLength(0);
			} finally {
				await elsewhere.stop();
			}
		});

		test('Continue on Fail: the item whose search fails goes to the error output, paired; the others get everything', async () => {
			// The second item's page 2 is a proxy's page on every attempt.
			const secondItem = (r: RecordedRequest) =>
				isPage2(r) && JSON.stringify(r.body).includes('Designer');
			server.plan(onMatching(secondItem, { kind: 'raw', text: PROXY_PAGE }));
			const result = await run(
				search({ criteria: { jobTitles: { jobTitles: '={{ $json.title }}' } } }),
				{
					input: [
						{ json: { title: 'Engineer' } },
						{ json: { title: 'Designer' } },
						{ json: { title: 'Nurse' } },
					],
					settings: { onError: 'continueErrorOutput' },
				},
			);
			expect(result.run.status).toBe('success');
			const succeeded = result.output(AFFINDA_NODE_NAME, 0);
			expect(succeeded).toHaveLength(2 * TOTAL);
			expect(
				succeeded.slice(0, TOTAL).every((i) => JSON.stringify(i.pairedItem) === '{"item":0}'),
			).toBe(true);
			expect(
				succeeded.slice(TOTAL).every((i) => JSON.stringify(i.pairedItem) === '{"item":2}'),
			).toBe(true);
			const failed = result.output(AFFINDA_NODE_NAME, 1);
			expect(failed.map((i) => [i.json.error, i.pairedItem])).toEqual([
				[
					`Affinda's answer to page 2 of POST /v2/resume_search was not what it sends: an HTML page ("502 Bad Gateway") [item 1]`,
					{ item: 1 },
				],
			]);
		});
	});

	/* -------------------------------------------------- the same pager for lists */

	describe('Document and Index Get Many use the same pager', () => {
		test('a same-origin redirect of a read is followed', async () => {
			server.configure({ indices: 3 });
			server.plan((request, index) =>
				request.path === '/v3/index' && index === 0
					? { kind: 'redirect', status: 302, location: `${server.url}/v3/index?limit=100&offset=0` }
					: undefined,
			);
			const { run: execution, output } = await run({
				resource: 'index',
				operation: 'getMany',
				returnAll: true,
			});
			expect(execution.status).toBe('success');
			expect(output(AFFINDA_NODE_NAME).map((i) => i.json.name)).toEqual([
				'index-0',
				'index-1',
				'index-2',
			]);
			expect(server.requests.map((r) => [r.method, r.query.offset])).toEqual([
				['GET', undefined],
				['GET', '0'],
			]);
		});

		test('a lying count in the document list: a loud failure', async () => {
			server.plan(
				onMatching((r) => r.path === '/v3/documents', { kind: 'patch', body: { count: 7 } }),
			);
			const result = await run({ resource: 'document', operation: 'getMany', returnAll: true });
			expect(result.run.status).toBe('error');
			expect(result.error()?.message).toBe(
				"Affinda's page 1 of GET /v3/documents is the last, but the pages held 0 results where the service counts 7 [item 0]",
			);
		});

		test('an index page that is a proxy page: retried, then a loud failure', async () => {
			server.configure({ indices: 150 });
			server.plan(
				onMatching((r) => r.query.offset === '100', { kind: 'raw', text: '<html>oops</html>' }),
			);
			const result = await run({ resource: 'index', operation: 'getMany', returnAll: true });
			expect(result.run.status).toBe('error');
			expect(result.output(AFFINDA_NODE_NAME)).toEqual([]);
			expect(result.error()?.message).toBe(
				"Affinda's answer to page 2 of GET /v3/index was not what it sends: an HTML page [item 0]",
			);
		});
	});

	/* ------------------------------------------------------------------ upload */

	describe('Document → Upload: never a duplicate document', () => {
		const ITEMS = 10;
		const ids = Array.from({ length: ITEMS }, (_, k) => `item-${k}`);
		const upload = (extra: IDataObject = {}) => ({
			resource: 'document',
			operation: 'upload',
			output: 'document',
			workspace: { __rl: true, mode: 'id', value: 'wsRecruit' },
			options: { customIdentifier: '={{ $json.id }}' },
			...extra,
		});
		const files = (only = ids) =>
			only.map((id) => ({ json: { id }, binary: { data: resumeFile } }));
		const uploads = () =>
			server.requests.filter((r) => r.path === '/v3/documents' && r.method === 'POST');
		const isItem = (id: string) => (r: RecordedRequest) =>
			r.method === 'POST' &&
			r.raw.toString('latin1').includes(`name="customIdentifier"\r\n\r\n${id}\r\n`);
		/** At most one document per item; counts any second one in the ledger. */
		const documentsPerItem = () =>
			ids.map((id) => {
				const count = server.documentsPer(id);
				if (count > 1) ledger.duplicateDocuments += count - 1;
				return count;
			});
		const withErrorOutput = { onError: 'continueErrorOutput' };

		test('a 503 on one of ten items: the node retries it by itself, ten documents, one each', async () => {
			server.plan(onMatching(isItem('item-4'), { kind: 'status', status: 503 }, 1));
			const { run: execution, output } = await run(upload(), { input: files() });
			expect(execution.status).toBe('success');
			expect(output(AFFINDA_NODE_NAME).map((i) => [i.json.customIdentifier, i.pairedItem])).toEqual(
				ids.map((id, k) => [id, { item: k }]),
			);
			expect(documentsPerItem()).toEqual(ids.map(() => 1));
			expect(uploads()).toHaveLength(ITEMS + 1);
		});

		test('a 429 on one item (Retry-After 0): retried, one document each', async () => {
			server.plan(
				onMatching(
					isItem('item-2'),
					{ kind: 'status', status: 429, headers: { 'retry-after': '0' } },
					2,
				),
			);
			const { run: execution } = await run(upload(), { input: files() });
			expect(execution.status).toBe('success');
			expect(documentsPerItem()).toEqual(ids.map(() => 1));
			expect(uploads()).toHaveLength(ITEMS + 2);
		});

		// Just over the limit, the seconds are said: "2 minutes" would read as within it.
		test.each([
			['an hour', '3600', '1 hour'],
			['just over the limit', '121', '121 s (about 2 minutes)'],
		])(
			'a 429 asking to wait %s: fails at once, nothing created, saying how long',
			async (_, retryAfter, words) => {
				server.plan(
					onMatching(isItem('item-0'), {
						kind: 'status',
						status: 429,
						headers: { 'retry-after': retryAfter },
					}),
				);
				const result = await run(upload(), { input: files(['item-0']) });
				expect(result.error()?.message).toBe(
					`Affinda is limiting the rate of requests and asked to wait ${words}, longer than the node waits by itself (120 s) [item 0]`,
				);
				expect(result.error()?.description).toMatch(
					/^Nothing was done with POST \/v3\/documents\. Nothing was uploaded for this item\./,
				);
				expect(uploads()).toHaveLength(1);
				expect(server.documents).toHaveLength(0);
			},
		);

		test('a 502 after the service created the document: not retried; advice that finds it, not a duplicate', async () => {
			server.plan(onMatching(isItem('item-4'), { kind: 'status', status: 502, processed: true }));
			const first = await run(upload(), { input: files(), settings: withErrorOutput });
			expect(first.run.status).toBe('success');
			expect(first.output(AFFINDA_NODE_NAME, 0)).toHaveLength(ITEMS - 1);
			const failed = first.output(AFFINDA_NODE_NAME, 1);
			expect(failed.map((i) => [i.json.error, i.pairedItem])).toEqual([
				['Affinda could not process the request (HTTP 502) [item 4]', { item: 4 }],
			]);
			const description = String((failed[0].error as { description?: string }).description);
			expect(description).toMatch(/The document may have been created/);
			expect(description).toMatch(/Document → Get Many \(Filters → Custom Identifier/);
			expect(description).not.toMatch(/turn on Retry On Fail/i);
			expect(uploads()).toHaveLength(ITEMS);

			// Following the advice: look for the failed item by its Custom Identifier first.
			server.plan(() => undefined);
			const check = await run({
				resource: 'document',
				operation: 'getMany',
				output: 'document',
				returnAll: true,
				filters: { custom_identifier: 'item-4' },
			});
			expect(check.output(AFFINDA_NODE_NAME).map((i) => i.json.customIdentifier)).toEqual([
				'item-4',
			]);
			expect(documentsPerItem()).toEqual(ids.map(() => 1));
		});

		test.each([
			['reset-before-body', 0],
			['reset-after-body', 1],
		] as const)(
			'the connection drops (%s) on one item: not retried; re-running only the failed item leaves one document each',
			async (kind, createdBeforeDrop) => {
				// Concurrency 1 sends uploads one after another: request 3 is item 3's.
				server.plan((request, index) => (index === 3 ? { kind } : undefined));
				const oneAtATime = upload({
					options: { customIdentifier: '={{ $json.id }}', concurrency: 1 },
				});
				const first = await run(oneAtATime, { input: files(), settings: withErrorOutput });
				expect(first.output(AFFINDA_NODE_NAME, 0)).toHaveLength(ITEMS - 1);
				const failed = first.output(AFFINDA_NODE_NAME, 1);
				expect(failed.map((i) => [i.json.error, i.pairedItem])).toEqual([
					[
						`The connection to Affinda at ${server.url} dropped during POST /v3/documents [item 3]`,
						{ item: 3 },
					],
				]);
				const description = String((failed[0].error as { description?: string }).description);
				expect(description).toMatch(/The document may have been created/);
				expect(uploads()).toHaveLength(ITEMS);
				expect(server.documentsPer('item-3')).toBe(createdBeforeDrop);

				// The advice: check by Custom Identifier; upload again only what is not there.
				server.plan(() => undefined);
				const missing = ids.filter((id) => server.documentsPer(id) === 0);
				expect(missing).toEqual(createdBeforeDrop ? [] : ['item-3']);
				if (missing.length > 0) {
					const again = await run(upload(), { input: files(missing), settings: withErrorOutput });
					expect(again.output(AFFINDA_NODE_NAME, 0)).toHaveLength(missing.length);
				}
				expect(documentsPerItem()).toEqual(ids.map(() => 1));
			},
		);

		test('a held upload (no Wait for Parsing): fails after the Request Timeout, never sent twice', async () => {
			server.plan(onMatching(isItem('item-0'), { kind: 'hold', processed: true }));
			const result = await run(
				upload({
					wait: false,
					options: { customIdentifier: '={{ $json.id }}', requestTimeout: 1 },
				}),
				{
					input: files(['item-0']),
				},
			);
			expect(result.error()?.message).toBe(
				'Affinda did not answer POST /v3/documents within 1 s [item 0]',
			);
			expect(result.error()?.description).toMatch(/The document may have been created/);
			expect(uploads()).toHaveLength(1);
			expect(server.documentsPer('item-0')).toBe(1);
		});

		test('a held upload while waiting for parsing: bounded by Parsing Timeout', async () => {
			server.plan(onMatching(isItem('item-0'), { kind: 'hold', processed: true }));
			const result = await run(upload({ parsingTimeout: 1 }), { input: files(['item-0']) });
			expect(result.error()?.message).toBe(
				'Affinda had not answered the upload when the Parsing Timeout of 1 s ran out [item 0]',
			);
			expect(result.error()?.description).toMatch(/The document may have been created/);
			expect(uploads()).toHaveLength(1);
		});

		test('a look at the parsing document held: Parsing Timeout still ends the wait', async () => {
			server.configure({ pendingLooks: 100 });
			server.plan(onMatching((r) => r.method === 'GET', { kind: 'hold' }));
			const result = await run(upload({ parsingTimeout: 2 }), { input: files(['item-0']) });
			expect(result.error()?.message).toBe(
				'Affinda had not finished parsing document doc1 when the Parsing Timeout of 2 s ran out [item 0]',
			);
			expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
			expect(server.documentsPer('item-0')).toBe(1);
		});

		test('a look answered 503 while waiting for parsing: looked again, the parsed document returned', async () => {
			server.configure({ pendingLooks: 1 });
			server.plan(onMatching((r) => r.method === 'GET', { kind: 'status', status: 503 }, 1));
			const result = await run(upload(), { input: files(['item-0']) });
			expect(result.run.status).toBe('success');
			expect(result.output(AFFINDA_NODE_NAME).map((i) => i.json.ready)).toEqual([true]);
			expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET']);
		});

		test('an HTML page with 200 for the upload: not retried, the document may exist', async () => {
			server.plan(
				onMatching(isItem('item-0'), {
					kind: 'raw',
					text: '<html>Welcome</html>',
					processed: true,
				}),
			);
			const result = await run(upload(), { input: files(['item-0']) });
			expect(result.error()?.message).toBe(
				"Affinda's answer to POST /v3/documents was not what it sends: an HTML page [item 0]",
			);
			expect(result.error()?.description).toMatch(/The document may have been created/);
			expect(uploads()).toHaveLength(1);
			expect(server.documentsPer('item-0')).toBe(1);
		});

		test('a redirect to another host: the file is not sent there', async () => {
			const elsewhere = await startFaultServer();
			try {
				server.plan(
					onMatching(isItem('item-0'), {
						kind: 'redirect',
						status: 307,
						location: `${elsewhere.url}/v3/documents`,
					}),
				);
				const result = await run(upload(), { input: files(['item-0']) });
				expect(result.error()?.message).toBe(
					`Affinda's answer to POST /v3/documents redirected to another host, ${new URL(elsewhere.url).host}, which the node does not follow [item 0]`,
				);
				expect(elsewhere.requests).toHaveLength(0);
				expect(server.documents).toHaveLength(0);
			} finally {
				await elsewhere.stop();
			}
		});

		test('a refused connection: tried again, then "nothing was sent" and how to re-run only this item', async () => {
			const gone = server.url;
			await server.stop();
			const result = await runWorkflow(affindaWorkflow(upload()), {
				credentials: affindaCredentials(gone, WATCHED_CREDENTIAL),
				input: files(['item-0']),
			});
			ledger.scenarios += 1;
			ledger.keyAppearances += keyAppearancesIn(result);
			expect(result.error()?.message).toBe(`Could not reach Affinda at ${gone} [item 0]`);
			expect(result.error()?.description).toMatch(
				/^The connection was refused \(ECONNREFUSED\) on all 4 attempts, so nothing was sent\..*Nothing was uploaded for this item\./,
			);
			server = await startFaultServer();
		});
	});

	/* ------------------------------------------------------------- bad values */

	describe('values of the wrong type never reach the wire', () => {
		const badItems = (values: unknown[]): INodeExecutionData[] =>
			values.map((value) => ({ json: { value } as IDataObject }));
		const failedWith = (result: WorkflowRun) =>
			result.output(AFFINDA_NODE_NAME, 1).map((i) => [i.json.error, i.pairedItem]);

		test('index names, limits and location names from expressions', async () => {
			server.configure({ candidates: 3 });
			const result = await run(
				{
					resource: 'resume',
					operation: 'search',
					indices: '={{ $json.index }}',
					searchMode: 'custom',
					criteria: {
						locations: {
							locations: { location: [{ place: '={{ $json.place }}', distance: 10, unit: 'km' }] },
						},
					},
					returnAll: false,
					limit: '={{ $json.limit }}',
				},
				{
					input: [
						{ json: { index: {}, place: 'Sydney', limit: 5 } },
						{ json: { index: Number.NaN, place: 'Sydney', limit: 5 } },
						{ json: { index: 'all', place: {}, limit: 5 } },
						{ json: { index: 'all', place: 'Sydney', limit: [5] } },
						{ json: { index: 'all', place: 'Sydney', limit: true } },
						{ json: { index: ['all', 'more'], place: 'Sydney', limit: 2 } },
					],
					settings: { onError: 'continueErrorOutput' },
				},
			);
			expect(failedWith(result)).toEqual([
				[
					'Parameter "Index Names or IDs" (indices) is {}, but must be at least one index name [item 0]',
					{ item: 0 },
				],
				[
					'Parameter "Index Names or IDs" (indices) is NaN, but must be at least one index name [item 1]',
					{ item: 1 },
				],
				[
					'Parameter "Locations 1 › Place" (locations[0].place) is {}, but must be a place name [item 2]',
					{ item: 2 },
				],
				[
					'Parameter "Limit" (limit) is [5], but must be a whole number from 1 to 50 [item 3]',
					{ item: 3 },
				],
				[
					'Parameter "Limit" (limit) is true, but must be a whole number from 1 to 50 [item 4]',
					{ item: 4 },
				],
			]);
			// Only the good item reached the service, with exactly what was set.
			expect(server.requests.map((r) => [r.query, r.body])).toEqual([
				[
					{ limit: '2', offset: '0' },
					{ indices: ['all', 'more'], locations: [{ name: 'Sydney', distance: 10, unit: 'km' }] },
				],
			]);
			expect(result.output(AFFINDA_NODE_NAME, 0).map((i) => i.pairedItem)).toEqual([
				{ item: 5 },
				{ item: 5 },
			]);
		});

		test('Get Match Detail: a resume identifier that is unset stays unset; a wrong type is refused', async () => {
			server.plan(() => ({
				kind: 'status',
				status: 200,
				body: { skills: { value: [], missing: [] } },
			}));
			const result = await run(
				{
					resource: 'jobDescription',
					operation: 'getMatchDetail',
					identifier: 'jdA',
					indices: ['all-jds'],
					resume: '={{ $json.value }}',
				},
				{
					input: badItems([null, undefined, {}, 'resA', Number.NaN, ['resA']]),
					settings: { onError: 'continueErrorOutput' },
				},
			);
			expect(failedWith(result)).toEqual([
				[
					'Parameter "Resume" (resume) is {}, but must be a document identifier [item 2]',
					{ item: 2 },
				],
				[
					'Parameter "Resume" (resume) is NaN, but must be a document identifier [item 4]',
					{ item: 4 },
				],
				[
					'Parameter "Resume" (resume) is ["resA"], but must be a document identifier [item 5]',
					{ item: 5 },
				],
			]);
			expect(server.requests.map((r) => r.body)).toEqual([
				{ indices: ['all-jds'] },
				{ indices: ['all-jds'] },
				{ indices: ['all-jds'], resume: 'resA' },
			]);
			expect(result.output(AFFINDA_NODE_NAME, 0).map((i) => i.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 3 },
			]);
		});

		test('document identifiers', async () => {
			const result = await run(
				{
					resource: 'document',
					operation: 'get',
					output: 'document',
					identifier: { __rl: true, mode: 'id', value: '={{ $json.value }}' },
				},
				{
					input: badItems([{}, Number.NaN, true, 'undefined']),
					settings: { onError: 'continueErrorOutput' },
				},
			);
			expect(failedWith(result).map(([message]) => message)).toEqual([
				'Parameter "Document" (identifier) is {}, but must be a document identifier [item 0]',
				'Parameter "Document" (identifier) is NaN, but must be a document identifier [item 1]',
				'Parameter "Document" (identifier) is true, but must be a document identifier [item 2]',
				'Parameter "Document" (identifier) is "undefined", but must be a document identifier [item 3]',
			]);
			expect(server.requests).toHaveLength(0);
		});

		test('flags from expressions: "false" is false, other text is refused, never taken as true', async () => {
			server.configure({ candidates: 120 });
			const result = await run(
				{
					resource: 'resume',
					operation: 'search',
					indices: ['all'],
					searchMode: 'custom',
					returnAll: '={{ $json.value }}',
					limit: 2,
				},
				{ input: badItems(['false', 'maybe', 1]), settings: { onError: 'continueErrorOutput' } },
			);
			expect(failedWith(result)).toEqual([
				[
					'Parameter "Return All" (returnAll) is "maybe", but must be true or false [item 1]',
					{ item: 1 },
				],
				[
					'Parameter "Return All" (returnAll) is 1, but must be true or false [item 2]',
					{ item: 2 },
				],
			]);
			expect(server.requests.map((r) => r.query)).toEqual([{ limit: '2', offset: '0' }]);
			expect(result.output(AFFINDA_NODE_NAME, 0)).toHaveLength(2);
		});

		test('document list filters and upload options from expressions', async () => {
			const list = await run(
				{
					resource: 'document',
					operation: 'getMany',
					output: 'document',
					returnAll: true,
					filters: { ready: '={{ $json.ready }}', tags: '={{ $json.tags }}' },
				},
				{
					input: [
						{ json: { ready: {}, tags: '1' } },
						{ json: { ready: true, tags: [12, Number.NaN] } },
						{ json: { ready: 'false', tags: [12, '34'] } },
					],
					settings: { onError: 'continueErrorOutput' },
				},
			);
			expect(failedWith(list)).toEqual([
				['Parameter "Ready" (ready) is {}, but must be true or false [item 0]', { item: 0 }],
				[
					'Parameter "Tag IDs" (tags) is [12, NaN], but must be whole-number tag IDs separated by commas [item 1]',
					{ item: 1 },
				],
			]);
			expect(server.requests.map((r) => r.query)).toEqual([
				{ ready: 'false', tags: '12,34', limit: '100' },
			]);

			const uploads = await run(
				{
					resource: 'document',
					operation: 'upload',
					output: 'document',
					workspace: { __rl: true, mode: 'id', value: 'wsRecruit' },
					options: { customIdentifier: '={{ $json.value }}', fileName: '={{ $json.value }}' },
				},
				{
					input: [{}, Number.NaN, 'cv-7'].map((value) => ({
						json: { value } as IDataObject,
						binary: { data: resumeFile },
					})),
					settings: { onError: 'continueErrorOutput' },
				},
			);
			expect(failedWith(uploads)).toEqual([
				[
					'Parameter "Custom Identifier" (customIdentifier) is {}, but must be text [item 0]',
					{ item: 0 },
				],
				[
					'Parameter "Custom Identifier" (customIdentifier) is NaN, but must be text [item 1]',
					{ item: 1 },
				],
			]);
			expect(server.documents.map((d) => [d.customIdentifier, d.fileName])).toEqual([
				['cv-7', 'cv-7'],
			]);
		});
	});
});

// Runs after every scenario above: describe blocks run in order, and this one comes last.
describe('Trust under faults, over the whole suite', () => {
	test('the ledger sees what it looks for', () => {
		const request = (body: unknown, raw = ''): RecordedRequest => ({
			method: 'POST',
			path: '/',
			query: { limit: 'NaN' },
			headers: {},
			body,
			raw: Buffer.from(raw, 'latin1'),
		});
		expect(
			garbledValues(
				request(
					{ indices: ['[object Object]', 'ok'], resume: 'null', n: Number.NaN },
					'--b\r\nContent-Disposition: form-data; name="customIdentifier"\r\n\r\nundefined\r\n--b--',
				),
			),
		).toEqual(['NaN', '[object Object]', 'null', 'NaN', 'undefined']);
	});

	test('over the whole suite: nothing lost silently, no duplicate, no bad value, no key', () => {
		expect(ledger.scenarios).toBeGreaterThanOrEqual(40);
		expect(ledger).toEqual({
			scenarios: ledger.scenarios,
			resultsLostSilently: 0,
			duplicateDocuments: 0,
			badValuesOnWire: 0,
			keyAppearances: 0,
		});
		expect(logLines.filter((line) => line.includes(WATCHED_CREDENTIAL))).toEqual([]);
		// The log was listened to: n8n logs every node run.
		expect(logLines.length).toBeGreaterThan(ledger.scenarios);
	});
});
