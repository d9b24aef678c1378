/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a terminal program: it reads argv and handles signals */
// `npm run demo`: the local Affinda emulator and a real n8n with this package, the example
// workflows imported, the candidate-matching workflow run and its ranking printed as a table,
// then a CV's open jobs and its work history.
// Then n8n stays up for a person to open the workflows, until Ctrl-C. `--once` stops after the table.
import { ensureN8nRuntime } from '../n8n-runtime/install';
import { formatDuration } from '../n8n-runtime/npm-progress';
import { versionForThisTest } from '../n8n-runtime/versions';
import { startEmulator } from '../emulator';
import { importExamples, RANK_CANDIDATES, type ExampleSetup } from '../e2e/examples';
import { preferredPort } from '../helpers/free-port';
import type { Owner } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE, startRealN8n } from '../helpers/real-n8n/real-n8n';
import { outputItems, executionError } from '../helpers/real-n8n/run-data';
import { startRecordingServer } from '../helpers/recording-server';
import { renderTable } from './table';
import { uploadOpenRole } from '../e2e/trigger-example';
import { showOpenJobsExample } from './open-jobs-demo';
import { showTriggerExample } from './trigger-demo';
import { showWorkHistoryExample } from './work-history-demo';

const DEMO_OWNER: Owner = {
	email: 'demo@example.com',
	password: 'Demo-password-1',
	firstName: 'Demo',
	lastName: 'Recruiter',
};
const DEMO_API_KEY = 'demo-affinda-key';
const DEMO_SEED = 'demo';
const DEFAULT_PORT = 5678;

/** A row of the example's Shortlist: the search's row, ranked. A criterion not scored is null. */
interface ShortlistRow {
	rank: number;
	candidate: string;
	score: number;
	jobTitleScore: number | null;
	experienceScore: number | null;
	skillsScore: number | null;
	locationScore: number | null;
}

const scoreText = (score: number | null | undefined) =>
	typeof score === 'number' ? score.toFixed(2) : '-';

const started = Date.now();
const say = (line = '') => process.stdout.write(`${line}\n`);
const step = (line: string) => say(`[${formatDuration(Date.now() - started).padStart(5)}] ${line}`);

async function main(): Promise<void> {
	const once = process.argv.includes('--once');
	say(
		'Affinda for n8n: demo. A local Affinda emulator (no internet, no API key) and a real n8n with this package.',
	);

	// The reference n8n, or the one AFFINDA_TEST_N8N names.
	const version = versionForThisTest();
	await ensureN8nRuntime(version, { interactive: Boolean(process.stderr.isTTY), log: step });
	const emulator = await startEmulator({ key: DEMO_API_KEY, seed: DEMO_SEED });
	step(
		`Affinda emulator listening on ${emulator.url} with ${emulator.stats.resumeCount} generated resumes`,
	);
	// Stands in for the chat webhook the example workflows post to, and prints what they post.
	const inbox = await startRecordingServer((request) => {
		step(
			`notification received:\n${String((request.body as { text?: unknown }).text ?? JSON.stringify(request.body))}`,
		);
		return { status: 200, body: { ok: true } };
	});

	step('starting n8n (about ten seconds)...');
	const n8n = await startRealN8n({
		version,
		port: await preferredPort(DEFAULT_PORT),
		owner: DEMO_OWNER,
		env: { N8N_SECURE_COOKIE: 'false' },
	});
	let stopping: Promise<void> | undefined;
	const stopAll = () =>
		(stopping ??= (async () => {
			await n8n.stop();
			await Promise.all([emulator.stop(), inbox.stop()]);
		})());
	process.once('SIGINT', () => void shutdown(stopAll, 'Ctrl-C'));
	process.once('SIGTERM', () => void shutdown(stopAll, 'SIGTERM'));
	step(
		`n8n ${n8n.n8nVersion} ready at ${n8n.baseUrl} (started in ${formatDuration(n8n.process.readyInMs)})`,
	);

	const credential = await n8n.client.createCredential(
		'Affinda (local emulator)',
		AFFINDA_CREDENTIAL_TYPE,
		{
			apiKey: DEMO_API_KEY,
			region: 'custom',
			baseUrl: emulator.url,
			// The key the emulator signs its events with, so the Affinda Trigger can verify them.
			webhookSecret: emulator.fixtures.organization.resthookSignatureKey,
		},
	);
	const setup: ExampleSetup = {
		credential,
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		// The sample job ad, parsed once, is the first open role (the trigger example ranks for it).
		openRoles: [
			await uploadOpenRole(emulator),
			...emulator.fixtures.jobDescriptions.slice(0, 2).map((job) => job.identifier),
		],
		notifyUrl: inbox.url,
		organization: emulator.fixtures.organization.identifier,
	};
	const workflows = await importExamples(n8n.client, setup);
	step(`imported ${workflows.length} example workflows with the credential "${credential.name}"`);

	const matching = workflows.find((workflow) => workflow.file === RANK_CANDIDATES);
	if (!matching) throw new Error(`${RANK_CANDIDATES} is missing from test/examples`);
	step(`running "${matching.stored.name}"...`);
	const execution = await n8n.client.runManually(matching.stored, matching.trigger);
	if (execution.status !== 'success')
		throw new Error(`The workflow failed: ${executionError(execution)}`);
	const rows = outputItems(execution, 'Shortlist').map(
		(item) => item.json as unknown as ShortlistRow,
	);
	say();
	say(`Ranked candidates (${rows.length}), best first, with the score of each criterion:`);
	say(
		renderTable(rows, [
			{ title: '#', value: (row) => String(row.rank), align: 'right' },
			{ title: 'Candidate', value: (row) => row.candidate, maxWidth: 24 },
			{ title: 'Score', value: (row) => scoreText(row.score), align: 'right' },
			{ title: 'Job title', value: (row) => scoreText(row.jobTitleScore), align: 'right' },
			{ title: 'Experience', value: (row) => scoreText(row.experienceScore), align: 'right' },
			{ title: 'Skills', value: (row) => scoreText(row.skillsScore), align: 'right' },
			{ title: 'Location', value: (row) => scoreText(row.locationScore), align: 'right' },
		]),
	);
	// The other way round: which open jobs fit a new CV, and why the best one does.
	await showOpenJobsExample(n8n.client, workflows, emulator, say, step);
	// A whole CV as rows: one per position, for the ATS's Experience table.
	await showWorkHistoryExample(n8n.client, workflows, emulator, say, step);
	say();
	await showTriggerExample(n8n.client, workflows, emulator, step);
	say();

	if (once) {
		await stopAll();
		step('done (--once): everything stopped');
		return;
	}
	say(`n8n is running: ${n8n.baseUrl}`);
	say(`  log in as ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
	for (const workflow of workflows)
		say(`  ${workflow.stored.name}: ${n8n.baseUrl}/workflow/${workflow.stored.id}`);
	say(`Notifications the workflows post arrive at ${inbox.url} and are printed here.`);
	say('Press Ctrl-C to stop n8n and the emulator.');
}

async function shutdown(stopAll: () => Promise<void>, reason: string): Promise<void> {
	// A second Ctrl-C while stopping exits at once; the exit hook still kills n8n's process group.
	process.once('SIGINT', () => process.exit(130));
	step(`${reason}: stopping n8n and the emulator...`);
	await stopAll();
	step('stopped');
	process.exit(0);
}

main().catch((error: Error) => {
	process.stderr.write(`\ndemo failed: ${error.message}\n`);
	process.exit(1);
});
