// Paging walks every result exactly once: resume search by re-POSTing the same body to `next`,
// and the paged lists (documents, index documents, indices) by GETting `next`. Links are absolute
// on the emulator's own origin and carry limit and offset.

import { startEmulator, type Emulator } from './index';
import { clientFor, type Client, type Json } from './test-client';

let emulator: Emulator;
let api: Client;

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 237, jobDescriptionCount: 5 });
	api = clientFor(emulator);
});
afterAll(() => emulator.stop());

function expectLink(link: string | null, path: string, limit: number, offset: number): void {
	expect(link).not.toBeNull();
	const url = new URL(link as string);
	expect(url.origin).toBe(emulator.url);
	expect(url.pathname).toBe(path);
	expect(url.searchParams.get('limit')).toBe(String(limit));
	expect(url.searchParams.get('offset')).toBe(String(offset));
}

describe('resume search paging', () => {
	const body = {
		indices: ['all-resumes'],
		jobTitles: ['Software Engineer'],
		skills: [{ name: 'SQL' }],
		searchExpression: 'python',
	};

	it.each([3, 7, 50])('walks all %i-per-page pages exactly once, in score order', async (limit) => {
		const pages = await api.searchPages(`/v2/resume_search?limit=${limit}`, body);
		pages.forEach((page, i) => {
			expect(page.count).toBe(237);
			expect(page.results.length).toBeLessThanOrEqual(limit);
			if (page.next) expectLink(page.next, '/v2/resume_search', limit, (i + 1) * limit);
			if (i === 0) expect(page.previous).toBeNull();
			else expectLink(page.previous, '/v2/resume_search', limit, (i - 1) * limit);
		});
		const seen: Json[] = pages.flatMap((page) => page.results);
		expect(pages).toHaveLength(Math.ceil(237 / limit));
		const ids = seen.map((r) => r.identifier);
		expect(ids).toHaveLength(237);
		expect(new Set(ids).size).toBe(237);
		expect(new Set(ids)).toEqual(new Set(emulator.store.indices.get('all-resumes')?.documents));
		const scores = seen.map((r) => r.score);
		expect(scores.every((s, i) => i === 0 || scores[i - 1] >= s)).toBe(true);
	});

	it('answers an offset past the end with no results and a previous link', async () => {
		const answer = await api.post('/v2/resume_search?limit=20&offset=500', body);
		expect(answer.body).toMatchObject({ count: 237, next: null, results: [] });
		expectLink(answer.body.previous, '/v2/resume_search', 20, 480);
	});

	it('pages 20 at a time when no limit is given', async () => {
		const answer = await api.post('/v2/resume_search', body);
		expect(answer.body.results).toHaveLength(20);
		expectLink(answer.body.next, '/v2/resume_search', 20, 20);
	});
});

describe('list paging', () => {
	async function walk(path: string, limit: number): Promise<Json[]> {
		const out: Json[] = [];
		let url: string | null =
			`${emulator.url}${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;
		while (url) {
			const page: Json = await (await api.fetch(url)).json();
			out.push(...page.results);
			url = page.next;
		}
		return out;
	}

	it('walks an index’s documents exactly once, keeping other query parameters', async () => {
		const docs = await walk('/v3/index/all-resumes/documents', 100);
		expect(docs.map((d) => d.document)).toEqual(
			emulator.store.indices.get('all-resumes')?.documents,
		);
	});

	it('walks the documents of a workspace exactly once, filters kept in the links', async () => {
		const workspace = emulator.fixtures.workspaces.recruitment.identifier;
		const first = await api.get(`/v3/documents?workspace=${workspace}&limit=100`);
		expect(new URL(first.body.next).searchParams.get('workspace')).toBe(workspace);
		const docs = await walk(`/v3/documents?workspace=${workspace}`, 100);
		expect(docs).toHaveLength(237 + 5);
		expect(new Set(docs.map((d) => d.meta.identifier)).size).toBe(242);
		expect(docs.every((d) => d.data === undefined)).toBe(true);
	});

	it('bounds list limits to 1..100', async () => {
		expect((await api.get('/v3/documents?limit=101')).status).toBe(400);
		expect((await api.get('/v3/index?limit=0')).status).toBe(400);
		expect((await api.get('/v3/index/all-resumes/documents?offset=-1')).status).toBe(400);
		expect((await api.get('/v3/documents?limit=100')).status).toBe(200);
	});
});
