/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
/**
 * Benchmarks of the node against the emulator, each beside a baseline measured in the same run:
 * the same requests sent with plain HTTP (fetch, or the form-data package for multipart), so the
 * figure that matters is the node's overhead, not the machine's speed.
 *
 *   npm run bench            (builds first; prints a table and JSON)
 */
import '../helpers/jest/setup-env';

import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { basename } from 'node:path';

import FormData from 'form-data';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import { affindaCredentials, affindaWorkflow, AFFINDA_NODE_NAME } from '../helpers/in-process-workflow';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const SEARCH_BODY_CRITERIA = {
	jobTitles: 'Software Engineer',
	skills: { values: [{ name: 'Python', required: false }] },
};

interface Measurement {
	scenario: string;
	nodeMedianMs: number;
	baselineMedianMs: number;
	overheadPercent: number;
	detail: string;
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run: () => Promise<unknown>): Promise<number> {
	const started = process.hrtime.bigint();
	await run();
	return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Alternates node and baseline runs so drift in the machine's load hits both alike. */
async function compare(
	scenario: string,
	node: () => Promise<unknown>,
	baseline: () => Promise<unknown>,
	detail: string,
): Promise<Measurement> {
	await node();
	await baseline(); // warm both paths once
	const nodeTimes: number[] = [];
	const baselineTimes: number[] = [];
	for (let repeat = 0; repeat < REPEATS; repeat++) {
		nodeTimes.push(await timed(node));
		baselineTimes.push(await timed(baseline));
	}
	const nodeMedianMs = median(nodeTimes);
	const baselineMedianMs = median(baselineTimes);
	return {
		scenario,
		nodeMedianMs: Math.round(nodeMedianMs),
		baselineMedianMs: Math.round(baselineMedianMs),
		overheadPercent: Math.round(((nodeMedianMs - baselineMedianMs) / baselineMedianMs) * 100),
		detail,
	};
}

function expectCount(items: INodeExecutionData[], expected: number, what: string) {
	if (items.length !== expected)
		throw new Error(`${what}: ${items.length} items, expected ${expected}`);
}

/** Return All by hand: POST, follow `next` with the same body, until there is none. */
async function searchAllWithFetch(emulator: Emulator, body: IDataObject): Promise<IDataObject[]> {
	const results: IDataObject[] = [];
	let url: string | null = `${emulator.url}/v2/resume_search?limit=50&offset=0`;
	while (url) {
		const response = await fetch(url, {
			method: 'POST',
			headers: {
				authorization: `Bearer ${emulator.fixtures.key}`,
				'content-type': 'application/json',
			},
			body: JSON.stringify(body),
		});
		const page = (await response.json()) as { next: string | null; results: IDataObject[] };
		results.push(...page.results);
		url = page.next;
	}
	return results;
}

function uploadWithFormData(
	emulator: Emulator,
	file: Buffer,
	fileName: string,
): Promise<IDataObject> {
	const form = new FormData();
	form.append('file', file, { filename: fileName, contentType: 'text/plain' });
	form.append('workspace', emulator.fixtures.workspaces.recruitment.identifier);
	form.append('wait', 'true');
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			`${emulator.url}/v3/documents`,
			{
				method: 'POST',
				headers: { ...form.getHeaders(), authorization: `Bearer ${emulator.fixtures.key}` },
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
			},
		);
		request.on('error', reject);
		form.pipe(request);
	});
}

async function main() {
	const emulator = await startEmulator({
		resumeCount: 10_000,
		parseDelayMs: 0,
		recordRequests: false,
	});
	const credentials = affindaCredentials(emulator.url, emulator.fixtures.key);
	const indices = [emulator.fixtures.indices.resumes];
	const measurements: Measurement[] = [];
	try {
		const total = (
			await searchAllWithFetch(emulator, {
				indices,
				jobTitles: ['Software Engineer'],
				skills: [{ name: 'Python', required: false }],
			})
		).length;

		const returnAll = affindaWorkflow({
			resource: 'resume',
			operation: 'search',
			indices,
			searchMode: 'custom',
			criteria: SEARCH_BODY_CRITERIA,
			returnAll: true,
			simplify: false,
		});
		measurements.push(
			await compare(
				'Search, Return All',
				async () =>
					expectCount(
						(await runWorkflow(returnAll, { credentials })).output(AFFINDA_NODE_NAME),
						total,
						'node',
					),
				() =>
					searchAllWithFetch(emulator, {
						indices,
						jobTitles: ['Software Engineer'],
						skills: [{ name: 'Python', required: false }],
					}),
				`${total} results over ${Math.ceil(total / 50)} pages from 10,000 resumes`,
			),
		);

		const inputs = Array.from({ length: 20 }, () => ({ json: {} }));
		const limitSearch = affindaWorkflow({
			resource: 'resume',
			operation: 'search',
			indices,
			searchMode: 'custom',
			criteria: SEARCH_BODY_CRITERIA,
			limit: 50,
		});
		measurements.push(
			await compare(
				'Search, Limit 50, 20 items',
				async () =>
					expectCount(
						(await runWorkflow(limitSearch, { credentials, input: inputs })).output(
							AFFINDA_NODE_NAME,
						),
						1000,
						'node',
					),
				async () => {
					for (let item = 0; item < inputs.length; item++) {
						await fetch(`${emulator.url}/v2/resume_search?limit=50&offset=0`, {
							method: 'POST',
							headers: {
								authorization: `Bearer ${emulator.fixtures.key}`,
								'content-type': 'application/json',
							},
							body: JSON.stringify({
								indices,
								jobTitles: ['Software Engineer'],
								skills: [{ name: 'Python', required: false }],
							}),
						}).then((response) => response.json());
					}
				},
				'20 input items, one page of 50 each',
			),
		);

		const filePath = emulator.fixtures.sampleFiles.resumeText;
		const file = readFileSync(filePath);
		const binary = await storeBinaryFile(file, basename(filePath), 'text/plain');
		const uploadItems = Array.from({ length: 10 }, () => ({ json: {}, binary: { data: binary } }));
		const upload = affindaWorkflow({
			resource: 'document',
			operation: 'upload',
			source: 'binary',
			binaryPropertyName: 'data',
			destination: 'workspace',
			workspace: {
				__rl: true,
				mode: 'id',
				value: emulator.fixtures.workspaces.recruitment.identifier,
			},
			wait: true,
		});
		measurements.push(
			await compare(
				'Upload with Wait for Parsing, 10 items',
				async () =>
					expectCount(
						(await runWorkflow(upload, { credentials, input: uploadItems })).output(
							AFFINDA_NODE_NAME,
						),
						10,
						'node',
					),
				async () => {
					for (let item = 0; item < uploadItems.length; item++) {
						await uploadWithFormData(emulator, file, basename(filePath));
					}
				},
				'10 text resumes, filesystem binary mode, parse delay 0',
			),
		);
	} finally {
		await emulator.stop();
		stopN8nCoreTimers();
	}

	const rows = measurements.map(
		(m) =>
			`${m.scenario.padEnd(40)} node ${String(m.nodeMedianMs).padStart(6)} ms   plain HTTP ${String(m.baselineMedianMs).padStart(6)} ms   overhead ${String(m.overheadPercent).padStart(4)} %   (${m.detail})`,
	);
	process.stdout.write(
		`\nn8n-nodes-affinda benchmarks (median of ${REPEATS}, node vs plain HTTP in the same run)\n\n${rows.join('\n')}\n\n${JSON.stringify({ repeats: REPEATS, measurements }, null, 2)}\n`,
	);
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exitCode = 1;
});
