/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
/**
 * `npm run bench`: the node side by side with what a user could build without it, in one run.
 *
 * A real n8n 2.8.4 with the package installed from its `npm pack` tarball, as the Community Nodes
 * page installs it, runs each workload three ways, interleaved round by round so that the machine's
 * load hits all three alike:
 *   - ours: the Affinda node;
 *   - HTTP Request: n8n's own HTTP Request node (+ Split Out where the answer holds a list), sending
 *     the same requests through the same `affindaApi` credential;
 *   - plain: a Node http loop in a process of its own, one request at a time.
 * It prints, per workload, the ratio of our time to each other's time: the median over rounds of
 * the per-round ratio, and its range. Ratios, not times: the machine is shared and slow.
 *
 *   npm run bench                                  all workloads, 5 rounds
 *   BENCH_ROUNDS=3 BENCH_ONLY=search,returnAll npm run bench
 *   BENCH_JSON=bench.json npm run bench            also writes every figure as JSON
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startEmulator, type Emulator, type ReceivedRequest } from '../emulator';
import { packTarball } from '../helpers/package-build';
import { PROJECT_ROOT } from '../helpers/project-root';
import { AFFINDA_CREDENTIAL_TYPE, startRealN8n, type RealN8n } from '../helpers/real-n8n/real-n8n';
import type { Credential } from '../e2e/test-workflows';
import { measureEmulator } from './emulator-figures';
import {
	httpRequestWorkflow,
	jsonPost,
	multipartUpload,
	n8nContender,
	oursWorkflow,
	readFilesNode,
	type Timing,
} from './n8n-runs';
import { measurePackage } from './package-figures';
import { PlainLoop } from './plain-http';
import { formatRatio, formatTable, median, pairedRatios, type RatioSummary } from './stats';
import { measureUploadMemory } from './upload-memory';
import { startUploadSink, type UploadSink } from './upload-sink';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const KEY = 'bench-key';
const SEARCH_PATH = '/v2/resume_search';
const ONE_MB = 1024 * 1024;
/** The emulator's delay from upload to parsed, as it is by default. */
const PARSE_DELAY_MS = 300;

/** The criteria every search workload uses, as the panel's entries. */
const SEARCH_PARAMETERS: IDataObject = {
	resource: 'resume',
	operation: 'search',
	indices: ['all-resumes'],
	searchMode: 'custom',
	criteria: {
		jobTitles: { jobTitles: 'Software Engineer' },
		skills: { skills: { values: [{ name: 'Python', required: false }] } },
	},
	output: 'raw',
};

interface Workload {
	name: string;
	title: string;
	detail: string;
	rounds: number;
	/** Items every contender must produce. */
	expectedItems: number;
	target: string;
	/** Runs before each contender's run (a fresh rate-limit window). */
	beforeEach?: () => void;
	ours: () => Promise<Timing>;
	httpRequest: () => Promise<Timing>;
	plain: () => Promise<Timing>;
}

type ContenderName = 'ours' | 'httpRequest' | 'plain';
const CONTENDERS: ContenderName[] = ['ours', 'httpRequest', 'plain'];

interface WorkloadResult {
	name: string;
	title: string;
	detail: string;
	target: string;
	rounds: number;
	ms: Record<ContenderName, number[]>;
	failures: Record<ContenderName, string[]>;
	oursVsHttpRequest?: RatioSummary;
	oursVsPlain?: RatioSummary;
}

function log(message: string): void {
	process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

function pinnedItems(count: number): INodeExecutionData[] {
	return Array.from({ length: count }, (_, item) => ({ json: { item } }));
}

async function runWorkload(workload: Workload): Promise<WorkloadResult> {
	const result: WorkloadResult = {
		name: workload.name,
		title: workload.title,
		detail: workload.detail,
		target: workload.target,
		rounds: workload.rounds,
		ms: { ours: [], httpRequest: [], plain: [] },
		failures: { ours: [], httpRequest: [], plain: [] },
	};
	const once = async (contender: ContenderName): Promise<number | undefined> => {
		workload.beforeEach?.();
		try {
			const timing = await workload[contender]();
			if (timing.items !== workload.expectedItems) {
				throw new Error(`${timing.items} items, expected ${workload.expectedItems}`);
			}
			return timing.ms;
		} catch (error) {
			const message = (error as Error).message.split('\n')[0].slice(0, 300);
			result.failures[contender].push(message);
			log(`${workload.name}: ${contender} failed: ${message}`);
			return undefined;
		}
	};
	log(`${workload.name}: warming up`);
	for (const contender of CONTENDERS) await once(contender);
	result.failures = { ours: [], httpRequest: [], plain: [] };
	const paired: Record<ContenderName, number[]> = { ours: [], httpRequest: [], plain: [] };
	for (let round = 0; round < workload.rounds; round++) {
		// Each round starts with a different contender, so none always runs on a warmer machine.
		const order = CONTENDERS.map((_, i) => CONTENDERS[(i + round) % CONTENDERS.length]);
		const times: Partial<Record<ContenderName, number>> = {};
		for (const contender of order) times[contender] = await once(contender);
		for (const contender of CONTENDERS) {
			if (times[contender] !== undefined) result.ms[contender].push(times[contender]);
		}
		if (CONTENDERS.every((contender) => times[contender] !== undefined)) {
			for (const contender of CONTENDERS) paired[contender].push(times[contender] as number);
		}
		log(
			`${workload.name} round ${round + 1}/${workload.rounds}: ${CONTENDERS.map(
				(contender) => `${contender} ${times[contender]?.toFixed(0) ?? 'failed'} ms`,
			).join(', ')}`,
		);
	}
	if (paired.ours.length > 0) {
		result.oursVsHttpRequest = pairedRatios(paired.ours, paired.httpRequest);
		result.oursVsPlain = pairedRatios(paired.ours, paired.plain);
	}
	return result;
}

/** Text files of about `bytes` each: a real resume, then filler lines, each file different. */
function writeResumeFiles(folder: string, count: number, bytes: number, resume: string): string[] {
	mkdirSync(folder, { recursive: true });
	return Array.from({ length: count }, (_, index) => {
		const head = `${resume}\nReference ${index}\n`;
		const line = 'Additional experience and achievements, listed for length.\n';
		const filler = line.repeat(Math.max(0, Math.ceil((bytes - head.length) / line.length)));
		const path = join(folder, `resume-${String(index).padStart(3, '0')}.txt`);
		writeFileSync(path, (head + filler).slice(0, Math.max(bytes, head.length)));
		return path;
	});
}

/** What our node sends for SEARCH_PARAMETERS with Limit 5, captured on an emulator of its own. */
async function captureSearchRequest(n8n: RealN8n): Promise<ReceivedRequest> {
	const probe = await startEmulator({ key: KEY, resumeCount: 20 });
	try {
		const credential = await createCredential(n8n, 'Affinda (probe)', probe.url);
		const contender = await n8nContender(
			n8n,
			oursWorkflow('probe: search', credential, { ...SEARCH_PARAMETERS, limit: 5 }),
			['Affinda'],
		);
		await contender.run(pinnedItems(1));
		const search = probe.received.find((request) => request.path === SEARCH_PATH);
		if (!search) throw new Error('The probe search reached no emulator');
		return search;
	} finally {
		await probe.stop();
	}
}

function createCredential(n8n: RealN8n, name: string, baseUrl: string): Promise<Credential> {
	return n8n.client.createCredential(name, AFFINDA_CREDENTIAL_TYPE, {
		apiKey: KEY,
		region: 'custom',
		baseUrl,
	});
}

interface Setup {
	n8n: RealN8n;
	large: Emulator;
	small: Emulator;
	sink: UploadSink;
	files: string;
	largeFiles: string[];
	smallFiles: string[];
}

async function workloads(setup: Setup): Promise<Workload[]> {
	const { n8n, large, small, sink } = setup;
	const search = await captureSearchRequest(n8n);
	const query = new URLSearchParams(search.query as Record<string, string>).toString();
	const searchBody = search.body;
	log(`search request: POST ${SEARCH_PATH}?${query} ${JSON.stringify(searchBody)}`);

	const smallCredential = await createCredential(n8n, 'Affinda (emulator)', small.url);
	const largeCredential = await createCredential(n8n, 'Affinda (10,000 resumes)', large.url);
	const sinkCredential = await createCredential(n8n, 'Affinda (upload sink)', sink.url);
	const smallPlain = new PlainLoop(small.url, KEY);
	const largePlain = new PlainLoop(large.url, KEY);
	const sinkPlain = new PlainLoop(sink.url, KEY);
	const workspace = small.fixtures.workspaces.recruitment.identifier;
	const uploadParameters = (wait: boolean): IDataObject => ({
		resource: 'document',
		operation: 'upload',
		source: 'binary',
		binaryPropertyName: 'data',
		destination: 'workspace',
		workspace: { __rl: true, mode: 'id', value: workspace },
		wait,
	});
	const contender = (json: Parameters<typeof n8nContender>[1], timed: string[]) =>
		n8nContender(n8n, json, timed);
	const viaHttpRequest = ['HTTP Request', 'Split Out'];

	const list: Workload[] = [];
	const wanted = (name: string) => !ONLY || ONLY.includes(name);

	/** One search (Limit 5) per input item, on the small emulator, by ours and by HTTP Request. */
	const searchContenders = async (name: string, httpOptions: IDataObject = {}) => ({
		ours: await contender(
			oursWorkflow(`bench: ${name}`, smallCredential, { ...SEARCH_PARAMETERS, limit: 5 }),
			['Affinda'],
		),
		http: await contender(
			httpRequestWorkflow(
				`bench: ${name} (HTTP Request)`,
				smallCredential,
				{ ...jsonPost(`${small.url}${SEARCH_PATH}?${query}`, searchBody), options: httpOptions },
				{ splitField: 'results' },
			),
			viaHttpRequest,
		),
	});

	if (wanted('search')) {
		const items = 1000;
		const { ours, http } = await searchContenders('search');
		list.push({
			name: 'search',
			title: '1,000 items × Search (Limit 5)',
			detail: `emulator with ${small.stats.resumeCount} resumes`,
			rounds: ROUNDS,
			expectedItems: items * 5,
			target: '≤ 1.0× HTTP Request',
			ours: () => ours.run(pinnedItems(items)),
			httpRequest: () => http.run(pinnedItems(items)),
			plain: () => smallPlain.searchEach(items, `${SEARCH_PATH}?${query}`, searchBody),
		});
	}

	if (wanted('returnAll')) {
		const total = (await largePlain.searchAll(`${SEARCH_PATH}?limit=50&offset=0`, searchBody))
			.items;
		const ours = await contender(
			oursWorkflow('bench: return all', largeCredential, { ...SEARCH_PARAMETERS, returnAll: true }),
			['Affinda'],
		);
		const http = await contender(
			httpRequestWorkflow(
				'bench: return all (HTTP Request)',
				largeCredential,
				{
					...jsonPost(`${large.url}${SEARCH_PATH}?limit=50&offset=0`, searchBody),
					options: {
						pagination: {
							pagination: {
								paginationMode: 'responseContainsNextURL',
								nextURL: '={{ $response.body.next }}',
								paginationCompleteWhen: 'other',
								completeExpression: '={{ !$response.body.next }}',
							},
						},
					},
				},
				{ splitField: 'results' },
			),
			viaHttpRequest,
		);
		list.push({
			name: 'returnAll',
			title: `Return All: ${total.toLocaleString('en')} results`,
			detail: `${Math.ceil(total / 50)} pages of 50, emulator with ${large.stats.resumeCount.toLocaleString('en')} resumes`,
			rounds: ROUNDS,
			expectedItems: total,
			target: '≤ 1.0× HTTP Request, ≤ 1.1× plain',
			ours: () => ours.run(pinnedItems(1)),
			httpRequest: () => http.run(pinnedItems(1)),
			plain: () => largePlain.searchAll(`${SEARCH_PATH}?limit=50&offset=0`, searchBody),
		});
	}

	/** Files read from disk by n8n (not timed), then uploaded by ours, HTTP Request, or the loop. */
	const uploadWorkload = async (upload: {
		name: string;
		title: string;
		detail: string;
		target: string;
		folder: string;
		files: string[];
		baseUrl: string;
		credential: Credential;
		plain: PlainLoop;
		wait: boolean;
	}): Promise<Workload> => {
		const source = readFilesNode('Read Files', join(setup.files, upload.folder, '*.txt'));
		const fields = { workspace, wait: String(upload.wait) };
		const ours = await contender(
			oursWorkflow(
				`bench: ${upload.name}`,
				upload.credential,
				uploadParameters(upload.wait),
				source,
			),
			['Affinda'],
		);
		const http = await contender(
			httpRequestWorkflow(
				`bench: ${upload.name} (HTTP Request)`,
				upload.credential,
				multipartUpload(`${upload.baseUrl}/v3/documents`, fields),
				{ source },
			),
			['HTTP Request'],
		);
		return {
			...upload,
			rounds: ROUNDS,
			expectedItems: upload.files.length,
			ours: () => ours.run(),
			httpRequest: () => http.run(),
			plain: () => upload.plain.uploadEach(upload.files, fields),
		};
	};
	if (wanted('uploads')) {
		list.push(
			await uploadWorkload({
				name: 'uploads',
				title: `${setup.largeFiles.length} uploads of 1 MB, Wait off`,
				detail: 'filesystem binary mode; a sink that reads the body and answers 201',
				target: '≤ 1.0× HTTP Request',
				folder: 'large',
				files: setup.largeFiles,
				baseUrl: sink.url,
				credential: sinkCredential,
				plain: sinkPlain,
				wait: false,
			}),
		);
	}
	if (wanted('waitOn')) {
		list.push(
			await uploadWorkload({
				name: 'waitOn',
				title: `${setup.smallFiles.length} uploads, Wait for Parsing on`,
				detail: `emulator, parse delay ${PARSE_DELAY_MS} ms; HTTP Request sends wait=true`,
				target: '≤ 1.2× HTTP Request (wait=true)',
				folder: 'small',
				files: setup.smallFiles,
				baseUrl: small.url,
				credential: smallCredential,
				plain: smallPlain,
				wait: true,
			}),
		);
	}

	if (wanted('rateLimited')) {
		const items = 100;
		const limit = 10;
		// Without batching, HTTP Request sends all 100 at once and 90 fail: a user must pace it.
		const { ours, http } = await searchContenders('rate limited', {
			batching: { batch: { batchSize: limit, batchInterval: 1000 } },
		});
		list.push({
			name: 'rateLimited',
			title: `${items} searches under a ${limit} req/s limit`,
			detail: `emulator answers 429 + Retry-After beyond ${limit} per second; HTTP Request batches ${limit} per second, plain sleeps for Retry-After`,
			rounds: Math.min(ROUNDS, 3),
			expectedItems: items * 5,
			target: 'all succeed, ≥ 90 % of the allowed rate',
			beforeEach: () => small.setFaults({ rateLimitPerSecond: limit }),
			ours: () => ours.run(pinnedItems(items)),
			httpRequest: () => http.run(pinnedItems(items)),
			plain: () =>
				smallPlain.searchEachRespectingRetryAfter(items, `${SEARCH_PATH}?${query}`, searchBody),
		});
	}
	return list;
}

function machine(): IDataObject {
	const cpu = cpus();
	return {
		cpu: `${cpu.length} × ${cpu[0]?.model ?? 'unknown'}`,
		memoryGb: Math.round(totalmem() / 1024 ** 3),
		node: process.version,
		loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
	};
}

function report(results: WorkloadResult[], extra: IDataObject, machineInfo: IDataObject): string {
	const rows = results.map((result) => [
		result.title,
		formatRatio(result.oursVsHttpRequest),
		formatRatio(result.oursVsPlain),
		...CONTENDERS.map((contender) =>
			result.ms[contender].length > 0 ? median(result.ms[contender]).toFixed(0) : 'failed',
		),
		result.target,
	]);
	const failures = results.flatMap((result) =>
		CONTENDERS.flatMap((contender) =>
			result.failures[contender].map((message) => `  ${result.name}, ${contender}: ${message}`),
		),
	);
	return [
		'',
		`n8n-nodes-affinda benchmark: ours / HTTP Request node and ours / plain loop, median (range) of per-round ratios`,
		`machine: ${machineInfo.cpu}, ${machineInfo.memoryGb} GB, Node ${machineInfo.node}, load ${String(machineInfo.loadAverage)}`,
		'',
		formatTable(
			['Workload', 'ours/HTTP', 'ours/plain', 'ours ms', 'HTTP ms', 'plain ms', 'Target'],
			rows,
		),
		'',
		...Object.entries(extra).map(([name, value]) => `${name}: ${String(value)}`),
		...(failures.length > 0 ? ['', 'failed runs:', ...failures] : []),
		'',
	].join('\n');
}

async function main(): Promise<void> {
	const started = performance.now();
	const machineAtStart = machine();
	const work = mkdtempSync(join(tmpdir(), 'affinda-bench-'));
	const cleanups: Array<() => Promise<unknown> | void> = [
		() => rmSync(work, { recursive: true, force: true }),
	];
	try {
		log('packing the package');
		const tarball = await packTarball(PROJECT_ROOT, join(work, 'tarball'));

		log('starting emulators and n8n');
		const large = await startEmulator({ key: KEY, resumeCount: 10_000, recordRequests: false });
		cleanups.push(() => large.stop());
		const small = await startEmulator({
			key: KEY,
			resumeCount: 200,
			parseDelayMs: PARSE_DELAY_MS,
			recordRequests: false,
		});
		cleanups.push(() => small.stop());
		const sink = await startUploadSink(KEY, ONE_MB);
		cleanups.push(() => sink.stop());

		const files = join(work, 'files');
		const resume = readFileSync(small.fixtures.sampleFiles.resumeText, 'utf8');
		const largeFiles = writeResumeFiles(join(files, 'large'), 200, ONE_MB, resume);
		const smallFiles = writeResumeFiles(join(files, 'small'), 20, 0, resume);

		const n8n = await startRealN8n({
			packageTarball: tarball,
			env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem', N8N_RESTRICT_FILE_ACCESS_TO: files },
		});
		cleanups.push(() => n8n.stop());
		log(`n8n ${n8n.n8nVersion} ready at ${n8n.baseUrl}`);

		const results: WorkloadResult[] = [];
		for (const workload of await workloads({
			n8n,
			large,
			small,
			sink,
			files,
			largeFiles,
			smallFiles,
		})) {
			results.push(await runWorkload(workload));
		}
		await n8n.stop(); // its CPU is not to weigh on the figures below

		log('measuring the package and the emulator');
		const packageFigures = await measurePackage(tarball);
		const emulatorFigures = await measureEmulator();
		log('measuring memory while uploading');
		const memory = [
			await measureUploadMemory('filesystem', sink.url, KEY),
			await measureUploadMemory('memory', sink.url, KEY),
			await measureUploadMemory('memory', sink.url, KEY, { countDeadBuffers: true }),
		];
		const extra: IDataObject = {
			'package, unpacked': `${(packageFigures.unpackedBytes / 1000).toFixed(1)} kB (target ≤ 150 kB), ${packageFigures.files} files, tarball ${(packageFigures.tarballBytes / 1000).toFixed(1)} kB`,
			'require() of the package': `${packageFigures.requireCpuMs.toFixed(1)} ms CPU, ${packageFigures.requireWallMs.toFixed(1)} ms wall, medians of ${packageFigures.requireSamples.length} fresh processes (target ≤ 30 ms)`,
			...Object.fromEntries(
				memory.map((figure) =>
					figure.deadBuffersCounted
						? [
								`memory, the same, ${figure.mode} binary mode, counting dead buffers V8 had not yet freed`,
								`${(figure.peakGrowthBytes / ONE_MB).toFixed(1)} MB = ${figure.peakGrowthInFiles.toFixed(1)}× one file (for comparison: garbage, freed on V8's background thread)`,
							]
						: [
								`memory growth, ${figure.files} uploads of 1 MB, ${figure.mode} binary mode`,
								`${(figure.peakGrowthBytes / ONE_MB).toFixed(1)} MB at most held alive (heap + buffers) = ${figure.peakGrowthInFiles.toFixed(1)}× one file (target ≤ 3×)`,
							],
				),
			),
			'emulator, 10,000 resumes generated': `${emulatorFigures.generation10kMs.toFixed(0)} ms median`,
			'emulator, wait=true answered after the parse delay': `+${emulatorFigures.waitAnswerLateMs.toFixed(0)} ms median (delay ${emulatorFigures.parseDelayMs} ms)`,
		};
		const machineInfo = { ...machineAtStart, loadAverageAtEnd: machine().loadAverage };
		process.stdout.write(report(results, extra, machineAtStart));
		log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
		if (process.env.BENCH_JSON) {
			writeFileSync(
				process.env.BENCH_JSON,
				JSON.stringify(
					{
						machine: machineInfo,
						rounds: ROUNDS,
						results,
						packageFigures,
						memory,
						emulatorFigures,
					},
					null,
					2,
				),
			);
		}
	} finally {
		// Last started, first stopped.
		for (const cleanup of cleanups.reverse()) await cleanup();
	}
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? String(error)}\n`);
	process.exitCode = 1;
});
