// The demo's Search & Match act the other way round: the example
// test/examples/cv-open-jobs-for-candidate.json. An application email is "received" (pinned), its
// CV parsed, the open jobs ranked against the new resume, the best fit explained, and the
// recruiter's message printed with the table of jobs.
import type { Emulator } from '../emulator';
import { CV_OPEN_JOBS, type ImportedExample } from '../e2e/examples';
import type { N8nClient } from '../helpers/real-n8n/n8n-client';
import { executionError, outputItems } from '../helpers/real-n8n/run-data';
import { runExampleForEmail } from './email-example';
import { renderTable } from './table';

/** A row of Job Description → Search, simplified. A criterion not scored is absent. */
interface OpenJobRow {
	jobTitle: string;
	organization: string;
	score: number;
	jobTitleScore?: number;
	experienceScore?: number;
	skillsScore?: number;
	locationScore?: number;
}

const scoreText = (score: number | undefined) =>
	typeof score === 'number' ? score.toFixed(2) : '-';

export async function showOpenJobsExample(
	client: N8nClient,
	workflows: ImportedExample[],
	emulator: Emulator,
	say: (line?: string) => void,
	step: (line: string) => void,
): Promise<void> {
	const execution = await runExampleForEmail(
		client,
		workflows,
		CV_OPEN_JOBS,
		{
			from: 'Olivia Nguyen <olivia.nguyen@example.com>',
			cvPath: emulator.fixtures.sampleFiles.resumeText,
		},
		step,
	);
	const error = executionError(execution);
	if (error) throw new Error(`The open-jobs example failed: ${error}`);
	const jobs = outputItems(execution, 'Which open jobs fit').map((item, index) => ({
		rank: index + 1,
		...(item.json as unknown as OpenJobRow),
	}));
	say();
	say(`Open jobs that fit the new CV (${jobs.length}), best first:`);
	say(
		renderTable(jobs, [
			{ title: '#', value: (job) => String(job.rank), align: 'right' },
			{ title: 'Job', value: (job) => job.jobTitle, maxWidth: 32 },
			{ title: 'Organization', value: (job) => job.organization, maxWidth: 20 },
			{ title: 'Score', value: (job) => scoreText(job.score), align: 'right' },
			{ title: 'Job title', value: (job) => scoreText(job.jobTitleScore), align: 'right' },
			{ title: 'Experience', value: (job) => scoreText(job.experienceScore), align: 'right' },
			{ title: 'Skills', value: (job) => scoreText(job.skillsScore), align: 'right' },
			{ title: 'Location', value: (job) => scoreText(job.locationScore), align: 'right' },
		]),
	);
	const [best] = outputItems(execution, 'Explain the best fit');
	const skills = (best?.json.skills ?? {}) as { value?: Array<{ name: string; match: boolean }> };
	const asked = skills.value ?? [];
	step(
		`the best fit explained: the CV has ${asked.filter((skill) => skill.match).length} of the ${asked.length} skills it asks for; the recruiter was told`,
	);
}
