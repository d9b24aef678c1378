import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { NEXTGEN_CV, SAME_CV_ROW } from '../fixtures/documents/same-cv';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Document → Get's validation columns under Include Fields: validationPassed and
 * validationMessages on the row, read with one GET /v3/validation_results?document=… made only
 * when one of them is asked for. Against a recording server (the wire, each kind of result) and
 * the emulator (results worked out from the document's data, following a cleared email).
 */

const BOTH = { includeFields: ['validationPassed', 'validationMessages'] };

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const result = (id: number, ruleSlug: string, passed: boolean | null, message = '') => ({
	id,
	annotations: [],
	passed,
	ruleSlug,
	message,
	document: 'cvAdaQ01',
});

describe('the validation columns, on the wire, against a recording server', () => {
	let server: RecordingServer;
	let results: IDataObject[];
	beforeAll(async () => {
		server = await startRecordingServer(({ path }) => ({
			body: path === '/v3/validation_results' ? results : NEXTGEN_CV,
		}));
	});
	afterEach(() => server.requests.splice(0));
	afterAll(async () => {
		await server.stop();
		stopN8nCoreTimers();
	});
	const run = async (parameters: IDataObject) =>
		await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'get',
				identifier: locator('cvAdaQ01'),
				...parameters,
			}),
			{ credentials: affindaCredentials(server.url) },
		);
	const wire = () => server.requests.map((r) => `${r.method} ${r.path}${r.search ?? ''}`);

	test.each([
		['all passed', [result(1, 'email-present', true), result(2, 'phone-present', true)], true, ''],
		[
			'one failed',
			[result(1, 'email-present', false, 'No email.'), result(2, 'phone-present', true)],
			false,
			'No email.',
		],
		[
			'two failed, one not applicable',
			[
				result(1, 'email-present', false, 'No email.'),
				result(2, 'visa-check', null),
				result(3, 'phone-present', false, 'No phone.'),
			],
			false,
			'No email., No phone.',
		],
		['not applicable only', [result(2, 'visa-check', null)], null, ''],
		['none', [], null, ''],
	])(
		'%s: the document, then its validation results; the two columns',
		async (_case, given, passed, messages) => {
			results = given;
			const { output, error } = await run({ options: BOTH });
			expect(error()).toBeUndefined();
			expect(wire()).toEqual([
				'GET /v3/documents/cvAdaQ01',
				'GET /v3/validation_results?document=cvAdaQ01&limit=100&offset=0',
			]);
			expect(output(AFFINDA_NODE_NAME)).toEqual([
				{
					json: { ...SAME_CV_ROW, validationPassed: passed, validationMessages: messages },
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	test('Lists As Array: the messages as a list', async () => {
		results = [
			result(1, 'email-present', false, 'No email.'),
			result(3, 'phone-present', false, 'No phone.'),
		];
		const { output } = await run({ options: { ...BOTH, listsAs: 'array' } });
		expect(output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
			validationPassed: false,
			validationMessages: ['No email.', 'No phone.'],
		});
	});

	test.each([
		['validationPassed', { validationPassed: false }],
		['validationMessages', { validationMessages: 'No email.' }],
	])('only %s asked for: that column alone, after one validation request', async (name, column) => {
		results = [result(1, 'email-present', false, 'No email.')];
		const { output } = await run({ options: { includeFields: ['certifications', name] } });
		expect(wire()).toEqual([
			'GET /v3/documents/cvAdaQ01',
			'GET /v3/validation_results?document=cvAdaQ01&limit=100&offset=0',
		]);
		const row = output(AFFINDA_NODE_NAME)[0].json;
		expect(row).toMatchObject(column);
		expect(Object.keys(row).filter((key) => key.startsWith('validation'))).toEqual([name]);
	});

	test.each([
		['no Include Fields', {}, []],
		['other Include Fields only', { includeFields: ['certifications'] }, ['certifications']],
	])('%s: one GET, no validation columns', async (_case, options, added) => {
		const { output } = await run({ options });
		expect(wire()).toEqual(['GET /v3/documents/cvAdaQ01']);
		expect(Object.keys(output(AFFINDA_NODE_NAME)[0].json)).toEqual([
			...Object.keys(SAME_CV_ROW),
			...added,
		]);
	});

	test('Raw Response with the columns left in Include Fields: no validation request', async () => {
		const { output } = await run({ output: 'raw', options: BOTH });
		expect(wire()).toEqual(['GET /v3/documents/cvAdaQ01']);
		expect(output(AFFINDA_NODE_NAME)[0].json).toEqual(NEXTGEN_CV);
	});

	test('a column no Include Field has is refused before any request', async () => {
		const { error } = await run({ options: { includeFields: ['validationpassed'] } });
		expect(error()?.message).toMatch(
			/^Parameter "Include Fields" \(includeFields\) is \["validationpassed"\], but must be some of .*validationMessages, validationPassed/,
		);
		expect(server.requests).toHaveLength(0);
	});

	test('Document → Get Many has no validation columns: refused before any request', async () => {
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'getMany',
				options: { includeFields: ['validationPassed'] },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toMatch(
			/^Parameter "Include Fields" \(includeFields\) is \["validationPassed"\], but must be some of /,
		);
		expect(error()?.message).not.toContain('validationMessages');
		expect(server.requests).toHaveLength(0);
	});
});

describe('the validation columns, against the emulator', () => {
	let emulator: Emulator;
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const run = async (parameters: IDataObject, input: IDataObject[] = [{}]) => {
		const result = await runWorkflow(affindaWorkflow(parameters), {
			credentials: credentials(),
			input: input.map((json) => ({ json })),
		});
		expect(result.error()).toBeUndefined();
		return result.output(AFFINDA_NODE_NAME);
	};
	const get = async (identifier: string) =>
		(
			await run({
				resource: 'document',
				operation: 'get',
				identifier: locator(identifier),
				options: { ...BOTH, listsAs: 'array' },
			})
		)[0];

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 4, jobDescriptionCount: 1, seed: 36 });
	});
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	test('a resume passes, then fails once its email is cleared; a job description has no rules', async () => {
		const [, , candidate] = emulator.fixtures.resumes;
		const passing = await get(candidate.identifier);
		expect(passing.json).toMatchObject({ validationPassed: true, validationMessages: [] });
		expect(passing.pairedItem).toEqual({ item: 0 });

		const emails = await run({
			resource: 'annotation',
			operation: 'getMany',
			identifier: locator(candidate.identifier),
			filters: { field: 'emails' },
			returnAll: true,
		});
		await run(
			{ resource: 'annotation', operation: 'batchUpdate', source: 'inputItems' },
			emails.map((item) => ({ id: item.json.id, parsed: null })),
		);
		expect((await get(candidate.identifier)).json).toMatchObject({
			validationPassed: false,
			validationMessages: ['The resume has no email address.'],
		});

		const [jobDescription] = emulator.fixtures.jobDescriptions;
		expect((await get(jobDescription.identifier)).json).toMatchObject({
			validationPassed: null,
			validationMessages: [],
		});
	});
});
