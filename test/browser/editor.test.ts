/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The editor as a recruiter meets it: the real n8n 2.8.4 editor (test/n8n-runtime) with this package
// installed, in Debian's headless Chromium driven by playwright-core, against the local Affinda
// emulator. Each test does what a person does (search the node picker, add a node, open its panel,
// pick from lists, run a step) and checks what they see and what reached the service.
//
// Screenshots of every panel go to test/browser/artifacts/ (git-ignored). With
// AFFINDA_README_SCREENSHOTS=1 the few the README shows are refreshed in docs/screenshots/.
import { join } from 'node:path';

import { startEmulator, type Emulator } from '../emulator';
import { AFFINDA_CREDENTIAL_TYPE, startRealN8n, type RealN8n } from '../helpers/real-n8n/real-n8n';
import { PROJECT_ROOT } from '../n8n-runtime/paths';
import { ensureChromium } from './chromium';
import { Editor } from './editor';

/** Installing n8n (minutes, once) or Chromium on a fresh machine, then starting both. */
const SETUP_TIMEOUT_MS = 20 * 60_000;
/** One person's task in the editor; generous, for a loaded 2-core machine. */
const TASK_TIMEOUT_MS = 5 * 60_000;
const API_KEY = 'browser-affinda-key';
const ARTIFACTS = join(PROJECT_ROOT, 'test', 'browser', 'artifacts');

let emulator: Emulator;
let n8n: RealN8n;
let editor: Editor;

beforeAll(async () => {
	const chromiumPath = await ensureChromium();
	emulator = await startEmulator({ key: API_KEY, seed: 'browser', resumeCount: 200 });
	n8n = await startRealN8n();
	await n8n.client.createCredential('Affinda (emulator)', AFFINDA_CREDENTIAL_TYPE, {
		apiKey: API_KEY,
		region: 'custom',
		baseUrl: emulator.url,
	});
	editor = await Editor.launch({ chromiumPath, n8n, artifactsDir: ARTIFACTS });
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	await editor?.close();
	await n8n?.stop();
	await emulator?.stop();
}, 60_000);

beforeEach(() => emulator.clearReceived());

describe('finding the node', () => {
	test.each(['parse', 'resume', 'CV'])(
		'the node picker lists Affinda for "%s"',
		async (term) => {
			await editor.newWorkflow();
			await editor.openNodePicker();
			const found = await editor.searchNodePicker(term, 'Affinda');
			await editor.screenshot(`node-picker-${term}`);
			expect(found).toContain('Affinda');
		},
		TASK_TIMEOUT_MS,
	);

	test.each(['resume', 'parse', 'CV'])(
		'an AI Agent\'s tool picker lists the Affinda tool for "%s"',
		async (term) => {
			await editor.openWorkflow(agentWorkflow());
			await editor.openToolPicker('AI Agent');
			const tool = 'Affinda Resume Search & CV Parser Tool';
			const found = await editor.searchNodePicker(term, tool);
			await editor.screenshot(`tool-picker-${term}`);
			expect(found).toContain(tool);
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'its actions start with what recruiters do most, and the canvas names the action chosen',
		async () => {
			await editor.openWorkflow(triggeredWorkflow('Shortlist'));
			await editor.openNodePickerAfter('Start');
			await editor.searchNodePicker('Affinda', 'Affinda');
			const actions = await editor.nodeActions('Affinda');
			await editor.screenshot('node-actions');
			// The picker lists the package's trigger events ("On document parsed" ...) with the actions.
			const affindaActions = actions.filter((action) => !/^On /.test(action));
			expect(affindaActions.slice(0, 1)).toEqual(['Search resumes']);
			expect(affindaActions.indexOf('Upload and parse a document')).toBeLessThan(
				affindaActions.indexOf('Update an annotation'),
			);

			await editor.chooseAction('Search resumes');
			await editor.closeNode();
			expect(await editor.nodeSubtitle('Search resumes')).toBe('Search resumes');
		},
		TASK_TIMEOUT_MS,
	);
});

/** A workflow with only a Manual Trigger named Start, where a person adds the next step. */
function triggeredWorkflow(name: string) {
	return {
		name,
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** A chat-triggered AI Agent with nothing connected yet, as n8n's template starts one. */
function agentWorkflow() {
	return {
		name: 'Recruiting assistant',
		nodes: [
			{
				id: 'chat',
				name: 'When chat message received',
				type: '@n8n/n8n-nodes-langchain.chatTrigger',
				typeVersion: 1.1,
				position: [0, 0],
				webhookId: '5f0e5b9c-7a51-4f3e-9a55-3c0e9a8d2b11',
				parameters: {},
			},
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 2.2,
				position: [260, 0],
				parameters: {},
			},
		],
		connections: {
			'When chat message received': {
				main: [[{ node: 'AI Agent', type: 'main', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}
