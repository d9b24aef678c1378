/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// Documents: upload (text, PDF, DOCX; wait true and false) -> ready -> searchable once added to an
// index; update_data; annotations; and the upload form's validation.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { startEmulator, type Emulator } from './index';
import { clientFor, type Answer, type Client, type Json } from './test-client';
import { ALREADY_IN_INDEX_BODY } from './service-errors';

let emulator: Emulator;
let api: Client;
let workspace: string;

const PARSE_DELAY_MS = 150;

beforeAll(async () => {
	emulator = await startEmulator({
		resumeCount: 120,
		jobDescriptionCount: 5,
		parseDelayMs: PARSE_DELAY_MS,
	});
	api = clientFor(emulator);
	workspace = emulator.fixtures.workspaces.recruitment.identifier;
});
afterAll(() => emulator.stop());

function expectError(answer: Answer, status: number, attr: string | null, code: string): void {
	expect(answer.status).toBe(status);
	expect(answer.body.errors).toContainEqual(expect.objectContaining({ attr, code }));
}

async function untilReady(identifier: string): Promise<Json> {
	for (;;) {
		const answer = await api.get(`/v3/documents/${identifier}`);
		if (answer.body.meta.ready) return answer.body;
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** Runs `step` with the emulator's clock paused, so no document finishes parsing meanwhile. */
async function whileNothingParses<T>(step: () => Promise<T>): Promise<T> {
	emulator.clock.pause();
	try {
		return await step();
	} finally {
		emulator.clock.resume();
	}
}

describe('upload', () => {
	it('with wait=false answers 201 before parsing finishes, with ready: false and empty data, ready once parsed', async () => {
		// While nothing parses, an answer is one that did not wait for parsing.
		const identifier = await whileNothingParses(async () => {
			const answer = await api.upload(emulator.fixtures.sampleFiles.resumeText, {
				workspace,
				wait: 'false',
			});
			expect(answer.status).toBe(201);
			expect(answer.body).toMatchObject({
				extractor: 'resume',
				meta: {
					ready: false,
					readyDt: null,
					failed: false,
					fileName: 'olivia-nguyen.txt',
					workspace: { identifier: workspace },
				},
				data: {},
			});
			const { identifier } = answer.body.meta;
			expect((await api.get(`/v3/documents/${identifier}`)).body.meta).toMatchObject({
				ready: false,
				readyDt: null,
			});
			return identifier as string;
		});
		const ready = await untilReady(identifier);
		// The emulator's own record: parsing took at least the configured delay.
		expect(
			Date.parse(ready.meta.readyDt) - Date.parse(ready.meta.createdDt),
		).toBeGreaterThanOrEqual(PARSE_DELAY_MS);
		expect(ready.meta).toMatchObject({
			ready: true,
			failed: false,
			readyDt: expect.any(String),
			pdf: expect.stringContaining('/media/documents/'),
		});
		expect(ready.data).toMatchObject({
			name: { raw: 'Olivia Nguyen' },
			emails: ['olivia.nguyen@example.com'],
			totalYearsExperience: 9,
			languages: ['English', 'Vietnamese'],
		});
		expect(ready.data.skills.map((s: Json) => s.name)).toEqual(
			expect.arrayContaining(['TypeScript', 'Python', 'AWS']),
		);
		expect(ready.data.workExperience[0]).toMatchObject({
			jobTitle: 'Senior Software Engineer',
			organization: 'Silverline Payments',
			dates: { isCurrent: true },
		});
	});

	it('with wait=true answers only once parsed: nothing while the clock is paused, 200 and ready after', async () => {
		let answered = false;
		const upload = api
			.upload(emulator.fixtures.sampleFiles.resumeText, {
				workspace,
				customIdentifier: 'held-while-parsing',
			})
			.finally(() => (answered = true));
		await whileNothingParses(async () => {
			const listed = async () =>
				(await api.get('/v3/documents?custom_identifier=held-while-parsing')).body.results;
			let held: Json[] = await listed();
			while (held.length === 0) {
				await new Promise((resolve) => setTimeout(resolve, 25));
				held = await listed();
			}
			expect(held.map((d) => d.meta)).toMatchObject([{ ready: false, readyDt: null }]);
			// Another request in between: the upload is still waiting for its parse.
			await api.get(`/v3/documents/${held[0].meta.identifier}`);
			expect(answered).toBe(false);
		});
		const answer = await upload;
		expect(answer.status).toBe(200);
		expect(answer.body.meta).toMatchObject({ ready: true, customIdentifier: 'held-while-parsing' });
	});

	it('with wait=true (the default) answers 200 once parsed: PDF and DOCX resumes', async () => {
		const pdf = await api.upload(emulator.fixtures.sampleFiles.resumePdf, {
			workspace,
			documentType: emulator.fixtures.documentTypes.resume.identifier,
			customIdentifier: 'candidate-17',
		});
		expect(pdf.status).toBe(200);
		expect(pdf.body.meta).toMatchObject({
			ready: true,
			customIdentifier: 'candidate-17',
			documentType: emulator.fixtures.documentTypes.resume.identifier,
		});
		expect(pdf.body.data).toMatchObject({
			name: { raw: 'Marcus Webb' },
			profession: 'Data Scientist',
			location: { city: 'Melbourne' },
		});
		expect(pdf.body.data.education[0].accreditation.educationLevel).toBe('masters');
		const docx = await api.upload(emulator.fixtures.sampleFiles.resumeDocx, { workspace });
		expect(docx.status).toBe(200);
		expect(docx.body.data.workExperience[0]).toMatchObject({
			jobTitle: 'Engineering Manager',
			occupation: { managementLevel: 'Mid' },
		});
	});

	it('classifies by content when no document type is given, within the workspace’s types', async () => {
		const jd = await api.upload(emulator.fixtures.sampleFiles.jobDescriptionPdf, { workspace });
		expect(jd.body.extractor).toBe('job-description');
		expect(jd.body.data.jobTitle).toMatchObject({
			parsed: { name: 'Senior Backend Engineer', managementLevel: 'Low' },
			contentType: 'jobtitle',
			id: expect.any(Number),
		});
		expect(jd.body.data.skills.map((a: Json) => a.parsed)).toEqual(
			expect.arrayContaining(['TypeScript', 'Node.js', 'AWS']),
		);
		const compact = await api.get(`/v3/documents/${jd.body.meta.identifier}?compact=true`);
		expect(compact.body.data.yearsExperience).toEqual({ minimum: 5, maximum: 8 });
		const invoice = await api.upload(emulator.fixtures.sampleFiles.invoiceText, {
			workspace: emulator.fixtures.workspaces.finance.identifier,
		});
		expect(invoice.body.extractor).toBe('invoice');
		expect(invoice.body.data.totalAmount.parsed).toBe(10230);
	});

	it('uploads into a collection, which fixes the workspace and the document type', async () => {
		const { collections, workspaces } = emulator.fixtures;
		const answer = await api.upload(emulator.fixtures.sampleFiles.jobDescriptionText, {
			collection: collections.jobDescriptions.identifier,
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({
			extractor: 'job-description',
			meta: {
				workspace: { identifier: workspaces.recruitment.identifier },
				collection: {
					identifier: collections.jobDescriptions.identifier,
					name: 'Job Descriptions',
				},
			},
		});
		const listed = await api.get(
			`/v3/documents?collection=${collections.jobDescriptions.identifier}`,
		);
		expect(listed.body.results.map((d: Json) => d.meta.identifier)).toEqual([
			answer.body.meta.identifier,
		]);
		const resume = emulator.fixtures.sampleFiles.resumeText;
		expectError(
			await api.upload(resume, { collection: 'nOsUcHco' }),
			400,
			'collection',
			'does_not_exist',
		);
		expectError(
			await api.upload(resume, {
				collection: collections.resumes.identifier,
				workspace: workspaces.finance.identifier,
			}),
			400,
			'workspace',
			'invalid',
		);
		expectError(
			await api.upload(resume, {
				collection: collections.resumes.identifier,
				documentType: emulator.fixtures.documentTypes.jobDescription.identifier,
			}),
			400,
			'documentType',
			'does_not_exist',
		);
	});

	it('fails a file with no text (an image) as the service does, with no_text_found', async () => {
		const answer = await api.upload(
			{ name: 'scan.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
			{ workspace },
		);
		expect(answer.status).toBe(200);
		expect(answer.body.meta).toMatchObject({
			ready: true,
			failed: true,
			errorCode: 'no_text_found',
		});
		expect(answer.body.error).toEqual({
			errorCode: 'no_text_found',
			errorDetail: expect.any(String),
		});
	});

	it('validates the form: file or url, workspace, known fields, booleans as strings, known types', async () => {
		const resume = emulator.fixtures.sampleFiles.resumeText;
		expectError(await api.upload(resume, {}), 400, 'non_field_errors', 'invalid');
		expectError(
			await api.upload(resume, { workspace: 'nOsUcHws' }),
			400,
			'workspace',
			'does_not_exist',
		);
		expectError(
			await api.upload(resume, { workspace, wait: 'yes please' }),
			400,
			'wait',
			'invalid',
		);
		expectError(
			await api.upload(resume, { workspace, colour: 'blue' }),
			400,
			'colour',
			'unknown_field',
		);
		expectError(
			await api.upload(resume, {
				workspace,
				documentType: emulator.fixtures.documentTypes.invoice.identifier,
			}),
			400,
			'documentType',
			'does_not_exist',
		);
		expectError(
			await api.upload(resume, { workspace, regionBias: '{"country": 5}' }),
			400,
			'regionBias.country',
			'invalid',
		);
		expectError(
			await api.upload(resume, { workspace, expiryTime: 'next tuesday' }),
			400,
			'expiryTime',
			'invalid',
		);
		expectError(
			await api.upload({ name: 'empty.txt', bytes: Buffer.alloc(0) }, { workspace }),
			400,
			'file',
			'empty',
		);
		const noFile = new FormData();
		noFile.append('workspace', workspace);
		noFile.append('file', 'not a file');
		const textAsFile = await api.fetch('/v3/documents', { method: 'POST', body: noFile });
		expect(textAsFile.status).toBe(400);
		const json = await api.fetch('/v3/documents', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ workspace }),
		});
		expect(json.status).toBe(415);
	});

	it('records multipart requests as fields and file summaries', async () => {
		emulator.clearReceived();
		await api.upload(emulator.fixtures.sampleFiles.nurseResumeText, {
			workspace,
			wait: 'false',
			language: 'en',
		});
		const bytes = readFileSync(emulator.fixtures.sampleFiles.nurseResumeText);
		const size = bytes.length;
		const sha256 = createHash('sha256').update(bytes).digest('hex');
		expect(emulator.received).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/v3/documents',
				body: {
					fields: { workspace, wait: 'false', language: 'en' },
					files: {
						file: {
							fileName: 'daniel-okafor.txt',
							contentType: 'application/octet-stream',
							size,
							sha256,
						},
					},
				},
			}),
		]);
	});
});

describe('upload -> ready -> searchable', () => {
	it('finds an uploaded resume once it is added to an index, and not before', async () => {
		const index = emulator.fixtures.indices.newCandidates;
		const search = () =>
			api.post('/v2/resume_search', {
				indices: [index, 'all-resumes'],
				skills: [
					{ name: 'Triage', required: true },
					{ name: 'Wound Care', required: true },
				],
				jobTitles: ['Nurse'],
			});
		const before = (await search()).body.results.map((r: Json) => r.identifier);

		// Held unparsed for as long as the next request takes, however slow the machine.
		const identifier = await whileNothingParses(async () => {
			const uploaded = await api.upload(emulator.fixtures.sampleFiles.nurseResumeText, {
				workspace,
				wait: 'false',
			});
			expectError(
				await api.post(`/v3/index/${index}/documents`, { document: uploaded.body.meta.identifier }),
				400,
				'document',
				'invalid',
			);
			return uploaded.body.meta.identifier as string;
		});
		await untilReady(identifier);
		expect((await search()).body.results.map((r: Json) => r.identifier)).not.toContain(identifier);

		const added = await api.post(`/v3/index/${index}/documents`, { document: identifier });
		expect(added).toMatchObject({ status: 201, body: { document: identifier } });
		expect(await api.post(`/v3/index/${index}/documents`, { document: identifier })).toMatchObject({
			status: 400,
			body: ALREADY_IN_INDEX_BODY,
		});
		const after = (await search()).body;
		expect(after.results[0]).toMatchObject({
			identifier,
			name: 'Daniel Okafor',
			skills: { value: 'Triage, Wound Care', score: 1 },
		});
		expect(after.count).toBe(before.length + 1);
		const listed = await api.get(`/v3/index/${index}/documents`);
		expect(listed.body.results).toContainEqual({ document: identifier });
	});

	it('refuses to index a job description into a resume index, or an unknown document', async () => {
		const jd = emulator.fixtures.jobDescriptions[0].identifier;
		expectError(
			await api.post('/v3/index/new-candidates/documents', { document: jd }),
			400,
			'document',
			'invalid',
		);
		expectError(
			await api.post('/v3/index/new-candidates/documents', { document: 'nOsUcHdC' }),
			400,
			'document',
			'does_not_exist',
		);
		expect((await api.post('/v3/index/no-such-index/documents', { document: jd })).status).toBe(
			404,
		);
		expectError(
			await api.post('/v3/index/new-candidates/documents', { document: jd, extra: 1 }),
			400,
			'extra',
			'unknown_field',
		);
	});

	it('serves the document’s PDF and original file without the key', async () => {
		const uploaded = await api.upload(emulator.fixtures.sampleFiles.resumeDocx, { workspace });
		const pdf = await api.fetch(uploaded.body.meta.pdf, { key: null });
		expect(pdf.status).toBe(200);
		expect(
			Buffer.from(await pdf.arrayBuffer())
				.subarray(0, 5)
				.toString(),
		).toBe('%PDF-');
		const original = await api.fetch(uploaded.body.meta.file, { key: null });
		expect(Buffer.from(await original.arrayBuffer())).toEqual(
			readFileSync(emulator.fixtures.sampleFiles.resumeDocx),
		);
	});
});

describe('get, list, delete', () => {
	it('gets a seeded resume, lists with filters, deletes (204, then 404)', async () => {
		const { identifier } = emulator.fixtures.resumes[0];
		const got = await api.get(`/v3/documents/${identifier}`);
		expect(got.body).toMatchObject({
			extractor: 'resume',
			meta: { identifier, ready: true, workspace: { identifier: workspace } },
			data: { name: { raw: emulator.fixtures.resumes[0].name } },
		});
		const listed = await api.get(
			`/v3/documents?workspace=${emulator.fixtures.workspaces.finance.identifier}&include_data=true`,
		);
		expect(
			listed.body.results.every((d: Json) => d.extractor === 'invoice' && d.data.invoiceNumber),
		).toBe(true);
		const searched = await api.get('/v3/documents?search=olivia&ordering=-created_dt');
		expect(searched.body.results[0].meta.fileName).toBe('olivia-nguyen.txt');
		expect((await api.get('/v3/documents?state=nonsense')).status).toBe(400);
		expect((await api.delete(`/v3/documents/${identifier}`)).status).toBe(204);
		expect((await api.get(`/v3/documents/${identifier}`)).status).toBe(404);
		expect(emulator.store.indices.get('all-resumes')?.members.has(identifier)).toBe(false);
	});
});

describe('review: validate, reject, archive (PATCH)', () => {
	it('stamps the moment, moves the state filter, orders by validated_dt, and refuses what it does not model', async () => {
		const [first, second, third] = emulator.fixtures.resumes.slice(1, 4).map((r) => r.identifier);
		for (const identifier of [second, first]) {
			const answer = await api.patch(`/v3/documents/${identifier}`, { isConfirmed: true });
			expect(answer.status).toBe(200);
			expect(answer.body.meta).toMatchObject({ identifier, isConfirmed: true });
			expect(Date.parse(answer.body.meta.confirmedDt)).not.toBeNaN();
			await new Promise((resolve) => setTimeout(resolve, 3));
		}
		const rejected = await api.patch(`/v3/documents/${third}`, { isRejected: true });
		expect(rejected.body.meta).toMatchObject({ isRejected: true, isConfirmed: false });

		const validated = await api.get('/v3/documents?state=validated&ordering=-validated_dt');
		expect(validated.body.results.map((d: Json) => d.meta.identifier)).toEqual([first, second]);
		const ascending = await api.get('/v3/documents?state=validated&ordering=validated_dt');
		expect(ascending.body.results.map((d: Json) => d.meta.identifier)).toEqual([second, first]);
		const rejectedList = await api.get('/v3/documents?state=rejected');
		expect(rejectedList.body.results.map((d: Json) => d.meta.identifier)).toEqual([third]);

		const undone = await api.patch(`/v3/documents/${first}`, { isConfirmed: false });
		expect(undone.body.meta).toMatchObject({ isConfirmed: false, confirmedDt: null });
		expectError(
			await api.patch(`/v3/documents/${first}`, { isConfirmed: 'yes' }),
			400,
			'isConfirmed',
			'invalid',
		);
		expectError(
			await api.patch(`/v3/documents/${first}`, { workspace: 'other' }),
			400,
			'workspace',
			'does_not_exist',
		);
		expectError(
			await api.patch(`/v3/documents/${first}`, { skipParse: true }),
			400,
			'skipParse',
			'not_modelled',
		);
	});
});

describe('update_data', () => {
	it('updates a resume’s data and its search profile', async () => {
		const { identifier } = emulator.fixtures.resumes[1];
		const answer = await api.post(`/v3/documents/${identifier}/update_data`, {
			skills: [{ name: 'Quantum Knitting' }],
			workExperience: [
				{
					jobTitle: 'Chief Knitting Officer',
					organization: 'Purl Inc',
					dates: {
						startDate: '2020-01-01',
						endDate: null,
						isCurrent: true,
						rawText: '2020 - Present',
					},
				},
			],
			isAvailable: false,
		});
		expect(answer.status).toBe(200);
		expect(answer.body.data).toMatchObject({
			skills: [{ name: 'Quantum Knitting' }],
			isAvailable: false,
			workExperience: [{ occupation: { managementLevel: 'Upper' } }],
		});
		// Searches see the change once the index takes it in (pool.test.ts: before that, not).
		await api.post(`/v3/index/all-resumes/documents/${identifier}/re_index`);
		const found = await api.post('/v2/resume_search', {
			indices: ['all-resumes'],
			skills: [{ name: 'quantum knitting', required: true }],
			managementLevel: 'Upper',
		});
		expect(found.body.results.map((r: Json) => r.identifier)).toEqual([identifier]);
		expect(found.body.results[0]).toMatchObject({
			jobTitle: { value: 'Chief Knitting Officer' },
			managementLevel: { value: 'Upper', score: 1 },
		});
	});

	it('updates a job description through annotation-like values', async () => {
		const { identifier } = emulator.fixtures.jobDescriptions[2];
		const answer = await api.post(`/v3/documents/${identifier}/update_data`, {
			jobTitle: { parsed: 'Head of Data' },
			skills: [{ parsed: 'Python' }, { parsed: 'dbt' }],
			yearsExperience: { parsed: { minimum: 10, maximum: 15 } },
		});
		expect(answer.status).toBe(200);
		const compact = await api.get(`/v3/documents/${identifier}?compact=true`);
		expect(compact.body.data).toMatchObject({
			jobTitle: { name: 'Head of Data', managementLevel: 'Upper' },
			skills: ['Python', 'dbt'],
			yearsExperience: { minimum: 10, maximum: 15 },
		});
	});

	it('validates the body and refuses other document types', async () => {
		const resume = emulator.fixtures.resumes[2].identifier;
		expectError(
			await api.post(`/v3/documents/${resume}/update_data`, { totalYearsExperience: -2 }),
			400,
			'totalYearsExperience',
			'min_value',
		);
		expectError(
			await api.post(`/v3/documents/${resume}/update_data`, { emails: 'a@b.c' }),
			400,
			'emails',
			'not_a_list',
		);
		expectError(
			await api.post(`/v3/documents/${resume}/update_data`, { customThing: { nested: true } }),
			400,
			'customThing',
			'invalid',
		);
		expectError(
			await api.post(
				`/v3/documents/${emulator.fixtures.jobDescriptions[3].identifier}/update_data`,
				{ yearsExperience: { parsed: 'lots' } },
			),
			400,
			'yearsExperience.parsed',
			'invalid',
		);
		const invoice = await api.post(
			`/v3/documents/${emulator.fixtures.invoices[0].identifier}/update_data`,
			{ totalAmount: 1 },
		);
		expectError(invoice, 400, 'non_field_errors', 'invalid');
		expect(invoice.body.errors[0].detail).toMatch(
			/only applicable for resumes and job descriptions.*annotations/,
		);
		expect((await api.post('/v3/documents/nOsUcHdC/update_data', {})).status).toBe(404);
	});
});

describe('annotations', () => {
	it('lists a document’s annotations, PATCHes one and the document shows the edit', async () => {
		const invoice = emulator.fixtures.invoices[0].identifier;
		expectError(await api.get('/v3/annotations'), 400, 'document', 'required');
		const listed = await api.get(`/v3/annotations?document=${invoice}`);
		expect(listed.body.count).toBe(emulator.fixtures.invoices[0].annotationIds.length);
		const total = listed.body.results.find((a: Json) => a.dataPoint === 'totalAmount');
		expect(total).toMatchObject({
			document: invoice,
			contentType: 'decimal',
			isClientVerified: false,
			rectangles: expect.any(Array),
		});
		const patched = await api.patch(`/v3/annotations/${total.id}`, {
			parsed: 999.5,
			isClientVerified: true,
		});
		expect(patched.body).toMatchObject({
			id: total.id,
			parsed: 999.5,
			raw: '999.5',
			isClientVerified: true,
			isVerified: true,
		});
		const doc = await api.get(`/v3/documents/${invoice}`);
		expect(doc.body.data.totalAmount).toMatchObject({ id: total.id, parsed: 999.5 });
	});

	it('batch-updates several annotations, all or nothing', async () => {
		const [a, b] = emulator.fixtures.invoices[1].annotationIds;
		const bad = await api.post('/v3/annotations/batch_update', [
			{ id: a, parsed: 'INV-9' },
			{ id: 99999999, parsed: 'x' },
		]);
		expectError(bad, 400, '1.id', 'does_not_exist');
		expect((await api.get(`/v3/annotations/${a}`)).body.parsed).not.toBe('INV-9');
		const good = await api.post('/v3/annotations/batch_update', [
			{ id: a, parsed: 'INV-9' },
			{ id: b, isClientVerified: true },
		]);
		expect(good.status).toBe(200);
		expect(good.body.map((x: Json) => x.id)).toEqual([a, b]);
		expect(good.body[0].parsed).toBe('INV-9');
		expectError(
			await api.post('/v3/annotations/batch_update', { id: a }),
			400,
			'non_field_errors',
			'not_a_list',
		);
		expectError(
			await api.post('/v3/annotations/batch_update', [{ parsed: 'x' }]),
			400,
			'0.id',
			'required',
		);
		expectError(
			await api.post('/v3/annotations/batch_update', [{ id: a, field: 'x' }]),
			400,
			'0.field',
			'unknown_field',
		);
	});

	it('validates a PATCH: parsed by content type, unknown fields, moves between documents', async () => {
		const [first] = emulator.fixtures.invoices[2].annotationIds;
		const record = (await api.get(`/v3/annotations/${first}`)).body;
		expectError(
			await api.patch(`/v3/annotations/${first}`, { parsed: { nested: 1 } }),
			400,
			'parsed',
			'invalid',
		);
		expectError(
			await api.patch(`/v3/annotations/${first}`, { colour: 'red' }),
			400,
			'colour',
			'unknown_field',
		);
		expectError(
			await api.patch(`/v3/annotations/${first}`, {
				document: emulator.fixtures.invoices[0].identifier,
			}),
			400,
			'document',
			'invalid',
		);
		expectError(
			await api.patch(`/v3/annotations/${first}`, { rectangles: [{ x0: 1, y0: 2, x1: 3 }] }),
			400,
			'rectangles.0.y1',
			'required',
		);
		expect(
			(await api.patch(`/v3/annotations/${first}`, { document: record.document, pageIndex: 0 }))
				.status,
		).toBe(200);
		expect((await api.patch('/v3/annotations/99999999', { raw: 'x' })).status).toBe(404);
		expect((await api.patch('/v3/annotations/abc', { raw: 'x' })).status).toBe(404);
	});

	it('edits a resume through its annotations, which the search reflects once re-indexed', async () => {
		const { identifier } = emulator.fixtures.resumes[3];
		const annotations = (await api.get(`/v3/annotations?document=${identifier}`)).body.results;
		const skill = annotations.find((a: Json) => a.contentType === 'skill');
		await api.patch(`/v3/annotations/${skill.id}`, { parsed: 'Competitive Origami' });
		await api.post(`/v3/index/all-resumes/documents/${identifier}/re_index`);
		const found = await api.post('/v2/resume_search', {
			indices: ['all-resumes'],
			skills: [{ name: 'Competitive Origami', required: true }],
		});
		expect(found.body.results.map((r: Json) => r.identifier)).toEqual([identifier]);
	});
});
