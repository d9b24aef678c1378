// The NextGen workspace (started with `nextGen`): resumes in NextGen's schema, annotated unless
// compact; a custom document type keyed by field slugs; a document type's JSON schema.

import { startEmulator, type Emulator } from './index';
import { clientFor, type Client, type Json } from './test-client';

let emulator: Emulator;
let api: Client;
let nextGen: NonNullable<Emulator['fixtures']['nextGen']>;

beforeAll(async () => {
	emulator = await startEmulator({
		resumeCount: 20,
		jobDescriptionCount: 2,
		parseDelayMs: 20,
		nextGen: true,
	});
	api = clientFor(emulator);
	nextGen = emulator.fixtures.nextGen as typeof nextGen;
});
afterAll(() => emulator.stop());

/** Whether any object inside a value has the annotation's own fields. */
function hasAnnotation(value: unknown): boolean {
	if (Array.isArray(value)) return value.some(hasAnnotation);
	if (value && typeof value === 'object') {
		if ('confidence' in value && 'parsed' in value) return true;
		return Object.values(value).some(hasAnnotation);
	}
	return false;
}

it('serves the NextGen workspace beside the legacy one, with its two document types', async () => {
	const { organization } = emulator.fixtures;
	const workspaces = await api.get(`/v3/workspaces?organization=${organization.identifier}`);
	expect(workspaces.body.map((w: Json) => w.name)).toEqual([
		'Recruitment',
		'Finance',
		'Recruitment (NextGen)',
	]);
	const types = await api.get(`/v3/document_types?workspace=${nextGen.workspace.identifier}`);
	expect(types.body.map((t: Json) => t.name)).toEqual(['Resume (NextGen)', 'Right to Work Check']);
	expect(nextGen.resumes).toHaveLength(3);
	expect(nextGen.customDocuments).toHaveLength(3);
});

it('answers a NextGen resume in its schema: annotation objects, extractor resume-v4', async () => {
	const { body } = await api.get(`/v3/documents/${nextGen.resumes[0]}`);
	expect(body.extractor).toBe('resume-v4');
	expect(body.meta.documentType).toBe(nextGen.documentTypes.resume.identifier);
	const { data } = body;
	expect(data).not.toHaveProperty('name');
	expect(data).not.toHaveProperty('emails');
	expect(data.candidateName).toMatchObject({
		contentType: 'group',
		parsed: {
			candidateNameFirst: { parsed: expect.any(String), confidence: expect.any(Number) },
			candidateNameFamily: { parsed: expect.any(String), confidence: expect.any(Number) },
		},
	});
	expect(data.email[0]).toMatchObject({
		parsed: expect.stringContaining('@'),
		isClientVerified: false,
	});
	expect(data.phoneNumber[0].parsed).toEqual({
		rawText: expect.any(String),
		formattedNumber: expect.any(String),
	});
	expect(data.skill[0].parsed).toMatchObject({ name: expect.any(String) });
	expect(data.totalYearsExperience).toMatchObject({ parsed: expect.any(Number) });
	const job = data.workExperience[0].parsed;
	expect(job).toMatchObject({
		jobTitle: { parsed: expect.any(String) },
		workExperienceDateRange: {
			parsed: { start: expect.any(Object), end: { isCurrent: expect.any(Boolean) } },
		},
	});
	expect(data.language[0].parsed.languageName.parsed).toEqual({
		label: expect.any(String),
		value: expect.any(String),
	});
});

it('with compact=true, the same values and no annotation anywhere', async () => {
	const annotated = (await api.get(`/v3/documents/${nextGen.resumes[0]}`)).body.data;
	const { data } = (await api.get(`/v3/documents/${nextGen.resumes[0]}?compact=true`)).body;
	expect(hasAnnotation(data)).toBe(false);
	expect(data.candidateName.candidateNameFirst).toBe(
		annotated.candidateName.parsed.candidateNameFirst.parsed,
	);
	expect(data.email).toEqual(annotated.email.map((e: Json) => e.parsed));
	expect(data.skill.map((s: Json) => s.name)).toEqual(
		annotated.skill.map((s: Json) => s.parsed.name),
	);
	expect(data.workExperience[0].jobTitle).toBe(annotated.workExperience[0].parsed.jobTitle.parsed);
});

it('a person verifying an annotation shows on the NextGen value', async () => {
	const { data } = (await api.get(`/v3/documents/${nextGen.resumes[1]}`)).body;
	const id = data.email[0].id;
	expect(typeof id).toBe('number');
	expect((await api.patch(`/v3/annotations/${id}`, { isClientVerified: true })).status).toBe(200);
	const after = (await api.get(`/v3/documents/${nextGen.resumes[1]}`)).body.data;
	expect(after.email[0]).toMatchObject({ id, isClientVerified: true, isVerified: true });
});

it('an upload into the NextGen workspace parses as a resume and answers in NextGen', async () => {
	const file = emulator.fixtures.sampleFiles.resumeText;
	const legacy = await api.upload(file, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
	});
	const upload = await api.upload(file, { workspace: nextGen.workspace.identifier });
	expect(upload.status).toBe(200);
	expect(upload.body.extractor).toBe('resume-v4');
	const name = upload.body.data.candidateName.parsed;
	expect([name.candidateNameFirst.parsed, name.candidateNameFamily.parsed]).toEqual([
		legacy.body.data.name.first,
		legacy.body.data.name.last,
	]);
	expect(upload.body.data.email.map((e: Json) => e.parsed)).toEqual(legacy.body.data.emails);
});

it('a custom document type: data keyed by its slugs, annotated unless compact, a missing field null', async () => {
	const { body } = await api.get(`/v3/documents/${nextGen.customDocuments[0]}`);
	expect(body.extractor).toBe('right-to-work-check');
	expect(Object.keys(body.data).sort()).toEqual([
		'documentNumber',
		'expiryDate',
		'holderAddress',
		'holderName',
		'issuingCountry',
		'rawText',
		'visaType',
		'workRestrictions',
	]);
	expect(body.data.holderName).toMatchObject({
		parsed: expect.any(String),
		confidence: expect.any(Number),
	});
	expect(body.data.visaType.parsed).toEqual({
		label: expect.any(String),
		value: expect.any(String),
	});
	const compact = (await api.get(`/v3/documents/${nextGen.customDocuments[0]}?compact=true`)).body
		.data;
	expect(compact.holderName).toBe(body.data.holderName.parsed);
	const upload = await api.upload(
		{
			name: 'rtw.txt',
			bytes: Buffer.from(
				'RIGHT TO WORK CHECK\nHolder Name: Ada Quinn\nVisa Type: Student\nExpiry Date: 2027-03-31\n',
			),
		},
		{ workspace: nextGen.workspace.identifier, compact: 'true' },
	);
	expect(upload.body.extractor).toBe('right-to-work-check');
	expect(upload.body.data).toMatchObject({
		holderName: 'Ada Quinn',
		visaType: { label: 'Student', value: 'student' },
		expiryDate: '2027-03-31',
		workRestrictions: null,
		documentNumber: null,
	});
});

it("GET /v3/document_types/{identifier}/json_schema: a custom type's slugs, a NextGen resume's fields", async () => {
	const custom = await api.get(
		`/v3/document_types/${nextGen.documentTypes.custom.identifier}/json_schema`,
	);
	expect(custom.status).toBe(200);
	expect(custom.body).toMatchObject({ title: 'Right to Work Check', type: 'object' });
	expect(Object.keys(custom.body.properties)).toEqual([
		'holderName',
		'documentNumber',
		'visaType',
		'expiryDate',
		'issuingCountry',
		'holderAddress',
		'workRestrictions',
	]);
	expect(custom.body.properties.visaType.properties.value.enum).toContain('skilled_worker');
	const resume = await api.get(
		`/v3/document_types/${nextGen.documentTypes.resume.identifier}/json_schema?title=CV`,
	);
	expect(resume.body.title).toBe('CV');
	expect(resume.body.properties).toMatchObject({
		candidateName: { type: 'object', properties: { candidateNameFirst: { type: 'string' } } },
		email: { type: 'array', items: { type: 'string' } },
		skill: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
	});
	expect((await api.get('/v3/document_types/nOsUcHty/json_schema')).status).toBe(404);
});
