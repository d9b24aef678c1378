// What the agent tests start before their workflows: the emulator as Affinda, the scripted
// OpenAI-compatible model, a real n8n offering community nodes as tools, and a credential for each.
import { startEmulator, type Emulator } from '../emulator';
import { startScriptedModel, type ScriptedModel } from '../helpers/scripted-model';
import { AFFINDA_CREDENTIAL_TYPE, startRealN8n, type RealN8n } from '../helpers/real-n8n/real-n8n';
import { executionError } from '../helpers/real-n8n/run-data';
import { OPENAI_CREDENTIAL_TYPE } from './agent-workflows';
import type { Credential } from './test-workflows';

export { SETUP_TIMEOUT_MS } from './setup';
export const TEST_TIMEOUT_MS = 3 * 60_000;

export interface AgentWorld {
	emulator: Emulator;
	model: ScriptedModel;
	n8n: RealN8n;
	affinda: Credential;
	openAi: Credential;
	/** The emulator's throwaway API key. */
	apiKey: string;
}

export async function startAgentWorld(seed: string): Promise<AgentWorld> {
	const apiKey = `${seed}-affinda-key`;
	const emulator = await startEmulator({ key: apiKey, seed });
	const model = await startScriptedModel();
	const n8n = await startRealN8n();
	const affinda = await n8n.client.createCredential('Affinda (emulator)', AFFINDA_CREDENTIAL_TYPE, {
		apiKey,
		region: 'custom',
		baseUrl: emulator.url,
	});
	// Straight through the public API: the OpenAI credential's schema takes no other fields.
	const openAi = (await n8n.client.api('POST', '/credentials', {
		name: 'Scripted model',
		type: OPENAI_CREDENTIAL_TYPE,
		data: { apiKey: 'sk-scripted', url: model.url, header: false },
	})) as Credential;
	return { emulator, model, n8n, affinda, openAi, apiKey };
}

export async function stopAgentWorld(world: Partial<AgentWorld> | undefined): Promise<void> {
	await world?.n8n?.stop();
	await Promise.all([world?.emulator?.stop(), world?.model?.stop()]);
}

/** The newest execution, for a readable failure if a chat did not succeed. */
export async function lastRun(n8n: RealN8n): Promise<string> {
	const executions = (await n8n.client.api('GET', '/executions?limit=1')) as {
		data: Array<{ id: string }>;
	};
	const execution = await n8n.client.waitForExecution(executions.data[0].id);
	return `${execution.status}${execution.status === 'success' ? '' : `: ${executionError(execution)}`}`;
}
