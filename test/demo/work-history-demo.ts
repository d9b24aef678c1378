// The demo's work-history act: the example test/examples/cv-work-history-to-sheet.json. An
// application email is "received" (pinned), its CV parsed with Output → Work History, and the
// positions the Google Sheets node would append to the Experience tab are printed as a table.
import type { Emulator } from '../emulator';
import { CV_WORK_HISTORY_TO_SHEET, type ImportedExample } from '../e2e/examples';
import type { N8nClient } from '../helpers/real-n8n/n8n-client';
import { outputItems } from '../helpers/real-n8n/run-data';
import { runExampleForEmail } from './email-example';
import { renderTable } from './table';

/** An item of Output → Work History. */
interface Position {
	position: number;
	jobTitle: string | null;
	employer: string | null;
	startDate: string | null;
	endDate: string | null;
	isCurrent: boolean;
	months: number | null;
}

export async function showWorkHistoryExample(
	client: N8nClient,
	workflows: ImportedExample[],
	emulator: Emulator,
	say: (line?: string) => void,
	step: (line: string) => void,
): Promise<void> {
	const execution = await runExampleForEmail(
		client,
		workflows,
		CV_WORK_HISTORY_TO_SHEET,
		{
			from: 'Sofia Marin <sofia.marin@example.com>',
			cvPath: emulator.fixtures.sampleFiles.careerResumeText,
		},
		step,
	);
	const positions = outputItems(execution, 'Parse CV').map(
		(item) => item.json as unknown as Position,
	);
	if (positions.length === 0) throw new Error('The work-history example gave no positions');
	say();
	say(`Work history of the new CV (${positions.length} positions), as the Experience tab gets it:`);
	say(
		renderTable(positions, [
			{ title: '#', value: (row) => String(row.position), align: 'right' },
			{ title: 'Job title', value: (row) => row.jobTitle ?? '-', maxWidth: 28 },
			{ title: 'Employer', value: (row) => row.employer ?? '-', maxWidth: 24 },
			{ title: 'From', value: (row) => row.startDate ?? '-' },
			{ title: 'To', value: (row) => (row.isCurrent ? 'now' : (row.endDate ?? '-')) },
			{ title: 'Months', value: (row) => String(row.months ?? '-'), align: 'right' },
		]),
	);
	// No Google account here: the run stops at the Sheets node, with the positions as its input.
	step(`the positions reached "${execution.data.resultData.lastNodeExecuted ?? '?'}"`);
}
