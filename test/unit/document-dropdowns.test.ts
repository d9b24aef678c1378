import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import {
	emulatorHttp,
	loadOptionsContextWith,
	type HttpHelper,
} from '../helpers/load-options-context';
import {
	searchDocuments,
	searchIndexableDocuments,
	searchJobDescriptions,
	searchResumes,
	searchDocumentTypes,
	searchWorkspaces,
} from '../../nodes/Affinda/methods/listSearch';
import { PAGE_SIZE } from '../../nodes/shared/transport/pager';

const BASE_URL = 'https://affinda.test';

const contextWith = loadOptionsContextWith;

/** A context whose HTTP helper answers from `answers`, keyed by method, path and query. */
function loadOptionsContext(answers: Record<string, unknown>, parameters: IDataObject = {}) {
	const requests: string[] = [];
	const http: HttpHelper = async (options) => {
		const query = new URLSearchParams(options.qs as Record<string, string>).toString();
		const key = `${options.method} ${options.url.replace(BASE_URL, '')}${query ? `?${query}` : ''}`;
		requests.push(key);
		if (!(key in answers)) return { statusCode: 404, headers: {}, body: {} };
		return { statusCode: 200, headers: {}, body: answers[key] };
	};
	return { context: contextWith(BASE_URL, http, parameters), requests };
}

describe('the workspace list', () => {
	test('one organization: its workspaces by name, sorted', async () => {
		const { context, requests } = loadOptionsContext({
			'GET /v3/organizations': [{ identifier: 'orgA', name: 'Acme' }],
			'GET /v3/workspaces?organization=orgA': [
				{ identifier: 'wsB', name: 'Sales' },
				{ identifier: 'wsA', name: 'Recruiting' },
			],
		});
		expect(await searchWorkspaces.call(context)).toEqual({
			results: [
				{ name: 'Recruiting', value: 'wsA' },
				{ name: 'Sales', value: 'wsB' },
			],
		});
		expect(requests).toEqual(['GET /v3/organizations', 'GET /v3/workspaces?organization=orgA']);
	});

	test('several organizations: workspaces across all of them, named with their organization, filtered', async () => {
		const { context } = loadOptionsContext({
			'GET /v3/organizations': [
				{ identifier: 'orgA', name: 'Acme' },
				{ identifier: 'orgB', name: 'Beta Corp' },
			],
			'GET /v3/workspaces?organization=orgA': [
				{ identifier: 'wsA', name: 'Recruiting' },
				{ identifier: 'wsC', name: 'Invoices' },
			],
			'GET /v3/workspaces?organization=orgB': [{ identifier: 'wsB', name: 'Recruiting' }],
		});
		expect(await searchWorkspaces.call(context, 'recruit')).toEqual({
			results: [
				{ name: 'Acme / Recruiting', value: 'wsA' },
				{ name: 'Beta Corp / Recruiting', value: 'wsB' },
			],
		});
	});
});

describe('the document type list', () => {
	const documentTypes = [
		{ identifier: 'dtResume', name: 'Resume' },
		{ identifier: 'dtInvoice', name: 'Invoice' },
	];

	test('of the chosen workspace, when one is chosen', async () => {
		const { context, requests } = loadOptionsContext(
			{ 'GET /v3/document_types?workspace=wsA': documentTypes },
			{ workspace: 'wsA' },
		);
		expect(await searchDocumentTypes.call(context, 'res')).toEqual({
			results: [{ name: 'Resume', value: 'dtResume' }],
		});
		expect(requests).toEqual(['GET /v3/document_types?workspace=wsA']);
	});

	test('all the key can see, when none is chosen', async () => {
		const { context } = loadOptionsContext({ 'GET /v3/document_types': documentTypes });
		expect((await searchDocumentTypes.call(context)).results.map((r) => r.value)).toEqual([
			'dtInvoice',
			'dtResume',
		]);
	});
});

describe('the document list', () => {
	test('searches by file name and pages on with the offset', async () => {
		const page = (identifiers: string[], next: string | null) => ({
			count: 3,
			next,
			results: identifiers.map((identifier) => ({
				meta: { identifier, fileName: `${identifier}.pdf` },
			})),
		});
		const { context, requests } = loadOptionsContext({
			[`GET /v3/documents?limit=${PAGE_SIZE.documents}&offset=0&search=cv`]: page(
				['docA', 'docB'],
				`${BASE_URL}/v3/documents?offset=2`,
			),
			[`GET /v3/documents?limit=${PAGE_SIZE.documents}&offset=2&search=cv`]: page(['docC'], null),
		});
		const first = await searchDocuments.call(context, 'cv');
		expect(first).toEqual({
			results: [
				{ name: 'docA.pdf (docA)', value: 'docA' },
				{ name: 'docB.pdf (docB)', value: 'docB' },
			],
			paginationToken: '2',
		});
		const second = await searchDocuments.call(context, 'cv', first.paginationToken as string);
		expect(second).toEqual({
			results: [{ name: 'docC.pdf (docC)', value: 'docC' }],
			paginationToken: undefined,
		});
		expect(requests).toHaveLength(2);
	});
});

describe('the resume and job description pickers', () => {
	test('list NextGen resumes as resumes: by extractor, collection extractor or base extractor', async () => {
		const document = (
			identifier: string,
			extractor: string,
			collectionExtractor?: IDataObject,
		) => ({
			extractor,
			meta: {
				identifier,
				fileName: `${identifier}.pdf`,
				collection: collectionExtractor ? { extractor: collectionExtractor } : null,
			},
		});
		const { context } = loadOptionsContext({
			[`GET /v3/documents?limit=${PAGE_SIZE.documents}&offset=0`]: {
				count: 6,
				next: null,
				results: [
					document('legacy', 'resume'),
					document('nextGen', 'resume-v4'),
					document('custom', 'resume-v4-custom_field_type', { identifier: 'resume-v4' }),
					document('based', 'cv-acme', { identifier: 'cv-acme', baseExtractor: 'resume' }),
					document('job', 'job-description'),
					document('rtw', 'right-to-work-check'),
				],
			},
		});
		const values = async (search: typeof searchResumes) =>
			(await search.call(context)).results.map((result) => result.value);
		expect(await values(searchResumes)).toEqual(['legacy', 'nextGen', 'custom', 'based']);
		expect(await values(searchJobDescriptions)).toEqual(['job']);
		expect(await values(searchIndexableDocuments)).toEqual([
			'legacy',
			'nextGen',
			'custom',
			'based',
			'job',
		]);
	});
});

describe('the lists against the emulator', () => {
	let emulator: Emulator;
	const context = (parameters: IDataObject = {}) =>
		contextWith(emulator.url, emulatorHttp(), parameters);

	beforeAll(async () => {
		// More documents than one page of the list holds.
		emulator = await startEmulator({ resumeCount: 120, jobDescriptionCount: 3, seed: 5 });
	});
	afterAll(async () => await emulator.stop());

	test('workspaces, and the document types of one of them', async () => {
		const { recruitment, finance } = emulator.fixtures.workspaces;
		const workspaces = (await searchWorkspaces.call(context())).results;
		expect(workspaces).toEqual(
			expect.arrayContaining([
				{ name: recruitment.name, value: recruitment.identifier },
				{ name: finance.name, value: finance.identifier },
			]),
		);
		const types = (await searchDocumentTypes.call(context({ workspace: recruitment.identifier })))
			.results;
		expect(types.map((type) => type.value)).toContain(
			emulator.fixtures.documentTypes.resume.identifier,
		);
	});

	test('documents, a page at a time', async () => {
		const first = await searchDocuments.call(context());
		expect(first.results).toHaveLength(PAGE_SIZE.documents);
		expect(first.paginationToken).toBe(String(PAGE_SIZE.documents));
		const second = await searchDocuments.call(
			context(),
			undefined,
			first.paginationToken as string,
		);
		expect(second.results.map((r) => r.value)).not.toContain(first.results[0].value);
	});

	test('resumes and job descriptions, each picker listing only its kind', async () => {
		const jobDescriptions = await searchJobDescriptions.call(context());
		const resumes = await searchResumes.call(context());
		const jdIds = jobDescriptions.results.map((r) => r.value);
		expect(jdIds.length).toBeGreaterThan(0);
		expect(resumes.results.length).toBeGreaterThan(0);
		expect(resumes.results.map((r) => r.value)).not.toEqual(expect.arrayContaining(jdIds));
		const indexable = await searchIndexableDocuments.call(context());
		expect(indexable.results.length).toBeGreaterThan(0);
	});
});
