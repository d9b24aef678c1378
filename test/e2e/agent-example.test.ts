// End to end, the example test/examples/recruiting-assistant.json itself in a real n8n (each runtime
// of test/n8n-runtime): imported as a user imports it and set up as its sticky note asks (the
// Affinda credential, a workspace; examples.ts), its OpenAI credential pointed at a scripted
// OpenAI-compatible server, and its chat opened to the public so the test can talk to it. The
// model calls the example's "Search candidates" tool; the emulator is Affinda.
import type { WorkflowJson } from '../helpers/real-n8n/n8n-client';
import { setParameters, useCredential } from '../helpers/real-n8n/workflow-files';
import {
	lastRun,
	SETUP_TIMEOUT_MS,
	startAgentWorld,
	stopAgentWorld,
	TEST_TIMEOUT_MS,
	type AgentWorld,
} from './agent-setup';
import { OPENAI_CREDENTIAL_TYPE } from './agent-workflows';
import { prepareExample, RECRUITING_ASSISTANT } from './examples';
import { n8nFetch } from '../helpers/real-n8n/n8n-fetch';

const CHAT_ID = 'recruiting-assistant-example';
/** The example's trigger and its search tool, as n8n names the tool for the model. */
const CHAT_NODE = 'When chat message received';
const SEARCH_TOOL = 'Search_candidates';
/** The index the example searches, as it ships. */
const EXAMPLE_INDEX = 'all-resumes';

let world: AgentWorld;

/** The chat made public (the trigger's "Make Chat Publicly Available"), answering when done. */
function publicChat(workflow: WorkflowJson): WorkflowJson {
	const opened = setParameters(workflow, CHAT_NODE, {
		public: true,
		mode: 'webhook',
		options: { responseMode: 'lastNode' },
	});
	return {
		...opened,
		nodes: opened.nodes.map((node) =>
			node.name === CHAT_NODE ? { ...node, webhookId: CHAT_ID } : node,
		),
	};
}

beforeAll(async () => {
	world = await startAgentWorld('e2e-agent-example');
	const { emulator, n8n } = world;
	const example = prepareExample(RECRUITING_ASSISTANT, {
		credential: world.affinda,
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		openRoles: emulator.fixtures.jobDescriptions.map((job) => job.identifier),
		notifyUrl: `${emulator.url}/unused`,
	});
	const withModel = useCredential(
		example,
		'@n8n/n8n-nodes-langchain.lmChatOpenAi',
		OPENAI_CREDENTIAL_TYPE,
		world.openAi,
	);
	const stored = await n8n.client.createWorkflow(publicChat(withModel));
	await n8n.client.activateWebhookWorkflow(stored.id, `${CHAT_ID}/chat`);
}, SETUP_TIMEOUT_MS);

afterAll(async () => await stopAgentWorld(world));

test(
	"the example's agent calls its Search candidates tool: the call reaches Affinda, the answer the model",
	async () => {
		const { emulator, model, n8n } = world;
		model.script([
			{
				tool: SEARCH_TOOL,
				arguments: { jobTitles: 'Data Engineer', skills: 'SQL', locations: '', limit: 5 },
			},
			(request) => {
				const [answer] = JSON.parse(request.toolResults[0]) as Array<{
					candidates: Array<{ fullName: unknown }>;
				}>;
				return { text: `${answer.candidates.length} candidates found.` };
			},
		]);
		const response = await n8nFetch(`${n8n.baseUrl}/webhook/${CHAT_ID}/chat`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				action: 'sendMessage',
				sessionId: 'example-session',
				chatInput: 'Find data engineers who know SQL',
			}),
		});
		const body = (await response.json().catch(() => ({}))) as { output?: string };
		expect({
			status: response.status,
			run: response.status === 200 ? 'ok' : await lastRun(n8n),
		}).toEqual({ status: 200, run: 'ok' });

		// The model was offered the example's three tools, by their node names.
		expect(model.requests[0].tools.map((tool) => tool.name).sort()).toEqual(
			['Explain_a_match', 'Parse_a_CV_from_a_link', SEARCH_TOOL].sort(),
		);
		const searches = emulator.received.filter(
			(request) => request.method === 'POST' && request.path === '/v2/resume_search',
		);
		expect(searches.map(({ query, body: sent }) => ({ query, body: sent }))).toEqual([
			{
				query: { offset: '0', limit: '5' },
				body: {
					indices: [EXAMPLE_INDEX],
					jobTitles: ['Data Engineer'],
					skills: [{ name: 'SQL', required: false }],
				},
			},
		]);
		expect(body.output).toMatch(/^[1-5] candidates found\.$/);
	},
	TEST_TIMEOUT_MS,
);
