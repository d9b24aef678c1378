// The demo's second act: the Affinda Trigger example (test/examples/cv-parsed-trigger.json). n8n
// listens on the trigger as the editor does, an application email is "received" (pinned), its CV
// goes to the emulator without waiting, and the emulator's signed parse event runs the other half:
// rank the candidate for the open role and tell the recruiter (printed by the demo's inbox).
import type { Emulator } from '../emulator';
import { CV_PARSED_TRIGGER, type ImportedExample } from '../e2e/examples';
import { applicationEmail, PARSED_TRIGGER, runParsedCvExample } from '../e2e/trigger-example';
import type { N8nClient } from '../helpers/real-n8n/n8n-client';
import { executionError, outputItems } from '../helpers/real-n8n/run-data';

export async function showTriggerExample(
	client: N8nClient,
	workflows: ImportedExample[],
	emulator: Emulator,
	step: (line: string) => void,
): Promise<void> {
	const example = workflows.find((workflow) => workflow.file === CV_PARSED_TRIGGER);
	if (!example) throw new Error(`${CV_PARSED_TRIGGER} is missing from test/examples`);
	step(
		`"${example.stored.name}": listening on "${PARSED_TRIGGER}", then an application email arrives...`,
	);
	const { emailHalf, parsedHalf } = await runParsedCvExample(
		client,
		example,
		applicationEmail(
			'Olivia Nguyen <olivia.nguyen@example.com>',
			emulator.fixtures.sampleFiles.resumeText,
		),
	);
	for (const execution of [emailHalf, parsedHalf]) {
		const error = executionError(execution);
		if (error) throw new Error(`The trigger example failed: ${error}`);
	}
	const [sent] = outputItems(emailHalf, 'Send CV to Affinda');
	step(
		`the CV went to Affinda without waiting for parsing (document ${String(sent.json.identifier)})`,
	);
	const [event] = outputItems(parsedHalf, PARSED_TRIGGER);
	step(
		`Affinda called n8n back: "${PARSED_TRIGGER}" received ${String(event.json.event)} for ${String(event.json.fileName)}, signature ${event.json.verified ? 'verified' : 'NOT verified'}; ranked ${outputItems(parsedHalf, 'Rank for the open role').length} candidates for the open role`,
	);
}
