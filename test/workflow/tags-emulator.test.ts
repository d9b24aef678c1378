import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Tags and leaving an index against the emulator, which validates as the service does and keeps
 * state: each change is read back through the service's own API, and through the node (Document
 * → Get Many by tag, Resume → Search). The exact wire is tags.test.ts and index.test.ts.
 */
describe('Tags and leaving an index, against the emulator', () => {
	let emulator: Emulator;
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const read = async (path: string, init: RequestInit = {}) =>
		(await fetch(`${emulator.url}${path}`, {
			...init,
			headers: { authorization: `Bearer ${emulator.fixtures.key}` },
		}).then((response) => response.json())) as Record<string, unknown>;
	const run = (parameters: IDataObject, input: Array<{ json: IDataObject }> = [{ json: {} }]) =>
		runWorkflow(affindaWorkflow(parameters), { credentials: credentials(), input });

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 60, jobDescriptionCount: 5, seed: 30 });
	});
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	test("Add Tag by name creates the tag in the documents' workspace, tags them in one request; Get Many finds them by tag", async () => {
		const ids = emulator.fixtures.resumes.slice(0, 3).map((r) => r.identifier);
		emulator.clearReceived();
		const added = await run(
			{
				resource: 'document',
				operation: 'addTag',
				identifier: '={{ $json.id }}',
				tag: { __rl: true, mode: 'name', value: 'REQ-1042' },
				createIfMissing: true,
			},
			ids.map((id) => ({ json: { id } })),
		);
		expect(added.run.status).toBe('success');
		const batches = emulator.received.filter((r) => r.path === '/v3/documents/batch_add_tag');
		expect(batches).toHaveLength(1);
		const [tagged] = added.output(AFFINDA_NODE_NAME);
		const tag = tagged.json.tag as { id: number; workspace: string };
		expect(tag.workspace).toBe(emulator.fixtures.workspaces.recruitment.identifier);
		expect(tagged.json.tagCreated).toBe(true);
		expect(await read(`/v3/tags/${tag.id}`)).toMatchObject({ name: 'REQ-1042', documentCount: 3 });

		const found = await run({
			resource: 'document',
			operation: 'getMany',
			returnAll: true,
			filters: { tags: String(tag.id) },
		});
		expect(
			found
				.output(AFFINDA_NODE_NAME)
				.map((item) => item.json.identifier)
				.sort(),
		).toEqual([...ids].sort());

		// Running again: the tag is found, not created twice.
		const again = await run({
			resource: 'document',
			operation: 'addTag',
			identifier: ids[0],
			tag: { __rl: true, mode: 'name', value: 'REQ-1042' },
			createIfMissing: true,
		});
		expect(again.output(AFFINDA_NODE_NAME)[0].json).toEqual({
			identifier: ids[0],
			tag: { id: tag.id, name: 'REQ-1042', workspace: tag.workspace },
		});

		const removed = await run(
			{
				resource: 'document',
				operation: 'removeTag',
				identifier: '={{ $json.id }}',
				tag: { __rl: true, mode: 'id', value: String(tag.id) },
			},
			ids.slice(0, 2).map((id) => ({ json: { id } })),
		);
		expect(removed.run.status).toBe('success');
		expect(await read(`/v3/tags/${tag.id}`)).toMatchObject({ documentCount: 1 });
	});

	test('a tag of another workspace is refused by the service, paired with each item', async () => {
		const finance = emulator.fixtures.workspaces.finance.identifier;
		const { output } = await runWorkflow(
			affindaWorkflow(
				{
					resource: 'document',
					operation: 'addTag',
					identifier: emulator.fixtures.resumes[5].identifier,
					tag: { __rl: true, mode: 'name', value: 'invoices-checked' },
					workspace: { __rl: true, mode: 'id', value: finance },
					createIfMissing: true,
				},
				{ onError: 'continueErrorOutput' },
			),
			{ credentials: credentials() },
		);
		expect(output(AFFINDA_NODE_NAME, 1).map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		expect(String(output(AFFINDA_NODE_NAME, 1)[0].json.error)).toMatch(
			/^Affinda rejected the request: identifiers\.0: Document/,
		);
	});

	test('Tag → Create, Get Many, Delete', async () => {
		const workspace = {
			__rl: true,
			mode: 'id',
			value: emulator.fixtures.workspaces.recruitment.identifier,
		};
		const created = await run({
			resource: 'tag',
			operation: 'create',
			name: 'shortlisted',
			workspace,
		});
		const tag = created.output(AFFINDA_NODE_NAME)[0].json;
		expect(tag).toMatchObject({ name: 'shortlisted', created: true, documentCount: 0 });
		const again = await run({
			resource: 'tag',
			operation: 'create',
			name: 'shortlisted',
			workspace,
		});
		expect(again.output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ id: tag.id, created: false });

		const listed = await run({
			resource: 'tag',
			operation: 'getMany',
			returnAll: true,
			filters: { workspace },
		});
		expect(listed.output(AFFINDA_NODE_NAME).map((item) => item.json.name)).toContain('shortlisted');

		const deleted = await run({
			resource: 'tag',
			operation: 'delete',
			tag: { __rl: true, mode: 'list', value: String(tag.id) },
		});
		expect(deleted.output(AFFINDA_NODE_NAME)[0].json).toEqual({ id: tag.id, deleted: true });
		const twice = await run({
			resource: 'tag',
			operation: 'delete',
			tag: { __rl: true, mode: 'id', value: String(tag.id) },
		});
		expect(twice.output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ deleted: false });
	});

	test('Index → Create, Add Document, Remove Document (twice), Delete: searches follow', async () => {
		const [candidate] = emulator.fixtures.resumes;
		const search = async () => {
			const { output } = await run({
				resource: 'resume',
				operation: 'search',
				indices: ['role-7'],
				returnAll: true,
			});
			return output(AFFINDA_NODE_NAME).map((item) => item.json.identifier);
		};
		const created = await run({ resource: 'index', operation: 'create', name: 'role-7' });
		expect(created.output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
			name: 'role-7',
			docType: 'resumes',
			created: true,
		});
		const again = await run({ resource: 'index', operation: 'create', name: 'role-7' });
		expect(again.output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
			name: 'role-7',
			created: false,
		});

		await run({
			resource: 'index',
			operation: 'addDocument',
			indexName: 'role-7',
			document: candidate.identifier,
		});
		expect(await search()).toEqual([candidate.identifier]);

		const remove = () =>
			run({
				resource: 'index',
				operation: 'removeDocument',
				indexName: 'role-7',
				document: { __rl: true, mode: 'id', value: candidate.identifier },
			});
		expect((await remove()).output(AFFINDA_NODE_NAME)[0].json).toMatchObject({ removed: true });
		expect(await search()).toEqual([]);
		expect((await remove()).output(AFFINDA_NODE_NAME)[0].json).toMatchObject({
			removed: false,
			reason: 'The index did not hold the document',
		});

		const deleted = await run({ resource: 'index', operation: 'delete', indexName: 'role-7' });
		expect(deleted.output(AFFINDA_NODE_NAME)[0].json).toEqual({ index: 'role-7', deleted: true });
		expect((await read('/v3/index?name=role-7')).count).toBe(0);
	});
});
