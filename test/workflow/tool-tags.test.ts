/**
 * Add Tag, Remove Tag and Index → Remove Document called by a model as an AI Agent's tool: the
 * model's arguments (a document identifier, a tag's name) reach the service, the answer is
 * compact, and a bad argument comes back as a refusal with nothing sent.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { affindaCredentials, affindaWorkflow } from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	AFFINDA_TOOL_TYPE,
	modelArguments,
	registerToolVariant,
	toolAnswer,
} from '../helpers/tool-variant';

const AGENT_TOOL_CALL: Partial<INode> = {
	type: AFFINDA_TOOL_TYPE,
	rewireOutputLogTo: NodeConnectionTypes.AiTool,
};

describe("tags and index removal as an AI Agent's tool", () => {
	let server: RecordingServer;
	beforeAll(async () => await registerToolVariant());
	beforeEach(async () => {
		server = await startRecordingServer();
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	const call = async (parameters: IDataObject, args: IDataObject) =>
		(
			await runWorkflow(affindaWorkflow(parameters, AGENT_TOOL_CALL), {
				credentials: affindaCredentials(server.url),
				input: modelArguments(args),
			})
		).run;

	test('Add Tag: the model names the document and the tag; the tag is found in the set workspace', async () => {
		server.respondWith(({ method, path }) =>
			method === 'GET' && path === '/v3/tags'
				? { body: [{ id: 8, name: 'shortlisted', workspace: 'wsRecruit', documentCount: 3 }] }
				: { status: 204 },
		);
		const finished = await call(
			{
				resource: 'document',
				operation: 'addTag',
				workspace: { __rl: true, mode: 'id', value: 'wsRecruit' },
			},
			{ identifier: 'docA', tag: 'shortlisted' },
		);
		expect(finished.status).toBe('success');
		expect(
			server.requests.map((r) => [r.method, r.path, r.method === 'GET' ? r.query : r.body]),
		).toEqual([
			[
				'GET',
				'/v3/tags',
				{ workspace: 'wsRecruit', name: 'shortlisted', limit: '100', offset: '0' },
			],
			['POST', '/v3/documents/batch_add_tag', { identifiers: ['docA'], tag: 8 }],
		]);
		expect(toolAnswer(finished)).toEqual([
			{ identifier: 'docA', tag: { id: 8, name: 'shortlisted', workspace: 'wsRecruit' } },
		]);
	});

	test('Remove Tag: a tag the workspace lacks is refused as the answer; nothing is untagged', async () => {
		server.respondWith(() => ({ body: [] }));
		const finished = await call(
			{
				resource: 'document',
				operation: 'removeTag',
				workspace: { __rl: true, mode: 'id', value: 'wsRecruit' },
			},
			{ identifier: 'docA', tag: 'shortlistd' },
		);
		expect(finished.status).toBe('success');
		expect(server.requests.map((r) => r.path)).toEqual(['/v3/tags']);
		expect(toolAnswer(finished)).toEqual([
			{ refused: expect.stringMatching(/^Workspace wsRecruit has no tag named "shortlistd"/) },
		]);
	});

	test('Add Tag: an empty tag argument is refused with nothing sent', async () => {
		const finished = await call(
			{ resource: 'document', operation: 'addTag' },
			{ identifier: 'docA', tag: '' },
		);
		expect(server.requests).toHaveLength(0);
		expect(toolAnswer(finished)).toEqual([
			{
				refused:
					'Argument "tag" (Tag) is empty, but must be a tag\'s name. Nothing was sent to Affinda: call again with a corrected tag.',
			},
		]);
	});

	test("Index → Remove Document: the model names the document; the index is the node's", async () => {
		server.respondWith(() => ({ status: 204 }));
		const finished = await call(
			{ resource: 'index', operation: 'removeDocument', indexName: 'open-role-42' },
			{ document: 'docA' },
		);
		expect(server.requests.map((r) => [r.method, r.path])).toEqual([
			['DELETE', '/v3/index/open-role-42/documents/docA'],
		]);
		expect(toolAnswer(finished)).toEqual([
			{ index: 'open-role-42', document: 'docA', removed: true },
		]);
	});
});
