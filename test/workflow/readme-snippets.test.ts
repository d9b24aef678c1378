// Every Affinda node snippet of the README (found by reading README.md: a snippet added later runs
// here too) imported into an in-process n8n on the node's current version and run against a
// recording server: it runs without a refused parameter, reaches the wire, and every weight it
// sets arrives under its own name with its value. A parameter the node does not read (as
// the pre-release Match Detail `weights` were) would be dropped without a word: not here.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { documentAnswer } from '../helpers/document-answers';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import { NODE_TYPES } from '../helpers/node-parameters';
import { AFFINDA, readmeSnippets } from '../helpers/readme-snippets';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';

/** The service's answers, just enough for every operation to finish. */
function answer(method: string, path: string, body: unknown): unknown {
	if (method === 'POST' && path === '/v3/documents') return documentAnswer('docReadme');
	if (path.includes('/suggestion_')) return ['Python', 'Django'];
	if (Array.isArray(body)) return body.map((entry, n) => ({ id: n + 1, ...(entry as object) }));
	if (/search$/.test(path)) {
		return { count: 1, next: null, previous: null, results: [{ identifier: 'r1', score: 0.9 }] };
	}
	return { identifier: 'r1' };
}

/** Every `name: value` in the parameters whose name ends in Weight, wherever it is nested. */
function weightsIn(value: unknown): IDataObject {
	if (typeof value !== 'object' || value === null) return {};
	return Object.entries(value).reduce<IDataObject>(
		(found, [name, entry]) =>
			name.endsWith('Weight') && typeof entry === 'number'
				? { ...found, [name]: entry }
				: { ...found, ...weightsIn(entry) },
		{},
	);
}

/** One input item holding what the snippet's expressions read ($json.x) and the files it names. */
async function inputFor(parameters: INodeParameters): Promise<INodeExecutionData[]> {
	const text = JSON.stringify(parameters);
	const json = Object.fromEntries(
		[...text.matchAll(/\$json\.(\w+)/g)].map(([, name]) => [name, 101]),
	);
	const fileNames = String(parameters.binaryPropertyName ?? '')
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	const binary = Object.fromEntries(
		await Promise.all(
			fileNames.map(async (name) => [
				name,
				await storeBinaryFile(Buffer.from('%PDF-1.7\nJane Doe'), 'jane.pdf', 'application/pdf'),
			]),
		),
	);
	return [{ json, ...(fileNames.length > 0 ? { binary } : {}) }];
}

const nodeSnippets = readmeSnippets().flatMap(({ block, parameters = [] }) =>
	parameters.map((snippet, n) => ({
		label: `README.md:${block.line}${parameters.length > 1 ? ` [${n}]` : ''} ${String(snippet.resource)} → ${String(snippet.operation)}`,
		parameters: snippet,
	})),
);

describe("the README's node snippets, run in-process on the node's current version", () => {
	let server: RecordingServer;

	beforeEach(async () => {
		server = await startRecordingServer(({ method, path, body }) => ({
			body: answer(method, path, body),
		}));
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('are found in the README', () => {
		expect(nodeSnippets.length).toBeGreaterThan(4);
	});

	test.each(nodeSnippets)('$label runs and its weights reach the wire', async ({ parameters }) => {
		const result = await runWorkflow(
			affindaWorkflow(parameters as IDataObject, {
				typeVersion: NODE_TYPES[AFFINDA].defaultVersion,
			}),
			{ credentials: affindaCredentials(server.url), input: await inputFor(parameters) },
		);
		expect(result.error()?.message).toBeUndefined();
		expect(result.run.status).toBe('success');
		expect(result.output(AFFINDA_NODE_NAME).length).toBeGreaterThan(0);
		expect(server.requests.length).toBeGreaterThan(0);
		const weights = weightsIn(parameters);
		if (Object.keys(weights).length > 0) {
			for (const { body } of server.requests) expect(body).toMatchObject(weights);
		}
	});
});
