// What the demo's example acts share: an application email is "received" (pinned to the
// example's trigger) with a CV attached, and the example is run once in the real n8n.
import type { ImportedExample } from '../e2e/examples';
import { applicationEmail } from '../e2e/trigger-example';
import type { N8nClient } from '../helpers/real-n8n/n8n-client';

/** Runs the imported example `file` for an email from `from` with the CV at `cvPath`. */
export async function runExampleForEmail(
	client: N8nClient,
	workflows: ImportedExample[],
	file: string,
	email: { from: string; cvPath: string },
	step: (line: string) => void,
) {
	const example = workflows.find((workflow) => workflow.file === file);
	if (!example) throw new Error(`${file} is missing from test/examples`);
	step(`running "${example.stored.name}" for an application email...`);
	return await client.runManually(example.stored, example.trigger, {
		[example.trigger]: [applicationEmail(email.from, email.cvPath)],
	});
}
