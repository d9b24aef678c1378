// The example workflows of test/examples, set up against the emulator the way a user sets them up
// after importing: the Affinda credential chosen, a workspace picked, a webhook URL pasted. Nothing
// else in them changes. The e2e suite and the demo both import them through here.
import type { N8nClient, WorkflowJson } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE, AFFINDA_NODE_TYPE } from '../helpers/real-n8n/real-n8n';
import {
	exampleWorkflowFiles,
	readExampleWorkflow,
	setParameters,
	useCredential,
} from '../helpers/real-n8n/workflow-files';

export const RANK_CANDIDATES = 'rank-candidates-for-a-role.json';
export const NIGHTLY_REMATCH = 'nightly-rematch-open-jobs.json';
export const CV_EMAIL_INTAKE = 'cv-email-intake.json';
export const CV_PARSED_TRIGGER = 'cv-parsed-trigger.json';
export const CV_PARSED_POLLING = 'cv-parsed-polling.json';
export const CAREERS_FORM_INTAKE = 'careers-form-intake.json';
export const CV_OPEN_JOBS = 'cv-open-jobs-for-candidate.json';
export const RECRUITING_ASSISTANT = 'recruiting-assistant.json';
export const BLIND_REVIEW = 'blind-review.json';
export const REVIEW_LOOP = 'review-loop.json';
export const CREDITS_WATCH = 'credits-watch.json';
export const CANDIDATE_WITHDRAWAL = 'candidate-withdrawal.json';
export const CV_TO_SHEET = 'cv-to-sheet.json';
export const CV_WORK_HISTORY_TO_SHEET = 'cv-work-history-to-sheet.json';
export const CV_TO_JSON_RESUME = 'cv-to-json-resume.json';
export const CORRECTION_LOOP = 'correction-loop.json';
export const POOL_AUDIT = 'pool-audit.json';
export const REVIEW_ROUTING = 'review-routing.json';
export const CV_DRIVE_FOLDER_INTAKE = 'cv-drive-folder-intake.json';
export const CV_BATCH_AGAINST_JOB = 'cv-batch-against-job.json';
export const CV_ZIP_INTAKE = 'cv-zip-intake.json';

export const AFFINDA_TRIGGER_TYPE = 'n8n-nodes-affinda.affindaTrigger';
export const AFFINDA_POLLING_TRIGGER_TYPE = 'n8n-nodes-affinda.affindaPollingTrigger';

export interface ExampleSetup {
	credential: { id: string; name: string };
	/** The recruiting workspace's identifier. */
	workspace: string;
	/** Job descriptions of the open roles; the CV intake ranks new applicants for the first. */
	openRoles: string[];
	/** Where the workflows post their notifications (a chat webhook, for users). */
	notifyUrl: string;
	/** The organization whose credits the credits watch reports (its own example only). */
	organization?: string;
	/** The credits that raise the credits watch's alarm, if not the example's own. */
	creditsThreshold?: number;
	/** The pool audit's index and the ATS's active candidates, if not the example's own. */
	poolAudit?: { index: string; activeCandidates: string[] };
}

export interface ImportedExample {
	file: string;
	stored: WorkflowJson & { id: string };
	/** The node it starts from: its trigger (the first, when it has several). */
	trigger: string;
	/** Every node it can start from, in the file's order. */
	triggers: string[];
}

/** A document typed in by identifier, as a user does in a resource locator's By ID mode. */
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The CV-parsed examples' set-up: the workspace in the upload and the trigger, the role, the chat. */
function parsedCvEdits(workflow: WorkflowJson, setup: ExampleSetup): WorkflowJson {
	const upload = setParameters(workflow, 'Send CV to Affinda', {
		workspace: byId(setup.workspace),
	});
	const trigger = setParameters(upload, 'CV parsed', { workspace: byId(setup.workspace) });
	const ranking = setParameters(trigger, 'Rank for the open role', {
		jobDescription: byId(setup.openRoles[0]),
	});
	return setParameters(ranking, 'Tell the recruiter', { url: setup.notifyUrl });
}

/** Per example, the edits its sticky note asks a user to make. */
const USER_EDITS: Record<string, (workflow: WorkflowJson, setup: ExampleSetup) => WorkflowJson> = {
	[RANK_CANDIDATES]: (workflow) => workflow,
	// The index is named in the file; the ATS is given the webhook's URL.
	[CANDIDATE_WITHDRAWAL]: (workflow) => workflow,
	[NIGHTLY_REMATCH]: (workflow, setup) => {
		const openJobs = {
			name: 'jobDescriptionIds',
			type: 'array',
			value: JSON.stringify(setup.openRoles),
		};
		const jobs = setParameters(workflow, 'Open jobs', {
			assignments: { assignments: [{ id: 'open-jobs', ...openJobs }] },
		});
		return setParameters(jobs, 'Post the shortlist', { url: setup.notifyUrl });
	},
	[CV_EMAIL_INTAKE]: (workflow, setup) => {
		const parsing = setParameters(workflow, 'Parse CV', { workspace: byId(setup.workspace) });
		const ranking = setParameters(parsing, 'Rank for the open role', {
			jobDescription: byId(setup.openRoles[0]),
		});
		return setParameters(ranking, 'Tell the recruiter', { url: setup.notifyUrl });
	},
	[CV_PARSED_TRIGGER]: (workflow, setup) => parsedCvEdits(workflow, setup),
	// The same steps: only the trigger differs, and it needs no public URL.
	[CV_PARSED_POLLING]: (workflow, setup) => parsedCvEdits(workflow, setup),
	[CV_OPEN_JOBS]: (workflow, setup) => {
		const parsing = setParameters(workflow, 'Parse CV', { workspace: byId(setup.workspace) });
		return setParameters(parsing, 'Tell the recruiter', { url: setup.notifyUrl });
	},
	[RECRUITING_ASSISTANT]: (workflow, setup) =>
		setParameters(workflow, 'Parse a CV from a link', { workspace: byId(setup.workspace) }),
	[CV_TO_SHEET]: (workflow, setup) => {
		const parsing = setParameters(workflow, 'Parse CV', { workspace: byId(setup.workspace) });
		const reviewer = setParameters(parsing, 'Ask a reviewer', { url: setup.notifyUrl });
		// The user's spreadsheet: Google cannot be reached here, so a run stops at this node.
		return setParameters(reviewer, 'Add to candidates sheet', {
			documentId: byId('1CandidatesSheetId'),
			sheetName: { __rl: true, mode: 'name', value: 'Candidates' },
		});
	},
	[CV_WORK_HISTORY_TO_SHEET]: (workflow, setup) => {
		const parsing = setParameters(workflow, 'Parse CV', { workspace: byId(setup.workspace) });
		// The user's spreadsheet (its Experience tab is named in the file): Google cannot be
		// reached here, so a run stops at this node.
		return setParameters(parsing, 'Add to Experience tab', {
			documentId: byId('1CandidatesSheetId'),
		});
	},
	[CV_TO_JSON_RESUME]: (workflow, setup) => {
		const parsing = setParameters(workflow, 'Parse CV', { workspace: byId(setup.workspace) });
		// The ATS's import endpoint: here, the same recording server the notifications reach.
		return setParameters(parsing, 'Send to the ATS', { url: setup.notifyUrl });
	},
	[BLIND_REVIEW]: (workflow, setup) =>
		setParameters(workflow, 'Parse CV', { workspace: byId(setup.workspace) }),
	[REVIEW_LOOP]: (workflow, setup) =>
		setParameters(workflow, 'CV validated', { workspace: byId(setup.workspace) }),
	[CREDITS_WATCH]: (workflow, setup) => {
		if (!setup.organization) throw new Error(`${CREDITS_WATCH} needs the organization`);
		const usage = setParameters(workflow, 'Credits used', {
			organization: byId(setup.organization),
		});
		const posting = setParameters(usage, 'Tell the team', { url: setup.notifyUrl });
		if (setup.creditsThreshold === undefined) return posting;
		// The sticky note's "the number of credits that should raise the alarm".
		const alarm = setup.creditsThreshold;
		const raised = JSON.stringify(posting).replace('"rightValue":150', `"rightValue":${alarm}`);
		return JSON.parse(raised) as WorkflowJson;
	},
	// The index is named in the file; the review tool is given the webhook's URL.
	[CORRECTION_LOOP]: (workflow) => workflow,
	[POOL_AUDIT]: (workflow, setup) => {
		if (!setup.poolAudit) return workflow;
		const { index, activeCandidates } = setup.poolAudit;
		// The sticky note's "the Affinda identifiers of your active candidates".
		const ats = setParameters(workflow, 'Active in the ATS', {
			assignments: {
				assignments: [
					{
						id: 'active-candidates',
						name: 'documentIds',
						type: 'array',
						value: JSON.stringify(activeCandidates),
					},
				],
			},
		});
		const listed = setParameters(ats, 'What the pool holds', { indexName: index });
		return setParameters(listed, 'Take out of the pool', { indexName: index });
	},
	[REVIEW_ROUTING]: (workflow, setup) => {
		const trigger = setParameters(workflow, 'CV parsed', { workspace: byId(setup.workspace) });
		return setParameters(trigger, 'Ask a reviewer', { url: setup.notifyUrl });
	},
	[CV_DRIVE_FOLDER_INTAKE]: (workflow, setup) => {
		// The resume index is named in the file (all-resumes); the user's Drive folder and sheet:
		// Google cannot be reached here, so a run stops at the sheet.
		const folder = setParameters(workflow, 'New CV in the folder', {
			folderToWatch: byId('1CvFolderId'),
		});
		const parsing = setParameters(folder, 'Parse CV', { workspace: byId(setup.workspace) });
		return setParameters(parsing, 'Add to candidates sheet', {
			documentId: byId('1CandidatesSheetId'),
			sheetName: { __rl: true, mode: 'name', value: 'Candidates' },
		});
	},
	[CV_BATCH_AGAINST_JOB]: (workflow, setup) =>
		setParameters(workflow, 'Parse the CVs', { workspace: byId(setup.workspace) }),
	[CV_ZIP_INTAKE]: (workflow, setup) =>
		setParameters(workflow, 'Parse each CV', { workspace: byId(setup.workspace) }),
	[CAREERS_FORM_INTAKE]: (workflow, setup) => {
		const parsing = setParameters(workflow, 'Parse CV', { workspace: byId(setup.workspace) });
		return setParameters(parsing, 'Rank for the open role', {
			jobDescription: byId(setup.openRoles[0]),
		});
	},
};

export function prepareExample(file: string, setup: ExampleSetup): WorkflowJson {
	const edit = USER_EDITS[file];
	if (!edit) throw new Error(`test/examples/${file} has no set-up steps in test/e2e/examples.ts`);
	let workflow = readExampleWorkflow(file);
	for (const nodeType of [
		AFFINDA_NODE_TYPE,
		`${AFFINDA_NODE_TYPE}Tool`,
		AFFINDA_TRIGGER_TYPE,
		AFFINDA_POLLING_TRIGGER_TYPE,
	])
		workflow = useCredential(workflow, nodeType, AFFINDA_CREDENTIAL_TYPE, setup.credential);
	return edit(workflow, setup);
}

/** The nodes a workflow starts from: those no connection leads to (sticky notes aside). */
export function triggersOf(workflow: WorkflowJson): string[] {
	const targets = new Set(
		Object.values(workflow.connections).flatMap((outputs) =>
			Object.values(outputs as Record<string, Array<Array<{ node: string }> | null>>).flatMap(
				(lists) => lists.flatMap((list) => (list ?? []).map((connection) => connection.node)),
			),
		),
	);
	const starts = workflow.nodes.filter(
		(node) => node.type !== 'n8n-nodes-base.stickyNote' && !targets.has(node.name),
	);
	if (starts.length === 0) throw new Error(`Workflow "${workflow.name}" has no trigger`);
	return starts.map((node) => node.name);
}

export async function importExample(
	client: N8nClient,
	file: string,
	setup: ExampleSetup,
): Promise<ImportedExample> {
	const stored = await client.createWorkflow(prepareExample(file, setup));
	const triggers = triggersOf(stored);
	return { file, stored, trigger: triggers[0], triggers };
}

export async function importExamples(
	client: N8nClient,
	setup: ExampleSetup,
): Promise<ImportedExample[]> {
	const imported: ImportedExample[] = [];
	for (const file of exampleWorkflowFiles())
		imported.push(await importExample(client, file, setup));
	return imported;
}
