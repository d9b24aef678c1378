// Tags (a workspace's labels, set on many documents at once) and taking a document out of an index
// or an index away: what the service's schema says, and what the documents and searches show after.

import { startEmulator, type Emulator } from './index';
import { clientFor, type Client, type Json } from './test-client';

let emulator: Emulator;
let api: Client;

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 40, jobDescriptionCount: 3, seed: 7 });
	api = clientFor(emulator);
});
afterAll(() => emulator.stop());

const recruitment = () => emulator.fixtures.workspaces.recruitment.identifier;

describe('tags', () => {
	it('creates, lists (a plain array, filtered), renames and deletes a tag', async () => {
		const created = await api.post('/v3/tags', { name: 'shortlisted', workspace: recruitment() });
		expect(created).toMatchObject({
			status: 201,
			body: {
				id: expect.any(Number),
				name: 'shortlisted',
				workspace: recruitment(),
				documentCount: 0,
			},
		});
		const { id } = created.body;
		await api.post('/v3/tags', { name: 'REQ-1042', workspace: recruitment() });
		const finance = emulator.fixtures.workspaces.finance.identifier;
		await api.post('/v3/tags', { name: 'shortlisted', workspace: finance });

		const all = await api.get(`/v3/tags?workspace=${recruitment()}`);
		expect(all.body.map((t: Json) => t.name)).toEqual(['shortlisted', 'REQ-1042']);
		expect((await api.get('/v3/tags?name=shortlisted')).body.map((t: Json) => t.workspace)).toEqual(
			[recruitment(), finance],
		);
		expect((await api.get('/v3/tags?limit=1&offset=1')).body.map((t: Json) => t.name)).toEqual([
			'REQ-1042',
		]);
		expect((await api.get(`/v3/tags/${id}`)).body).toMatchObject({ id, name: 'shortlisted' });
		expect((await api.patch(`/v3/tags/${id}`, { name: 'short list' })).body.name).toBe(
			'short list',
		);
		expect((await api.delete(`/v3/tags/${id}`)).status).toBe(204);
		expect((await api.get(`/v3/tags/${id}`)).status).toBe(404);
		expect((await api.delete(`/v3/tags/${id}`)).status).toBe(404);
	});

	it('refuses a tag without a name or workspace, in an unknown workspace, or named twice there', async () => {
		expect(await api.post('/v3/tags', { name: 'x' })).toMatchObject({
			status: 400,
			body: { type: 'validation_error', errors: [{ attr: 'workspace', code: 'required' }] },
		});
		expect(await api.post('/v3/tags', { name: ' ', workspace: recruitment() })).toMatchObject({
			status: 400,
			body: { errors: [{ attr: 'name', code: 'blank' }] },
		});
		expect(await api.post('/v3/tags', { name: 1, workspace: recruitment() })).toMatchObject({
			status: 400,
			body: { errors: [{ attr: 'name', code: 'invalid' }] },
		});
		expect(await api.post('/v3/tags', { name: 'x', workspace: 'nowhere' })).toMatchObject({
			status: 400,
			body: { errors: [{ attr: 'workspace', code: 'does_not_exist' }] },
		});
		await api.post('/v3/tags', { name: 'twice', workspace: recruitment() });
		expect(await api.post('/v3/tags', { name: 'twice', workspace: recruitment() })).toMatchObject({
			status: 400,
			body: { errors: [{ attr: 'non_field_errors', code: 'unique' }] },
		});
		expect((await api.get('/v3/tags?workspace=nowhere')).status).toBe(400);
	});

	it('tags many documents in one request; documents show it, the list and search find them', async () => {
		const [a, b, c] = emulator.fixtures.resumes.map((r) => r.identifier);
		const tag = (await api.post('/v3/tags', { name: 'REQ-7', workspace: recruitment() })).body;
		expect(
			await api.post('/v3/documents/batch_add_tag', { identifiers: [a, b], tag: tag.id }),
		).toMatchObject({ status: 204 });
		// Adding again changes nothing.
		expect(
			(await api.post('/v3/documents/batch_add_tag', { identifiers: [a], tag: tag.id })).status,
		).toBe(204);
		expect((await api.get(`/v3/tags/${tag.id}`)).body.documentCount).toBe(2);
		expect((await api.get(`/v3/documents/${a}`)).body.meta.tags).toEqual([
			{ id: tag.id, name: 'REQ-7', workspace: recruitment(), documentCount: 2 },
		]);
		expect((await api.get(`/v3/documents/${c}`)).body.meta.tags).toEqual([]);
		const listed = await api.get(`/v3/documents?tags=${tag.id}`);
		expect(listed.body.results.map((d: Json) => d.meta.identifier).sort()).toEqual([a, b].sort());
		const searched = await api.get('/v3/documents?search=req-7');
		expect(searched.body.results.map((d: Json) => d.meta.identifier).sort()).toEqual([a, b].sort());
		expect((await api.get('/v3/documents?tags=99999')).status).toBe(400);

		expect(
			(await api.post('/v3/documents/batch_remove_tag', { identifiers: [a, c], tag: tag.id }))
				.status,
		).toBe(204);
		expect(
			(await api.get(`/v3/documents?tags=${tag.id}`)).body.results.map(
				(d: Json) => d.meta.identifier,
			),
		).toEqual([b]);
	});

	it('refuses a batch with an unknown tag or document, or a document of another workspace', async () => {
		const [a] = emulator.fixtures.resumes.map((r) => r.identifier);
		const tag = (await api.post('/v3/tags', { name: 'checked', workspace: recruitment() })).body;
		expect(
			await api.post('/v3/documents/batch_add_tag', { identifiers: [a], tag: 99999 }),
		).toMatchObject({
			status: 400,
			body: { errors: [{ attr: 'tag', code: 'does_not_exist' }] },
		});
		expect(
			await api.post('/v3/documents/batch_add_tag', { identifiers: [a, 'nope'], tag: tag.id }),
		).toMatchObject({
			status: 400,
			body: { errors: [{ attr: 'identifiers.1', code: 'does_not_exist' }] },
		});
		const invoice = emulator.fixtures.invoices[0].identifier;
		expect(
			await api.post('/v3/documents/batch_add_tag', { identifiers: [invoice], tag: tag.id }),
		).toMatchObject({
			status: 400,
			body: { errors: [{ attr: 'identifiers.0', code: 'invalid' }] },
		});
		for (const body of [
			{ identifiers: [a] },
			{ identifiers: [], tag: tag.id },
			{ identifiers: [a], tag: '1' },
		]) {
			expect((await api.post('/v3/documents/batch_remove_tag', body)).status).toBe(400);
		}
		// Nothing was tagged by a refused batch.
		expect((await api.get(`/v3/tags/${tag.id}`)).body.documentCount).toBe(0);
	});

	it('a deleted document leaves its tags', async () => {
		const doc = emulator.fixtures.resumes[9].identifier;
		const tag = (await api.post('/v3/tags', { name: 'gone', workspace: recruitment() })).body;
		await api.post('/v3/documents/batch_add_tag', { identifiers: [doc], tag: tag.id });
		expect((await api.delete(`/v3/documents/${doc}`)).status).toBe(204);
		expect((await api.get(`/v3/tags/${tag.id}`)).body.documentCount).toBe(0);
	});
});

describe('leaving an index', () => {
	it('a removed document leaves search results; removing it again is a 404', async () => {
		const [candidate] = emulator.fixtures.resumes;
		const search = async () =>
			(
				await api.post('/v2/resume_search?limit=50', {
					indices: [emulator.fixtures.indices.resumes],
					jobTitles: [candidate.jobTitle],
				})
			).body.results.map((r: Json) => r.identifier);
		expect(await search()).toContain(candidate.identifier);
		const path = `/v3/index/${emulator.fixtures.indices.resumes}/documents/${candidate.identifier}`;
		expect((await api.delete(path)).status).toBe(204);
		expect(await search()).not.toContain(candidate.identifier);
		expect(await api.delete(path)).toMatchObject({
			status: 404,
			body: { errors: [{ code: 'not_found' }] },
		});
		// The document itself stays.
		expect((await api.get(`/v3/documents/${candidate.identifier}`)).status).toBe(200);
		expect(
			(await api.delete(`/v3/index/no-such-index/documents/${candidate.identifier}`)).status,
		).toBe(404);
	});

	it('an index is created with a name and a document type, and deleted with its members', async () => {
		expect(await api.post('/v3/index', { name: 'role-42', docType: 'resumes' })).toMatchObject({
			status: 201,
			body: { name: 'role-42', docType: 'resumes', user: expect.any(Object) },
		});
		expect(await api.post('/v3/index', { name: 'role-42', docType: 'resumes' })).toMatchObject({
			status: 400,
			body: { errors: [{ attr: 'name', code: 'unique' }] },
		});
		expect((await api.post('/v3/index', { name: 'x', docType: 'invoices' })).status).toBe(400);
		expect((await api.post('/v3/index', { docType: 'resumes' })).status).toBe(400);
		const [candidate] = emulator.fixtures.resumes.slice(1);
		expect(
			(await api.post('/v3/index/role-42/documents', { document: candidate.identifier })).status,
		).toBe(201);
		expect((await api.delete('/v3/index/role-42')).status).toBe(204);
		expect((await api.delete('/v3/index/role-42')).status).toBe(404);
		expect((await api.post('/v2/resume_search', { indices: ['role-42'] })).status).toBe(400);
	});
});
