/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// Runs the two halves of test/examples/cv-parsed-trigger.json in a real n8n, as a person tries it
// in the editor: listen on the Affinda Trigger ("Execute step"), then run the email half with an
// application email pinned. The upload's parse event, sent by the service, runs the other half.
// The e2e suite asserts on what it returns; the demo shows it.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import type { INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../emulator';
import { clientFor } from '../emulator/test-client';
import type { Execution, N8nClient } from '../helpers/real-n8n/n8n-client';
import type { ImportedExample } from './examples';

export const EMAIL_TRIGGER = 'New application email';
export const PARSED_TRIGGER = 'CV parsed';

/** The sample job ad (Senior Backend Engineer), parsed by the emulator: an open role to rank for. */
export async function uploadOpenRole(emulator: Emulator): Promise<string> {
	const answer = await clientFor(emulator).upload(emulator.fixtures.sampleFiles.jobDescriptionPdf, {
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		documentType: emulator.fixtures.documentTypes.jobDescription.identifier,
		wait: 'true',
	});
	if (answer.status !== 200)
		throw new Error(
			`Uploading the sample job ad failed: ${answer.status} ${JSON.stringify(answer.body)}`,
		);
	return answer.body.meta.identifier as string;
}

/** What the IMAP trigger emits for an application with the CV as its first attachment. */
export function applicationEmail(from: string, cvPath: string): INodeExecutionData {
	return {
		json: { from, subject: 'Application: Senior Backend Engineer', text: 'My CV is attached.' },
		binary: {
			attachment_0: {
				data: readFileSync(cvPath).toString('base64'),
				mimeType: cvPath.endsWith('.pdf') ? 'application/pdf' : 'text/plain',
				fileName: basename(cvPath),
				fileExtension: cvPath.split('.').pop(),
			},
		},
	};
}

/**
 * Reads until `done` holds, or gives up after `timeoutMs` and returns the last reading (the
 * assertion that follows then fails with it). Newer n8n versions activate a workflow a moment
 * after the API has answered, and take a test webhook down after the run: both are waited for.
 */
export async function eventually<T>(
	read: () => Promise<T>,
	done: (value: T) => boolean,
	timeoutMs = 60_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (done(value) || Date.now() > deadline) return value;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/** Executions of a workflow, oldest first, each settled and with its data. */
export async function executionsOf(client: N8nClient, workflowId: string): Promise<Execution[]> {
	const list = (await client.api('GET', `/executions?workflowId=${workflowId}&limit=100`)) as {
		data: Array<{ id: string }>;
	};
	const executions: Execution[] = [];
	for (const { id } of list.data) executions.push(await client.waitForExecution(id));
	return executions.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Waits (generously: machines are shared) until the workflow has at least `count` executions. */
export async function executionsReaching(
	client: N8nClient,
	workflowId: string,
	count: number,
	timeoutMs = 60_000,
): Promise<Execution[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const executions = await executionsOf(client, workflowId);
		if (executions.length >= count) return executions;
		if (Date.now() > deadline)
			throw new Error(`Workflow ${workflowId} has ${executions.length} executions, not ${count}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

export async function runParsedCvExample(
	client: N8nClient,
	example: ImportedExample,
	email: INodeExecutionData,
): Promise<{ emailHalf: Execution; parsedHalf: Execution }> {
	const before = (await executionsOf(client, example.stored.id)).length;
	const listening = (await client.rest('POST', `/workflows/${example.stored.id}/run`, {
		workflowData: { ...example.stored, pinData: {} },
		triggerToStartFrom: { name: PARSED_TRIGGER },
	})) as { data: { waitingForWebhook?: boolean } };
	if (!listening.data.waitingForWebhook)
		throw new Error(`n8n is not listening on "${PARSED_TRIGGER}": ${JSON.stringify(listening)}`);
	const emailHalf = await client.runManually(example.stored, EMAIL_TRIGGER, {
		[EMAIL_TRIGGER]: [email],
	});
	const executions = await executionsReaching(client, example.stored.id, before + 2);
	const parsedHalf = executions.find(
		(execution) => execution.id !== emailHalf.id && Number(execution.id) > Number(emailHalf.id),
	);
	if (!parsedHalf) throw new Error('The parse event did not run the workflow');
	return { emailHalf, parsedHalf };
}
