// The dropdown sources: organizations, workspaces (organization required), document types,
// occupation groups, indices; and that the fixtures name what the API serves.

import { startEmulator, type Emulator } from './index';
import { clientFor, type Client, type Json } from './test-client';

let emulator: Emulator;
let api: Client;

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 40, jobDescriptionCount: 3 });
	api = clientFor(emulator);
});
afterAll(() => emulator.stop());

it('lists the organization (an unpaged array) with its signature key', async () => {
	const answer = await api.get('/v3/organizations');
	expect(answer.body).toEqual([
		{
			identifier: emulator.fixtures.organization.identifier,
			name: emulator.fixtures.organization.name,
			userRole: 'admin',
			avatar: null,
			resthookSignatureKey: expect.stringMatching(/^[0-9a-f]{64}$/),
			isTrial: false,
			validationToolConfig: null,
			showCustomFieldCreation: false,
		},
	]);
	expect(
		(await api.get(`/v3/organizations/${emulator.fixtures.organization.identifier}`)).status,
	).toBe(200);
});

it('lists workspaces of an organization, which is required', async () => {
	const { organization, workspaces, documentTypes } = emulator.fixtures;
	expect(await api.get('/v3/workspaces')).toMatchObject({
		status: 400,
		body: { errors: [{ attr: 'organization', code: 'required' }] },
	});
	expect(await api.get('/v3/workspaces?organization=nOsUcHor')).toMatchObject({
		status: 400,
		body: { errors: [{ attr: 'organization', code: 'invalid_choice' }] },
	});
	const answer = await api.get(`/v3/workspaces?organization=${organization.identifier}`);
	expect(answer.body.map((w: Json) => [w.identifier, w.name])).toEqual([
		[workspaces.recruitment.identifier, 'Recruitment'],
		[workspaces.finance.identifier, 'Finance'],
	]);
	expect(answer.body[0]).toMatchObject({
		organization: { identifier: organization.identifier },
		documentTypes: [documentTypes.resume.identifier, documentTypes.jobDescription.identifier],
		visibility: 'organization',
	});
	expect(
		(await api.get(`/v3/workspaces?organization=${organization.identifier}&name=fin`)).body,
	).toHaveLength(1);
});

it('lists document types, optionally of one workspace', async () => {
	const all = await api.get('/v3/document_types');
	expect(all.body.map((t: Json) => t.name)).toEqual(['Resume', 'Job Description', 'Invoice']);
	expect(all.body[0]).toEqual({
		identifier: emulator.fixtures.documentTypes.resume.identifier,
		name: 'Resume',
		description: expect.any(String),
		ingest_email: expect.any(String),
		organization: emulator.fixtures.organization.identifier,
	});
	const finance = await api.get(
		`/v3/document_types?workspace=${emulator.fixtures.workspaces.finance.identifier}`,
	);
	expect(finance.body.map((t: Json) => t.name)).toEqual(['Invoice']);
	expect((await api.get('/v3/document_types?workspace=nOsUcHws')).status).toBe(400);
});

it('lists the collections of a workspace, which is required', async () => {
	const { collections, workspaces } = emulator.fixtures;
	expect(await api.get('/v3/collections')).toMatchObject({
		status: 400,
		body: { errors: [{ attr: 'workspace', code: 'required' }] },
	});
	const answer = await api.get(`/v3/collections?workspace=${workspaces.recruitment.identifier}`);
	expect(answer.body.map((c: Json) => c.identifier)).toEqual([
		collections.resumes.identifier,
		collections.jobDescriptions.identifier,
	]);
	expect(answer.body[0]).toMatchObject({
		name: 'Resumes',
		workspace: { identifier: workspaces.recruitment.identifier },
		extractor: { identifier: 'resume' },
	});
	const workspace = await api.get(`/v3/workspaces/${workspaces.finance.identifier}`);
	expect(workspace.body.collections).toEqual([
		expect.objectContaining({ identifier: collections.invoices.identifier, name: 'Invoices' }),
	]);
	expect((await api.get(`/v3/collections/${collections.invoices.identifier}`)).status).toBe(200);
});

it('serves occupation groups as a tree whose codes socCodes take', async () => {
	const tree = (await api.get('/v3/occupation_groups')).body;
	expect(tree.map((g: Json) => g.code)).toEqual([1, 2, 3, 4, 5, 7]);
	const find = (nodes: Json[], code: number): Json => nodes.find((n) => n.code === code);
	const programmers = find(find(find(find(tree, 2).children, 21).children, 213).children, 2134);
	expect(programmers).toEqual({
		code: 2134,
		name: 'Programmers and software development professionals',
		children: [],
	});
});

it('lists indices, paged and filtered by document type; creates and deletes one', async () => {
	const all = await api.get('/v3/index');
	expect(all.body).toMatchObject({ count: 4, next: null, previous: null });
	expect(all.body.results[0]).toEqual({
		name: 'all-resumes',
		docType: 'resumes',
		user: { id: 1, name: expect.any(String), email: expect.any(String), avatar: null },
	});
	const resumes = await api.get('/v3/index?document_type=resumes&limit=2');
	expect(resumes.body.results.map((i: Json) => i.name)).toEqual(['all-resumes', 'tech-resumes']);
	expect(new URL(resumes.body.next).searchParams.get('document_type')).toBe('resumes');
	expect((await api.get('/v3/index?document_type=invoices')).status).toBe(400);
	expect((await api.post('/v3/index', { name: 'shortlist', docType: 'resumes' })).status).toBe(201);
	expect(await api.post('/v3/index', { name: 'shortlist' })).toMatchObject({
		status: 400,
		body: { errors: [{ attr: 'name', code: 'unique' }] },
	});
	expect((await api.delete('/v3/index/shortlist')).status).toBe(204);
	expect((await api.get('/v3/index/shortlist/documents')).status).toBe(404);
});

it('gives fixtures that match what the API serves', async () => {
	const { fixtures } = emulator;
	expect(fixtures.resumes).toHaveLength(10);
	const first = await api.get(`/v3/documents/${fixtures.resumes[0].identifier}`);
	expect(first.body.data.name.raw).toBe(fixtures.resumes[0].name);
	const jd = await api.get(`/v3/documents/${fixtures.jobDescriptions[0].identifier}?compact=true`);
	expect(jd.body.data.jobTitle.name).toBe(fixtures.jobDescriptions[0].jobTitle);
	expect(fixtures.invoices).toHaveLength(3);
	expect(fixtures.customDataPoints.map((d) => d.slug)).toEqual([
		'isAvailable',
		'expectedSalary',
		'noticePeriodWeeks',
		'workRights',
	]);
});
