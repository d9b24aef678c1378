import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * The search pool against the emulator, whose index is a snapshot as the service's is: a
 * correction is not found by Resume → Search until the document is re-indexed, by Index →
 * Re-index Document or by the update's Re-index In. The exact wire is pool.test.ts.
 */
describe('keeping the search pool true, against the emulator', () => {
	let emulator: Emulator;
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const run = async (parameters: IDataObject) => {
		const result = await runWorkflow(affindaWorkflow(parameters), { credentials: credentials() });
		expect(result.error()).toBeUndefined();
		return result.output(AFFINDA_NODE_NAME);
	};
	const locator = (value: string) => ({ __rl: true, mode: 'id', value });
	const INDEX = 'all-resumes';

	/** Identifiers Resume → Search finds in the index for a resume with this skill. */
	const withSkill = async (skill: string) =>
		(
			await run({
				resource: 'resume',
				operation: 'search',
				indices: [INDEX],
				searchMode: 'custom',
				criteria: { skills: { skills: { values: [{ name: skill, required: true }] } } },
				returnAll: true,
			})
		).map((item) => item.json.identifier);

	/** A resume's first skill annotation, read with Annotation → Get Many and its field filter. */
	const firstSkill = async (identifier: string) => {
		const [skill] = await run({
			resource: 'annotation',
			operation: 'getMany',
			identifier: locator(identifier),
			filters: { field: 'skills' },
			limit: 1,
		});
		return skill.json as { id: number; value: string };
	};

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 80, jobDescriptionCount: 3, seed: 21 });
	});
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	test('a corrected skill: stale until Index → Re-index Document, then fresh', async () => {
		const [candidate] = emulator.fixtures.resumes;
		const skill = await firstSkill(candidate.identifier);
		const corrected = 'Competitive Orienteering';
		await run({
			resource: 'annotation',
			operation: 'update',
			id: skill.id,
			updateFields: { parsed: corrected },
		});
		expect(await withSkill(skill.value)).toContain(candidate.identifier);
		expect(await withSkill(corrected)).not.toContain(candidate.identifier);

		const [reIndexed] = await run({
			resource: 'index',
			operation: 'reIndexDocument',
			indexName: INDEX,
			document: locator(candidate.identifier),
		});
		expect(reIndexed.json).toEqual({
			index: INDEX,
			document: candidate.identifier,
			reIndexed: true,
		});
		expect(await withSkill(corrected)).toContain(candidate.identifier);
		expect(await withSkill(skill.value)).not.toContain(candidate.identifier);
	});

	test('Annotation → Update with Re-index In: the corrected value is found at once', async () => {
		const [, candidate] = emulator.fixtures.resumes;
		const skill = await firstSkill(candidate.identifier);
		const corrected = 'Glacier Surveying';
		emulator.clearReceived();
		const [updated] = await run({
			resource: 'annotation',
			operation: 'update',
			id: skill.id,
			updateFields: { parsed: corrected },
			options: { reIndexIn: [INDEX] },
		});
		expect(updated.json).toMatchObject({ id: skill.id, reIndexed: [INDEX] });
		expect(emulator.received.map((r) => `${r.method} ${r.path}`)).toEqual([
			`PATCH /v3/annotations/${skill.id}`,
			`POST /v3/index/${INDEX}/documents/${candidate.identifier}/re_index`,
		]);
		expect(await withSkill(corrected)).toContain(candidate.identifier);
	});

	test('Re-index Document of a document the index lacks, and of an unknown index, say which', async () => {
		const [candidate] = emulator.fixtures.resumes;
		const notInTech = emulator.store
			.indexedDocuments([INDEX])
			.find((doc) => !emulator.store.indices.get('tech-resumes')?.members.has(doc.identifier));
		for (const [indexName, document, message] of [
			[
				'tech-resumes',
				notInTech?.identifier as string,
				`The index "tech-resumes" does not hold the document ${notInTech?.identifier} [item 0]`,
			],
			[
				'no-such-index',
				candidate.identifier,
				'Affinda has no index named "no-such-index" [item 0]',
			],
		]) {
			const { error } = await runWorkflow(
				affindaWorkflow({
					resource: 'index',
					operation: 'reIndexDocument',
					indexName,
					document: locator(document),
				}),
				{ credentials: credentials() },
			);
			expect(error()?.message).toBe(message);
		}
	});

	test('Get Documents lists what the index holds; validation results follow a cleared email', async () => {
		const documents = await run({
			resource: 'index',
			operation: 'getDocuments',
			indexName: 'tech-resumes',
			returnAll: true,
		});
		expect(documents.map((item) => item.json.document)).toEqual(
			emulator.store.indices.get('tech-resumes')?.documents,
		);
		const detailed = await run({
			resource: 'index',
			operation: 'getDocuments',
			indexName: 'tech-resumes',
			limit: 3,
			includeDocumentDetails: true,
		});
		expect(detailed.map((item) => item.json.identifier)).toEqual(
			documents.slice(0, 3).map((item) => item.json.document),
		);

		const [, , candidate] = emulator.fixtures.resumes;
		const results = async () =>
			Object.fromEntries(
				(
					await run({
						resource: 'validationResult',
						operation: 'getMany',
						identifier: locator(candidate.identifier),
						returnAll: true,
					})
				).map((item) => [item.json.rule, item.json.passed]),
			);
		expect(await results()).toMatchObject({ 'email-present': true, 'phone-present': true });
		const emails = await run({
			resource: 'annotation',
			operation: 'getMany',
			identifier: locator(candidate.identifier),
			filters: { field: 'emails' },
			returnAll: true,
		});
		const cleared = await runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'batchUpdate',
				source: 'inputItems',
			}),
			{
				credentials: credentials(),
				input: emails.map((item) => ({ json: { id: item.json.id, parsed: null } })),
			},
		);
		expect(cleared.error()).toBeUndefined();
		expect(await results()).toMatchObject({ 'email-present': false, 'phone-present': true });
	});
});
