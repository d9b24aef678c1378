/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The search pool: an index's searches see each document as it was when added or last re-indexed
// (each index its own snapshot), re_index takes the document's current data in, and a document's
// annotations and validation results list as the published schema says. Every answer here is
// checked against test/fixtures/openapi/pool-operations.json, taken from Affinda's OpenAPI document.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startEmulator, type Emulator } from './index';
import { fixturesDir } from './paths';
import { clientFor, type Client, type Json } from './test-client';
import { violations, type OpenApiDocument } from '../helpers/openapi-schema';

const POOL: OpenApiDocument & {
	operations: Record<string, { answer: string | null; responses200HasContent?: boolean }>;
} = JSON.parse(readFileSync(join(fixturesDir(), 'openapi', 'pool-operations.json'), 'utf8'));

/** The answer breaks none of the published schema's rules for the operation. */
function expectPublished(operation: string, body: unknown): void {
	const name = POOL.operations[operation].answer as string;
	expect(violations(body, POOL.components.schemas[name], POOL)).toEqual([]);
}

let emulator: Emulator;
let api: Client;

beforeAll(async () => {
	emulator = await startEmulator({ resumeCount: 60, jobDescriptionCount: 3, seed: 11 });
	api = clientFor(emulator);
});
afterAll(() => emulator.stop());

const ALL = 'all-resumes';
const TECH = 'tech-resumes';

/** Identifiers a search of `index` finds for a resume with this skill. */
async function withSkill(index: string, skill: string): Promise<string[]> {
	const answer = await api.post('/v2/resume_search?limit=50', {
		indices: [index],
		skills: [{ name: skill, required: true }],
	});
	expect(answer.status).toBe(200);
	return answer.body.results.map((r: Json) => r.identifier);
}

/** A resume both indices hold, and the annotation of its first skill. */
async function resumeInBothIndices(): Promise<{ identifier: string; skill: Json }> {
	const tech = emulator.store.indices.get(TECH)?.documents ?? [];
	const identifier = tech.find((id) => emulator.store.indices.get(ALL)?.members.has(id));
	if (!identifier) throw new Error('the seed has no resume in both indices');
	const annotations = (await api.get(`/v3/annotations?document=${identifier}&limit=100`)).body;
	const skill = annotations.results.find((a: Json) => a.dataPoint === 'skills');
	return { identifier, skill };
}

describe('an index sees a document as it took it in, until re-indexed', () => {
	it('an annotation change: the old value still finds it, the new one not; re_index makes it fresh, in that index only', async () => {
		const { identifier, skill } = await resumeInBothIndices();
		const before = String(skill.parsed);
		const after = 'Quantum Basketweaving';
		expect(await withSkill(ALL, before)).toContain(identifier);

		const patched = await api.patch(`/v3/annotations/${skill.id}`, { parsed: after });
		expect(patched).toMatchObject({ status: 200, body: { parsed: after } });
		// The document shows the change at once ...
		const skills = (await api.get(`/v3/documents/${identifier}?compact=true`)).body.data.skills;
		expect(skills.map((s: Json) => s.name)).toContain(after);
		// ... but both indices still see the document as it was.
		for (const index of [ALL, TECH]) {
			expect(await withSkill(index, before)).toContain(identifier);
			expect(await withSkill(index, after)).not.toContain(identifier);
		}

		const reIndexed = await api.post(`/v3/index/${ALL}/documents/${identifier}/re_index`, {});
		expect(reIndexed.status).toBe(200);
		// OAS3 declares no content for the 200: the emulator sends none.
		expect(POOL.operations['POST /v3/index/{name}/documents/{identifier}/re_index']).toMatchObject({
			answer: null,
			responses200HasContent: false,
		});
		expect(reIndexed.body).toBeUndefined();

		expect(await withSkill(ALL, after)).toContain(identifier);
		expect(await withSkill(ALL, before)).not.toContain(identifier);
		// The other index keeps its own snapshot until it is re-indexed too.
		expect(await withSkill(TECH, before)).toContain(identifier);
		expect(await withSkill(TECH, after)).not.toContain(identifier);
		expect((await api.post(`/v3/index/${TECH}/documents/${identifier}/re_index`)).status).toBe(200);
		expect(await withSkill(TECH, after)).toContain(identifier);
		// Re-indexing again changes nothing: it is safe to repeat.
		expect((await api.post(`/v3/index/${TECH}/documents/${identifier}/re_index`)).status).toBe(200);
		expect(await withSkill(TECH, after)).toContain(identifier);
	});

	it('update_data too is seen by search only after re_index', async () => {
		const [, , candidate] = emulator.fixtures.resumes;
		const identifier = candidate.identifier;
		const skill = 'Underwater Welding';
		const updated = await api.post(`/v3/documents/${identifier}/update_data`, {
			skills: [{ name: skill }],
		});
		expect(updated.status).toBe(200);
		expect(await withSkill(ALL, skill)).not.toContain(identifier);
		expect((await api.post(`/v3/index/${ALL}/documents/${identifier}/re_index`)).status).toBe(200);
		expect(await withSkill(ALL, skill)).toContain(identifier);
	});

	it('answers 404 for an unknown index, or a document the index does not hold', async () => {
		const [candidate] = emulator.fixtures.resumes;
		const notHeld = (await api.get('/v3/documents?limit=100')).body.results.find(
			(d: Json) => !emulator.store.indices.get(TECH)?.members.has(d.meta.identifier),
		).meta.identifier;
		for (const path of [
			`/v3/index/no-such-index/documents/${candidate.identifier}/re_index`,
			`/v3/index/${TECH}/documents/${notHeld}/re_index`,
			`/v3/index/${ALL}/documents/NoSuchDoc/re_index`,
		]) {
			expect(await api.post(path)).toMatchObject({
				status: 404,
				body: { errors: [{ code: 'not_found' }] },
			});
		}
	});
});

describe('what an index holds', () => {
	it('lists its documents a page at a time, as the schema says', async () => {
		const operation = 'GET /v3/index/{name}/documents';
		const first = await api.get(`/v3/index/${ALL}/documents?limit=25`);
		expect(first.status).toBe(200);
		expectPublished(operation, first.body);
		expect(first.body.results).toHaveLength(25);
		const all: string[] = first.body.results.map((r: Json) => r.document);
		let next: string | null = first.body.next;
		while (next) {
			const page = await api.get(next.replace(emulator.url, ''));
			expectPublished(operation, page.body);
			all.push(...page.body.results.map((r: Json) => r.document));
			next = page.body.next;
		}
		expect(all).toEqual(emulator.store.indices.get(ALL)?.documents);
		expect(all.length).toBe(first.body.count);
		expect((await api.get('/v3/index/no-such-index/documents')).status).toBe(404);
	});
});

describe("a document's annotations and validation results", () => {
	it('lists annotations a page at a time (PaginatedResponse of Annotation)', async () => {
		const [candidate] = emulator.fixtures.resumes;
		const operation = 'GET /v3/annotations';
		const first = await api.get(`/v3/annotations?document=${candidate.identifier}&limit=3`);
		expectPublished(operation, first.body);
		expect(first.body.results).toHaveLength(3);
		expect(first.body.next).toContain('offset=3');
		const whole = await api.get(`/v3/annotations?document=${candidate.identifier}&limit=100`);
		expectPublished(operation, whole.body);
		expect(whole.body.count).toBe(first.body.count);
		expect(whole.body.results.slice(0, 3)).toEqual(first.body.results);
		expect(whole.body.results.map((a: Json) => a.dataPoint)).toEqual(
			expect.arrayContaining(['emails', 'phoneNumbers', 'skills']),
		);
	});

	it('validation results follow the annotations: a cleared email fails "email-present", a new one passes', async () => {
		const [, candidate] = emulator.fixtures.resumes;
		const identifier = candidate.identifier;
		const operation = 'GET /v3/validation_results';
		const results = async () => {
			const answer = await api.get(`/v3/validation_results?document=${identifier}`);
			expect(answer.status).toBe(200);
			expectPublished(operation, answer.body);
			return Object.fromEntries(answer.body.map((r: Json) => [r.ruleSlug, r]));
		};
		const before = await results();
		expect(Object.keys(before)).toEqual(expect.arrayContaining(['email-present', 'phone-present']));
		expect(before['email-present']).toMatchObject({ passed: true, document: identifier });
		expect(before['phone-present']).toMatchObject({ passed: true });

		const annotations = (await api.get(`/v3/annotations?document=${identifier}&limit=100`)).body
			.results;
		const emails = annotations.filter((a: Json) => a.dataPoint === 'emails');
		expect(before['email-present'].annotations).toEqual(emails.map((a: Json) => a.id));
		const cleared = await api.post(
			'/v3/annotations/batch_update',
			emails.map((a: Json) => ({ id: a.id, parsed: null })),
		);
		expect(cleared.status).toBe(200);
		const after = await results();
		expect(after['email-present']).toMatchObject({
			id: before['email-present'].id,
			passed: false,
			message: expect.stringContaining('email'),
		});
		expect(after['phone-present']).toMatchObject({ passed: true });

		await api.patch(`/v3/annotations/${emails[0].id}`, { parsed: 'jane@example.com' });
		expect((await results())['email-present']).toMatchObject({ passed: true });
	});

	it('cuts the validation results by limit and offset; refuses a missing or unknown document', async () => {
		const [candidate] = emulator.fixtures.resumes;
		const all = (await api.get(`/v3/validation_results?document=${candidate.identifier}`)).body;
		const second = await api.get(
			`/v3/validation_results?document=${candidate.identifier}&limit=1&offset=1`,
		);
		expect(second.body).toEqual([all[1]]);
		expect((await api.get('/v3/validation_results')).status).toBe(400);
		expect((await api.get('/v3/validation_results?document=NoSuchDoc')).status).toBe(400);
		// A job description has no resume rules.
		const [jd] = emulator.fixtures.jobDescriptions;
		expect((await api.get(`/v3/validation_results?document=${jd.identifier}`)).body).toEqual([]);
	});
});
