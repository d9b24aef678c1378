// A document's life after parsing, as the emulator serves it: moving it (PATCH collection,
// workspace), its redacted PDF, documents created from data, and usage counting what was parsed.

import { startEmulator, type Emulator } from './index';
import { readPdfText } from './parsing/pdf';
import { clientFor, type Answer, type Client, type Json } from './test-client';

let emulator: Emulator;
let api: Client;

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 20, jobDescriptionCount: 3, parseDelayMs: 20 });
	api = clientFor(emulator);
});
afterAll(() => emulator.stop());

function expectError(answer: Answer, status: number, attr: string | null, code: string): void {
	expect(answer.status).toBe(status);
	expect(answer.body.errors).toContainEqual(expect.objectContaining({ attr, code }));
}

const today = () => new Date().toISOString().slice(0, 10);

describe('PATCH moves a document', () => {
	it('into a collection (its workspace and type come with it), and refuses what does not fit', async () => {
		const { identifier } = emulator.fixtures.resumes[0];
		const { resumes, invoices } = emulator.fixtures.collections;
		const moved = await api.patch(`/v3/documents/${identifier}`, {
			collection: resumes.identifier,
			fileName: 'renamed.pdf',
			customIdentifier: 'ats-1',
		});
		expect(moved.status).toBe(200);
		expect(moved.body.meta).toMatchObject({
			collection: { identifier: resumes.identifier },
			workspace: { identifier: emulator.fixtures.workspaces.recruitment.identifier },
			fileName: 'renamed.pdf',
			customIdentifier: 'ats-1',
		});
		expectError(
			await api.patch(`/v3/documents/${identifier}`, { collection: invoices.identifier }),
			400,
			'documentType',
			'not_modelled',
		);
		expectError(
			await api.patch(`/v3/documents/${identifier}`, { collection: 'nope' }),
			400,
			'collection',
			'does_not_exist',
		);
		expectError(
			await api.patch(`/v3/documents/${identifier}`, {
				workspace: emulator.fixtures.workspaces.finance.identifier,
			}),
			400,
			'documentType',
			'invalid',
		);
		expectError(
			await api.patch(`/v3/documents/${identifier}`, { collection: 7 }),
			400,
			'collection',
			'invalid',
		);
	});
});

describe('GET /v3/documents/{identifier}/redacted', () => {
	it('is a PDF of the resume without the candidate’s name and contact details', async () => {
		const upload = await api.upload(emulator.fixtures.sampleFiles.resumeText, {
			wait: 'true',
			workspace: emulator.fixtures.workspaces.recruitment.identifier,
		});
		expect(upload.status).toBe(200);
		const { identifier } = upload.body.meta;
		const data = upload.body.data;
		const response = await api.fetch(`/v3/documents/${identifier}/redacted`);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/pdf');
		const text = readPdfText(Buffer.from(await response.arrayBuffer()));
		const original = data.rawText as string;
		const hidden = [
			data.name.raw,
			data.name.first,
			data.name.last,
			...data.emails,
			...data.phoneNumbers,
		];
		expect(hidden.length).toBeGreaterThanOrEqual(4);
		for (const detail of hidden) {
			expect(original).toContain(detail);
			expect(text).not.toContain(detail);
		}
		expect(text).toContain('[REDACTED]');
		// The rest of the resume stays: its skills and work history.
		expect(text).toContain(data.workExperience[0].jobTitle);
	});

	it('refuses documents that are not resumes, unknown ones and requests without the key', async () => {
		const invoice = emulator.fixtures.invoices[0].identifier;
		expectError(
			await api.get(`/v3/documents/${invoice}/redacted`),
			400,
			'non_field_errors',
			'invalid',
		);
		expect((await api.get('/v3/documents/nope/redacted')).status).toBe(404);
		const resume = emulator.fixtures.resumes[1].identifier;
		expect((await api.fetch(`/v3/documents/${resume}/redacted`, { key: null })).status).toBe(401);
	});
});

describe('POST /v3/documents/create_from_data', () => {
	it('creates a ready resume from data: searchable once indexed, its PDF rendered from the data', async () => {
		const created = await api.post('/v3/documents/create_from_data', {
			data: {
				name: { raw: 'Ada Lovelace', first: 'Ada', last: 'Lovelace' },
				emails: ['ada@example.com'],
				skills: [{ name: 'Analytical Engines' }],
			},
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			extractor: 'resume',
			meta: {
				ready: true,
				failed: false,
				workspace: { identifier: emulator.fixtures.workspaces.recruitment.identifier },
				documentType: emulator.fixtures.documentTypes.resume.identifier,
			},
			data: { name: { first: 'Ada' }, emails: ['ada@example.com'] },
		});
		const { identifier } = created.body.meta;
		expect(
			(
				await api.post(`/v3/index/${emulator.fixtures.indices.resumes}/documents`, {
					document: identifier,
				})
			).status,
		).toBe(201);
		const found = await api.post('/v2/resume_search', {
			indices: [emulator.fixtures.indices.resumes],
			skills: [{ name: 'analytical engines', required: true }],
		});
		expect(found.body.results.map((r: Json) => r.identifier)).toEqual([identifier]);
		const redacted = await api.fetch(`/v3/documents/${identifier}/redacted`);
		expect(readPdfText(Buffer.from(await redacted.arrayBuffer()))).not.toContain('Lovelace');
	});

	it('creates a job description when the data is one', async () => {
		const created = await api.post('/v3/documents/create_from_data', {
			data: { jobTitle: { parsed: 'Data Engineer' }, organizationName: { parsed: 'Acme' } },
		});
		expect(created.status).toBe(201);
		expect(created.body.extractor).toBe('job-description');
	});

	it('validates the body as the schema says', async () => {
		const before = emulator.store.allDocuments().length;
		expectError(await api.post('/v3/documents/create_from_data', {}), 400, 'data', 'required');
		expectError(
			await api.post('/v3/documents/create_from_data', { data: [] }),
			400,
			'data',
			'invalid',
		);
		expectError(
			await api.post('/v3/documents/create_from_data', { data: {} }),
			400,
			'data',
			'invalid',
		);
		expectError(
			await api.post('/v3/documents/create_from_data', { data: { emails: 'not-a-list' } }),
			400,
			'emails',
			'not_a_list',
		);
		expect(emulator.store.allDocuments()).toHaveLength(before);
	});
});

describe('GET /v3/usage', () => {
	it('counts each parsed upload today, by organization, workspace and document type', async () => {
		const { organization, workspaces, documentTypes } = emulator.fixtures;
		const usage = async (query: string) =>
			await api.get(`/v3/usage?organization=${organization.identifier}${query}`);
		const before = (await usage('')).body.total as number;
		for (const file of ['resumeText', 'resumePdf'] as const) {
			expect(
				(
					await api.upload(emulator.fixtures.sampleFiles[file], {
						wait: 'true',
						workspace: emulator.fixtures.workspaces.recruitment.identifier,
					})
				).status,
			).toBe(200);
		}
		// Created from data: nothing is parsed, no credit is used.
		await api.post('/v3/documents/create_from_data', { data: { emails: ['x@example.com'] } });
		const report = await usage('');
		expect(report.status).toBe(200);
		expect(report.body).toMatchObject({
			scope: 'organization',
			scopeIdentifier: organization.identifier,
			end: today(),
			total: before + 2,
			items: [{ date: today(), count: before + 2 }],
		});
		const byWorkspace = await usage(`&workspace=${workspaces.finance.identifier}`);
		expect(byWorkspace.body).toMatchObject({ scope: 'workspace', total: 0, items: [] });
		const byType = await usage(
			`&document_type=${documentTypes.resume.identifier}&start=${today()}&end=${today()}`,
		);
		expect(byType.body).toMatchObject({ scope: 'documentType', start: today(), total: before + 2 });
		const earlier = await usage('&start=2026-01-01&end=2026-01-31');
		expect(earlier.body).toMatchObject({ total: 0, items: [] });
	});

	it('refuses what the service refuses', async () => {
		const { organization, workspaces, documentTypes } = emulator.fixtures;
		const org = `organization=${organization.identifier}`;
		expectError(await api.get('/v3/usage'), 400, 'organization', 'required');
		expectError(
			await api.get('/v3/usage?organization=nope'),
			400,
			'organization',
			'does_not_exist',
		);
		expectError(
			await api.get(
				`/v3/usage?${org}&workspace=${workspaces.recruitment.identifier}&document_type=${documentTypes.resume.identifier}`,
			),
			400,
			'non_field_errors',
			'invalid',
		);
		expectError(await api.get(`/v3/usage?${org}&start=26-11-2026`), 400, 'start', 'invalid');
		expectError(
			await api.get(`/v3/usage?${org}&start=2026-02-01&end=2026-01-01`),
			400,
			'start',
			'invalid',
		);
		expectError(
			await api.get(`/v3/usage?${org}&workspace=nope`),
			400,
			'workspace',
			'does_not_exist',
		);
	});
});
