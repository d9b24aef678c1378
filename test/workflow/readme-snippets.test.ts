// Every Affinda node snippet of the README and its reference (found by reading README.md and
// REFERENCE.md: a snippet added later runs here too) imported into an in-process n8n on the node's current version and run against the
// emulator, which validates each request as the service would: the snippet runs without a refused
// parameter, the service accepts what it sends, and every weight it sets arrives under its own
// name with its value. A parameter the node does not read (as the pre-release Match Detail
// `weights` were) would be dropped without a word: not here. A snippet of several nodes runs as
// the README chains them, each fed the item the one before it made.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readFile } from 'node:fs/promises';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import { NODE_TYPES } from '../helpers/node-parameters';
import { AFFINDA, readmeSnippets } from '../helpers/readme-snippets';

/**
 * The README's sample identifiers, and what stands for each in the emulator: a snippet naming
 * one the table lacks fails on the service's 404, so a new sample gets its row here.
 */
function emulatorIdentifiers(emulator: Emulator): Record<string, string> {
	const { fixtures } = emulator;
	return {
		hTkJbqVn: fixtures.workspaces.recruitment.identifier,
		mEFayXdO: fixtures.resumes[0].identifier,
		XjLcNvSu: fixtures.jobDescriptions[0].identifier,
	};
}

/** What the snippets' expressions read from the input item ($json.x), for the emulator. */
function inputValues(emulator: Emulator): IDataObject {
	return {
		messageId: 'readme-message-1',
		annotationId: emulator.fixtures.invoices[0].annotationIds[0],
		correctedValue: 'Contoso Ltd',
	};
}

/** The snippet with the README's identifiers swapped for the emulator's. */
function onEmulator(parameters: INodeParameters, identifiers: Record<string, string>) {
	let text = JSON.stringify(parameters);
	for (const [readme, emulated] of Object.entries(identifiers))
		text = text.split(readme).join(emulated);
	return JSON.parse(text) as INodeParameters;
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

/** One input item holding the files the snippet names, beside `json`. */
async function inputFor(
	parameters: INodeParameters,
	json: IDataObject,
	emulator: Emulator,
): Promise<INodeExecutionData[]> {
	const fileNames = String(parameters.binaryPropertyName ?? '')
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	const file = await readFile(emulator.fixtures.sampleFiles.resumePdf);
	const binary = Object.fromEntries(
		await Promise.all(
			fileNames.map(async (name) => [
				name,
				await storeBinaryFile(file, 'marcus-webb.pdf', 'application/pdf'),
			]),
		),
	);
	return [{ json, ...(fileNames.length > 0 ? { binary } : {}) }];
}

const chains = readmeSnippets()
	.filter(({ parameters = [] }) => parameters.length > 0)
	.map(({ block, parameters = [] }) => ({
		label: `${block.file ?? 'README.md'}:${block.line} ${parameters
			.map((snippet) => `${String(snippet.resource)} → ${String(snippet.operation)}`)
			.join(', then ')}`,
		chain: parameters,
	}));

describe("the README's node snippets, run in-process against the emulator", () => {
	let emulator: Emulator;

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 40, jobDescriptionCount: 10, seed: 5 });
	});
	afterAll(async () => {
		await emulator?.stop();
		stopN8nCoreTimers();
	});

	test('are found in the README', () => {
		expect(chains.flatMap(({ chain }) => chain).length).toBeGreaterThan(4);
	});

	test.each(chains)(
		'$label runs, the service accepts it, its weights reach the wire',
		async ({ chain }) => {
			let json = inputValues(emulator);
			for (const snippet of chain) {
				const parameters = onEmulator(snippet, emulatorIdentifiers(emulator));
				emulator.clearReceived();
				const result = await runWorkflow(
					affindaWorkflow(parameters as IDataObject, {
						typeVersion: NODE_TYPES[AFFINDA].defaultVersion,
					}),
					{
						credentials: affindaCredentials(emulator.url, emulator.fixtures.key),
						input: await inputFor(parameters, json, emulator),
					},
				);
				expect(result.error()?.message).toBeUndefined();
				expect(result.run.status).toBe('success');
				const output = result.output(AFFINDA_NODE_NAME);
				expect(output.length).toBeGreaterThan(0);
				expect(emulator.received.length).toBeGreaterThan(0);
				expect(emulator.received.map(({ method, path }) => `${method} ${path}`)).toEqual(
					expect.arrayContaining([expect.stringMatching(/^(GET|POST|PATCH|DELETE) \/v[23]\//)]),
				);
				const weights = weightsIn(parameters);
				if (Object.keys(weights).length > 0) {
					const sent = emulator.received.filter(({ method }) => method === 'POST');
					expect(sent.length).toBeGreaterThan(0);
					for (const { body } of sent) expect(body).toMatchObject(weights);
				}
				json = { ...inputValues(emulator), ...output[0].json };
			}
		},
	);
});
