/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import {
	CUSTOM_TYPE_DOCUMENT,
	CUSTOM_TYPE_ROW,
	LEGACY_CV,
	NEXTGEN_COMPACT_CV,
	NEXTGEN_COMPACT_CV_OTHER_NAMES,
	NEXTGEN_CV,
	SAME_CV_ROW,
} from '../fixtures/documents/same-cv';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Output (Flat Row, the default; Parsed Data; Raw Response) of Document → Upload, Get, Get Many and
 * Resume → Parse: against a recording server that answers each schema of the same CV, and against
 * the emulator's legacy and NextGen workspaces end to end.
 */

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

describe('Output, on the wire, against a recording server', () => {
	let server: RecordingServer;
	let answer: IDataObject;
	beforeAll(async () => {
		server = await startRecordingServer(() => ({ body: answer }));
	});
	afterEach(() => server.requests.splice(0));
	afterAll(async () => {
		await server.stop();
		stopN8nCoreTimers();
	});
	const run = async (parameters: IDataObject, settings = {}) =>
		await runWorkflow(
			affindaWorkflow(
				{ resource: 'document', identifier: locator('cvAdaQ01'), ...parameters },
				settings,
			),
			{
				credentials: affindaCredentials(server.url),
			},
		);

	test.each([
		['legacy', LEGACY_CV],
		['NextGen, annotated', NEXTGEN_CV],
		['NextGen, compact', NEXTGEN_COMPACT_CV],
		['NextGen, compact, other names', NEXTGEN_COMPACT_CV_OTHER_NAMES],
	])('Get of the same CV, %s: one GET, and exactly the default row', async (_form, document) => {
		answer = document;
		const { output } = await run({ operation: 'get' });
		expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v3/documents/cvAdaQ01', {}],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([SAME_CV_ROW]);
		expect(output(AFFINDA_NODE_NAME)[0].pairedItem).toEqual({ item: 0 });
	});

	test('a custom document type: identifier, documentType, then its fields', async () => {
		answer = CUSTOM_TYPE_DOCUMENT;
		const { output } = await run({ operation: 'get' });
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual(CUSTOM_TYPE_ROW);
	});

	test('Confidence Threshold, Include Fields and Lists As are the row options', async () => {
		answer = NEXTGEN_CV;
		const { output } = await run({
			operation: 'get',
			options: { confidenceThreshold: 0.9, includeFields: ['currentEmployer'], listsAs: 'array' },
		});
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual({
			...SAME_CV_ROW,
			skills: ['Python', 'SQL', 'Airflow'],
			currentEmployer: 'Contoso',
			needsReview: true,
			lowConfidenceFields: ['fullName', 'lastName', 'skills'],
		});
	});

	test.each([['__proto__'], ['constructor'], ['prototype']])(
		'a Custom Data Point named %s is refused before any request',
		async (slug) => {
			answer = NEXTGEN_CV;
			const { error } = await run({
				operation: 'get',
				options: { customDataPoints: `skills, ${slug}` },
			});
			expect(error()?.message).toBe(
				`Parameter "Custom Data Points" (customDataPoints) is ["${slug}"], but must be slugs of your data points, other than __proto__, constructor and prototype [item 0]`,
			);
			expect(server.requests).toHaveLength(0);
		},
	);

	test('names n8n keeps out of expressions (binding, mainModule, __defineGetter__) are columns like any other, as Custom Data Points and as another type’s fields', async () => {
		const odd = {
			binding: 'B-7',
			mainModule: 'core',
			__defineGetter__: 'g',
			__lookupSetter__: 's',
		};
		answer = JSON.parse(
			JSON.stringify({
				...CUSTOM_TYPE_DOCUMENT,
				data: { ...(CUSTOM_TYPE_DOCUMENT.data as IDataObject), ...odd },
			}).replace('"binding":', '"constructor":"c","prototype":"p","binding":'),
		) as IDataObject;
		const { output, error } = await run({
			operation: 'get',
			options: { customDataPoints: 'binding, mainModule, __defineGetter__' },
		});
		expect(error()).toBeUndefined();
		const row = output(AFFINDA_NODE_NAME)[0].json;
		expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
		for (const [name, value] of Object.entries(odd)) {
			expect(Object.getOwnPropertyDescriptor(row, name)).toEqual({
				value,
				writable: true,
				enumerable: true,
				configurable: true,
			});
		}
		// The three a row never holds are left out of another type's row.
		expect(Object.hasOwn(row, 'constructor') || Object.hasOwn(row, 'prototype')).toBe(false);
		for (const value of Object.values(row)) expect(typeof value).not.toBe('function');
	});

	test('a row is a plain object of own data: no live functions, no prototype from the document', async () => {
		// As the service's JSON arrives: "__proto__" an own field of the parsed answer.
		answer = JSON.parse(
			JSON.stringify({
				...CUSTOM_TYPE_DOCUMENT,
				data: { ...(CUSTOM_TYPE_DOCUMENT.data as IDataObject), nested: { deeper: 1 } },
			}).replace(
				'"nested":{',
				'"__proto__":{"isAdmin":true},"nested":{"__proto__":{"isAdmin":true},',
			),
		) as IDataObject;
		const { output } = await run({
			operation: 'get',
			options: { customDataPoints: 'toString, hasOwnProperty, valueOf' },
		});
		const row = output(AFFINDA_NODE_NAME)[0].json;
		expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
		expect((row as IDataObject & { isAdmin?: unknown }).isAdmin).toBeUndefined();
		expect(row).toMatchObject({ toString: null, hasOwnProperty: null, valueOf: null });
		for (const value of Object.values(row)) expect(typeof value).not.toBe('function');
		expect(JSON.stringify(row)).not.toMatch(/isAdmin/);
	});

	test('a value nested 20,000 levels deep: a clear error, not a stack overflow', async () => {
		const deep = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
		// Sent as text: the answer is deeper than JSON.stringify itself goes.
		const text = JSON.stringify({
			...CUSTOM_TYPE_DOCUMENT,
			data: { ...(CUSTOM_TYPE_DOCUMENT.data as IDataObject), deep: 'DEEP' },
		}).replace('"DEEP"', deep);
		server.respondWith(() => ({ text, headers: { 'content-type': 'application/json' } }));
		const { error } = await run({ operation: 'get' }).finally(() =>
			server.respondWith(() => ({ body: answer })),
		);
		expect(error()?.message).toBe(
			'A value in the document is nested more than 100 levels deep, more than a Flat Row reads: choose Output → Parsed Data or Raw Response for this document [item 0]',
		);
	});

	test('Protect Against Formulas (on by default): formula text gets a leading quote, phone numbers and numbers stay', async () => {
		const data = {
			...(CUSTOM_TYPE_DOCUMENT.data as IDataObject),
			formula: '=HYPERLINK("https://attacker.example","Click")',
			plus: '+SUM(A1:A9)',
			at: '@cmd',
			tab: '\t=1',
			phone: '+61 412 345 678',
			negative: '-3.5',
			list: ['Python', '-2+3', '=1+1'],
		};
		answer = { ...CUSTOM_TYPE_DOCUMENT, data };
		const protectedRow = (await run({ operation: 'get', options: { listsAs: 'array' } })).output(
			AFFINDA_NODE_NAME,
		)[0].json;
		expect(protectedRow).toMatchObject({
			formula: '\'=HYPERLINK("https://attacker.example","Click")',
			plus: "'+SUM(A1:A9)",
			at: "'@cmd",
			tab: "'\t=1",
			phone: '+61 412 345 678',
			negative: '-3.5',
			list: ['Python', "'-2+3", "'=1+1"],
		});
		const asGiven = (
			await run({ operation: 'get', options: { listsAs: 'array', protectAgainstFormulas: false } })
		).output(AFFINDA_NODE_NAME)[0].json;
		expect(asGiven).toMatchObject({ formula: data.formula, list: data.list });
		const parsed = (await run({ operation: 'get', output: 'document' })).output(
			AFFINDA_NODE_NAME,
		)[0].json;
		expect(parsed.data).toMatchObject({ formula: data.formula });
	});

	test('Protect Against Formulas on long hostile text: a long digit run ending in a letter is quoted, a long number stays (its pattern is linear: unit/linear-patterns)', async () => {
		const digits = '0'.repeat(20_000);
		const data = {
			...(CUSTOM_TYPE_DOCUMENT.data as IDataObject),
			firstName: `-${digits}x`,
			spaced: `+${' '.repeat(20_000)}=1`,
			longNumber: `-${digits}`,
			landline: '(02) 9999-9999',
			signedPhone: '-(02) 9999 9999',
		};
		answer = { ...CUSTOM_TYPE_DOCUMENT, data };
		const row = (await run({ operation: 'get' })).output(AFFINDA_NODE_NAME)[0].json;
		expect(row).toMatchObject({
			firstName: `'-${digits}x`,
			spaced: `'+${' '.repeat(20_000)}=1`,
			longNumber: `-${digits}`,
			landline: '(02) 9999-9999',
			signedPhone: '-(02) 9999 9999',
		});
	});

	test('Parsed Data and Raw Response: the simplified document, and the answer unchanged', async () => {
		answer = NEXTGEN_CV;
		const parsed = (await run({ operation: 'get', output: 'document' })).output(
			AFFINDA_NODE_NAME,
		)[0].json;
		expect(parsed).toMatchObject({
			identifier: 'cvAdaQ01',
			extractor: 'resume-v4-custom_field_type',
			data: NEXTGEN_CV.data,
		});
		const raw = (await run({ operation: 'get', output: 'raw' })).output(AFFINDA_NODE_NAME)[0].json;
		expect(raw).toEqual(NEXTGEN_CV);
	});

	test('Get Many as rows asks for the parsed data (include_data), one row per document', async () => {
		answer = { count: 2, next: null, previous: null, results: [LEGACY_CV, NEXTGEN_COMPACT_CV] };
		const { output } = await run({ operation: 'getMany', limit: 2 });
		expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v3/documents', { limit: '2', include_data: 'true' }],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => item.json)).toEqual([SAME_CV_ROW, SAME_CV_ROW]);
		// Include Data set by the person is kept as they set it.
		await run({ operation: 'getMany', limit: 2, options: { include_data: false } });
		expect(server.requests[1].query).toEqual({ limit: '2', include_data: 'false' });
	});

	test.each([
		[
			{ confidenceThreshold: 1.5 },
			'Parameter "Confidence Threshold" (confidenceThreshold) is 1.5, but must be a number from 0 to 1',
		],
		[
			{ includeFields: ['country', 'shoeSize'] },
			'Parameter "Include Fields" (includeFields) is ["shoeSize"]',
		],
	])(
		'bad row option %j: refused before any request, naming it; with Continue on Fail, on the error output',
		async (options, message) => {
			answer = LEGACY_CV;
			const stopped = await run({ operation: 'get', options });
			expect(stopped.error()?.message).toContain(message);
			const continued = await run(
				{ operation: 'get', options },
				{ onError: 'continueErrorOutput' },
			);
			expect(continued.output(AFFINDA_NODE_NAME, 1)).toEqual([
				expect.objectContaining({
					json: expect.objectContaining({ error: expect.stringContaining(message) }),
					pairedItem: { item: 0 },
				}),
			]);
			expect(server.requests).toEqual([]);
		},
	);
});

describe('Output against the emulator: the legacy and the NextGen workspace', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await startEmulator({
			resumeCount: 20,
			jobDescriptionCount: 2,
			parseDelayMs: 20,
			nextGen: true,
		});
	});
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	async function sampleCv(): Promise<INodeExecutionData> {
		const path = emulator.fixtures.sampleFiles.resumeText;
		return {
			json: {},
			binary: { data: await storeBinaryFile(readFileSync(path), basename(path), 'text/plain') },
		};
	}

	const parse = async (workspace: string, parameters: IDataObject = {}) =>
		await runWorkflow(
			affindaWorkflow({
				resource: 'resume',
				operation: 'parse',
				workspace: locator(workspace),
				...parameters,
			}),
			{
				credentials: affindaCredentials(emulator.url, emulator.fixtures.key),
				input: [await sampleCv()],
			},
		);

	test('Resume → Parse of the same CV into each workspace gives the same row', async () => {
		const legacy = await parse(emulator.fixtures.workspaces.recruitment.identifier);
		const nextGen = await parse(
			(emulator.fixtures.nextGen as { workspace: { identifier: string } }).workspace.identifier,
		);
		const [legacyRow, nextGenRow] = [legacy, nextGen].map(
			(run) => run.output(AFFINDA_NODE_NAME)[0].json,
		);
		expect(Object.keys(legacyRow)).toEqual(Object.keys(SAME_CV_ROW));
		expect({ ...nextGenRow, identifier: 'x' }).toEqual({ ...legacyRow, identifier: 'x' });
		expect(legacyRow).toMatchObject({
			fullName: expect.any(String),
			email: expect.stringContaining('@'),
		});
		expect(typeof legacyRow.totalYearsExperience).toBe('number');
	});

	test('a low-confidence value flags the row; verified by a person in Affinda, it does not', async () => {
		const identifier = (emulator.fixtures.nextGen as { resumes: string[] }).resumes[0];
		const document = emulator.store.requireDocument(identifier);
		const emailAnnotation = emulator.store
			.annotationsOf(document)
			.find((a) => a.path[0] === 'emails');
		if (!emailAnnotation) throw new Error('the seeded resume has no email');
		for (const annotation of emulator.store.annotationsOf(document)) annotation.confidence = 0.99;
		emailAnnotation.confidence = 0.3;
		const get = async () =>
			(
				await runWorkflow(
					affindaWorkflow({
						resource: 'document',
						operation: 'get',
						identifier: locator(identifier),
						options: { confidenceThreshold: 0.8 },
					}),
					{ credentials: affindaCredentials(emulator.url, emulator.fixtures.key) },
				)
			).output(AFFINDA_NODE_NAME)[0].json;
		expect(await get()).toMatchObject({ needsReview: true, lowConfidenceFields: 'email' });
		const patch = await fetch(`${emulator.url}/v3/annotations/${emailAnnotation.id}`, {
			method: 'PATCH',
			headers: {
				authorization: `Bearer ${emulator.fixtures.key}`,
				'content-type': 'application/json',
			},
			body: JSON.stringify({ isClientVerified: true }),
		});
		expect(patch.status).toBe(200);
		expect(await get()).toMatchObject({ needsReview: false, lowConfidenceFields: '' });
	});
});
