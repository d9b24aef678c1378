/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
/**
 * The live check (`npm run test:live`): the main path of a recruiter's workflow, run through the
 * node (in-process by n8n-core, as the workflow tests run it) against the Affinda service at the
 * configured Base URL: upload a CV and wait, Get it as a row, its Work History, add it to an index,
 * search, explain the match, tag it, download it redacted; then delete everything the run made, in
 * reverse order, also when a step failed. What the service answered is written to a record with
 * personal data and the key taken out (redact.ts). It reads every identifier from the answers, so
 * it runs against any account (or the emulator) alike.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';

import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
} from 'n8n-workflow';

import { AffindaApi, regionBaseUrl } from '../../credentials/AffindaApi.credentials';
import { AFFINDA_NODE_NAME, affindaWorkflow } from '../helpers/in-process-workflow';
import { runWorkflow } from '../helpers/n8n-in-process';
import { PROJECT_ROOT } from '../helpers/project-root';
import { Redactor } from './redact';

export const DEFAULT_CV = join(PROJECT_ROOT, 'test/fixtures/resumes/marcus-webb.pdf');
export const DEFAULT_RECORD_DIR = join(PROJECT_ROOT, 'test/live/records');
const REGIONS = ['api', 'api.us1', 'api.eu1'];

/** The Authorization header as the credential's `authenticate` declares it (the node's is n8n's). */
function authorizationFor(apiKey: string): string {
	const { headers } = (new AffindaApi().authenticate as IAuthenticateGeneric).properties;
	return String(headers?.Authorization)
		.replace(/^=/, '')
		.replace(/\{\{\s*\$credentials\.apiKey\s*\}\}/, apiKey);
}

const MIME_TYPES: Record<string, string> = {
	'.pdf': 'application/pdf',
	'.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	'.txt': 'text/plain',
};

export const HOW_TO = `The live check runs the node's main path against a real Affinda account; it needs an API key.
Nothing was sent and no test ran. To run it:

  AFFINDA_API_KEY=<your key> npm run test:live

Optional settings (environment):
  AFFINDA_REGION          api (Global, default), api.us1 (US) or api.eu1 (EU)
  AFFINDA_BASE_URL        another Base URL instead of a region (a dedicated tenant, the local emulator)
  AFFINDA_WORKSPACE       a workspace to upload to; without it one is created for the run and deleted
  AFFINDA_ORGANIZATION    the organization to create that workspace in (default: the first one)
  AFFINDA_DOCUMENT_TYPE   the resume document type to parse with (default: the organization's resume type)
  AFFINDA_INDEX           a resume index to search; without it one is created for the run and deleted
  AFFINDA_LIVE_CV         the CV to upload (default test/fixtures/resumes/marcus-webb.pdf)
  AFFINDA_LIVE_SEARCH_WAIT_S  how long to wait for the CV to show in the index's search (default 60)
  AFFINDA_LIVE_RECORD_DIR where to write the record (default test/live/records/)

It uses about one parse credit, and deletes what it created even when a step fails (only that:
a document is deleted only if it carries the run's Custom Identifier and was made during the run).`;

export interface LiveConfig {
	apiKey: string;
	/** The affindaApi credential the node runs with. */
	credential: ICredentialDataDecryptedObject;
	/** Where requests go, for the run's own requests (the workspace) and the record. */
	baseUrl: string;
	workspace?: string;
	organization?: string;
	documentType?: string;
	index?: string;
	cvPath: string;
	searchWaitMs: number;
	recordDir: string;
}

/**
 * The configuration the environment gives (none without a key), or the `problem` with a setting:
 * named, with its value and what is allowed.
 */
export function liveConfigFromEnv(env: NodeJS.ProcessEnv): {
	config?: LiveConfig;
	problem?: string;
} {
	const setting = (name: string) => env[name]?.trim() || undefined;
	const apiKey = setting('AFFINDA_API_KEY');
	if (!apiKey) return {};
	const region = setting('AFFINDA_REGION');
	const given = setting('AFFINDA_BASE_URL');
	if (region && given) {
		return {
			problem: `AFFINDA_REGION (${region}) and AFFINDA_BASE_URL (${given}) are both set: set one of them`,
		};
	}
	if (region && !REGIONS.includes(region)) {
		return { problem: `AFFINDA_REGION is "${region}": use one of ${REGIONS.join(', ')}` };
	}
	let baseUrl = regionBaseUrl(region ?? 'api');
	if (given) {
		const url = URL.canParse(given) ? new URL(given) : undefined;
		if (!url || !/^https?:$/.test(url.protocol)) {
			return {
				problem: `AFFINDA_BASE_URL is "${given}": use an http or https address, such as https://api.affinda.com`,
			};
		}
		baseUrl = given.replace(/\/+$/, '');
	}
	const wait = setting('AFFINDA_LIVE_SEARCH_WAIT_S') ?? '60';
	if (!/^\d+$/.test(wait) || Number(wait) > 600) {
		return {
			problem: `AFFINDA_LIVE_SEARCH_WAIT_S is "${wait}": use a whole number of seconds from 0 to 600`,
		};
	}
	const cvPath = setting('AFFINDA_LIVE_CV') ?? DEFAULT_CV;
	if (!MIME_TYPES[extname(cvPath).toLowerCase()] || !existsSync(cvPath)) {
		return {
			problem: `AFFINDA_LIVE_CV is "${cvPath}": use a ${Object.keys(MIME_TYPES).join(', ')} file that exists`,
		};
	}
	const config: LiveConfig = {
		apiKey,
		credential: {
			apiKey,
			region: given ? 'custom' : (region ?? 'api'),
			...(given ? { baseUrl } : {}),
		},
		baseUrl,
		workspace: setting('AFFINDA_WORKSPACE'),
		organization: setting('AFFINDA_ORGANIZATION'),
		documentType: setting('AFFINDA_DOCUMENT_TYPE'),
		index: setting('AFFINDA_INDEX'),
		cvPath,
		searchWaitMs: Number(wait) * 1000,
		recordDir: setting('AFFINDA_LIVE_RECORD_DIR') ?? DEFAULT_RECORD_DIR,
	};
	return { config };
}

export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface StepRecord {
	step: string;
	/** What ran: the node's Resource → Operation, or the request the run made itself. */
	via: string;
	status: StepStatus;
	reason?: string;
	ms: number;
	answer?: unknown;
	error?: { message: string; description?: unknown; httpCode?: unknown };
}

export interface LiveRecord {
	check: 'n8n-nodes-affinda live check';
	packageVersion: string;
	startedAt: string;
	finishedAt?: string;
	/** The service's origin (no path, no secrets). */
	service: string;
	/** Where the workspace and index came from. */
	setup: { workspace: 'environment' | 'created'; index: 'environment' | 'created' };
	steps: StepRecord[];
	/** What the run created, deleted in reverse order. */
	cleanup: StepRecord[];
	/** True when every step passed or was skipped with a reason, and every cleanup passed. */
	ok: boolean;
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** One main-path step: its name and what ran it. */
interface Step {
	step: string;
	via: string;
}

interface Run {
	record: LiveRecord;
	/** Answers as given, redacted when the record is written. */
	redactor: Redactor;
	/** Undo actions for what the run made, newest last. */
	undo: Array<Step & { action: () => Promise<unknown> }>;
	/** Records a step that did not run, and why. */
	skip: (which: Step, reason: string) => void;
}

/** Runs the Affinda node once with these parameters; its error, if any, is thrown. */
async function runNode(
	config: LiveConfig,
	parameters: IDataObject,
	input?: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const { output, error } = await runWorkflow(affindaWorkflow(parameters), {
		credentials: { affindaApi: config.credential },
		input,
	});
	const failure = error();
	if (failure) throw failure;
	return output(AFFINDA_NODE_NAME);
}

/** One request the run makes itself (setting up a workspace, which the node does not do). */
async function request(
	config: LiveConfig,
	method: string,
	path: string,
	body?: IDataObject,
): Promise<unknown> {
	const response = await fetch(`${config.baseUrl}${path}`, {
		method,
		headers: {
			authorization: authorizationFor(config.apiKey),
			...(body ? { 'content-type': 'application/json' } : {}),
		},
		body: body ? JSON.stringify(body) : undefined,
		redirect: 'error',
	});
	const text = await response.text();
	let answer: unknown = text;
	try {
		answer = text ? JSON.parse(text) : undefined;
	} catch {
		// kept as text
	}
	if (!response.ok) {
		throw Object.assign(new Error(`${method} ${path} answered ${response.status}`), {
			httpCode: String(response.status),
			description: answer,
		});
	}
	return answer;
}

function errorOf(error: unknown): StepRecord['error'] {
	const { message, description, httpCode } = error as Error & IDataObject;
	return { message: String(message ?? error), description, httpCode };
}

/** Runs one step into `into`, timing it; a failure is recorded, not thrown. */
async function attempt<T>(
	into: StepRecord[],
	{ step, via }: Step,
	work: () => Promise<{ answer?: unknown; value: T }>,
): Promise<{ ok: true; value: T } | { ok: false }> {
	const started = Date.now();
	try {
		const { answer, value } = await work();
		into.push({ step, via, status: 'passed', ms: Date.now() - started, answer });
		return { ok: true, value };
	} catch (error) {
		into.push({ step, via, status: 'failed', ms: Date.now() - started, error: errorOf(error) });
		return { ok: false };
	}
}

/** What a search row or an upload answer says its document is. */
function identifierOf(json: IDataObject): string | undefined {
	const meta = json.meta as IDataObject | undefined;
	const identifier = meta?.identifier ?? json.identifier;
	return typeof identifier === 'string' ? identifier : undefined;
}

/** How far the service's clock may be behind this machine's for a document made by the run. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Ends the main path after a failed step. */
class MainPathStopped extends Error {}

function stepFailed(message: string): never {
	throw new Error(message);
}

/**
 * The main path against the configured service. Never throws for the service's sake: each step's
 * outcome, and each cleanup's, is in the record it returns (and `ok`).
 */
export async function runLiveCheck(
	config: LiveConfig,
	log: (line: string) => void = () => {},
): Promise<LiveRecord> {
	const stamp = new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);
	const runName = `n8n-live-check-${stamp}-${Math.random().toString(36).slice(2, 6)}`;
	const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'));
	const run: Run = {
		record: {
			check: 'n8n-nodes-affinda live check',
			packageVersion: String(manifest.version),
			startedAt: new Date().toISOString(),
			service: new URL(config.baseUrl).origin,
			setup: {
				workspace: config.workspace ? 'environment' : 'created',
				index: config.index ? 'environment' : 'created',
			},
			steps: [],
			cleanup: [],
			ok: false,
		},
		redactor: new Redactor([config.apiKey]),
		undo: [],
		skip: (which, reason) => {
			steps.push({ ...which, status: 'skipped', reason, ms: 0 });
			say(steps[steps.length - 1]);
		},
	};
	const { steps } = run.record;
	const say = (entry: StepRecord) =>
		log(
			`${entry.status.padEnd(7)} ${entry.step} (${entry.via}, ${entry.ms} ms)${entry.reason ? `: ${entry.reason}` : ''}${entry.error ? `: ${run.redactor.text(entry.error.message)}` : ''}`,
		);
	const step = async <T>(
		which: Step,
		work: () => Promise<{ answer?: unknown; value: T }>,
	): Promise<T | undefined> => {
		const outcome = await attempt(steps, which, work);
		say(steps[steps.length - 1]);
		return outcome.ok ? outcome.value : undefined;
	};

	try {
		await mainPath(config, run, runName, step);
	} catch (error) {
		if (error instanceof MainPathStopped) {
			const failed = steps.find((entry) => entry.status === 'failed');
			for (const which of MAIN_PATH.filter((s) => !steps.some((entry) => entry.step === s.step)))
				run.skip(which, `not run: "${failed?.step}" failed`);
		} else {
			// Not the service's doing (the CV unreadable, the package not built): recorded all the same.
			steps.push({
				step: 'the check itself',
				via: 'live-check.ts',
				status: 'failed',
				ms: 0,
				error: errorOf(error),
			});
			say(steps[steps.length - 1]);
		}
	} finally {
		// What was made, newest first; each undone even if another could not be.
		for (const undo of [...run.undo].reverse()) {
			await attempt(run.record.cleanup, undo, async () => ({
				answer: await undo.action(),
				value: 0,
			}));
			say(run.record.cleanup[run.record.cleanup.length - 1]);
		}
	}
	const record = run.record;
	record.finishedAt = new Date().toISOString();
	// A skipped step always says why; the ones after a failure say it failed.
	record.ok =
		steps.every((entry) => entry.status !== 'failed') &&
		record.cleanup.every((entry) => entry.status === 'passed');
	return redactRecord(record, run.redactor);
}

/** The record with the answers' personal data and the key taken out (redact.ts). */
function redactRecord(record: LiveRecord, redactor: Redactor): LiveRecord {
	const redact = (entries: StepRecord[]) =>
		entries.map((entry) => ({
			...entry,
			answer: redactor.redact(entry.answer),
			error: entry.error && (redactor.redact(entry.error) as StepRecord['error']),
		}));
	return { ...record, steps: redact(record.steps), cleanup: redact(record.cleanup) };
}

type StepRunner = <T>(
	which: Step,
	work: () => Promise<{ answer?: unknown; value: T }>,
) => Promise<T | undefined>;

const MAIN_PATH: Step[] = [
	{ step: 'create a workspace for the run', via: 'POST /v3/workspaces' },
	{ step: 'upload a CV and wait', via: 'Document → Upload (Wait for Parsing, Raw Response)' },
	{ step: 'get it as a row', via: 'Document → Get (Flat Row)' },
	{ step: 'work history', via: 'Document → Get (Work History)' },
	{ step: 'create an index for the run', via: 'Index → Create' },
	{ step: 'add it to the index', via: 'Index → Add Document' },
	{ step: 'search the index', via: 'Resume → Search' },
	{ step: 'match detail', via: 'Resume → Get Match Detail' },
	{ step: 'tag it', via: 'Document → Add Tag (Create If Missing)' },
	{ step: 'download it redacted', via: 'Document → Download (Redacted)' },
];
const [
	CREATE_WORKSPACE,
	UPLOAD,
	GET_ROW,
	WORK_HISTORY,
	CREATE_INDEX,
	ADD_TO_INDEX,
	SEARCH,
	MATCH_DETAIL,
	TAG,
	DOWNLOAD,
] = MAIN_PATH;

/** The steps in order; after a failure, the rest are recorded as not run. */
async function mainPath(
	config: LiveConfig,
	run: Run,
	runName: string,
	step: StepRunner,
): Promise<void> {
	// A step that failed ends the main path (runLiveCheck records the rest as not run).
	const must = async <T>(which: Step, work: () => Promise<{ answer?: unknown; value: T }>) => {
		const value = await step(which, work);
		if (value === undefined) throw new MainPathStopped();
		return value;
	};
	const node = (parameters: IDataObject, input?: INodeExecutionData[]) =>
		runNode(config, parameters, input);
	/** An undo through the node: its one output item. */
	const undoBy = (parameters: IDataObject) => async () => (await node(parameters))[0]?.json;

	// The workspace: the environment's, or one made for the run (the node has no such operation).
	let workspace = config.workspace;
	let documentType = config.documentType;
	if (!workspace) {
		workspace = await must(CREATE_WORKSPACE, async () => {
			const organization =
				config.organization ??
				identifierOf(
					((await request(config, 'GET', '/v3/organizations')) as IDataObject[])[0] ?? {},
				) ??
				stepFailed('The account lists no organization: set AFFINDA_WORKSPACE');
			if (!documentType) {
				const types = (await request(
					config,
					'GET',
					`/v3/document_types?organization=${encodeURIComponent(organization)}`,
				)) as IDataObject[];
				const resume = types.find((type) => /resume|\bcv\b/i.test(String(type.name)));
				documentType =
					(resume && identifierOf(resume)) ??
					stepFailed(
						'The organization has no document type named like "Resume": set AFFINDA_DOCUMENT_TYPE',
					);
			}
			const created = (await request(config, 'POST', '/v3/workspaces', {
				organization,
				name: runName,
				documentTypes: [documentType],
			})) as IDataObject;
			const identifier =
				identifierOf(created) ?? stepFailed('The created workspace has no identifier');
			run.undo.push({
				step: 'delete the workspace',
				via: 'DELETE /v3/workspaces/{identifier}',
				action: () => request(config, 'DELETE', `/v3/workspaces/${encodeURIComponent(identifier)}`),
			});
			return { answer: created, value: identifier };
		});
	} else {
		run.skip(CREATE_WORKSPACE, 'AFFINDA_WORKSPACE is set');
	}

	const cv = readFileSync(config.cvPath);
	const document = await must(UPLOAD, async () => {
		const upload = node(
			{
				resource: 'document',
				operation: 'upload',
				workspace: byId(workspace),
				...(documentType ? { documentType: byId(documentType) } : {}),
				wait: true,
				output: 'raw',
				// The run's name marks its document, so an upload that fails after Affinda made the
				// document (parsing failed, the wait ran out) still leaves it findable for the cleanup.
				options: { customIdentifier: runName },
			},
			[
				{
					json: {},
					binary: {
						data: {
							data: cv.toString('base64'),
							fileName: basename(config.cvPath),
							mimeType: MIME_TYPES[extname(config.cvPath).toLowerCase()],
						},
					},
				},
			],
		);
		const [item] = await upload.catch((error: unknown) => {
			run.undo.push({
				step: 'delete the document',
				via: 'Document → Get Many (Custom Identifier) and Document → Delete',
				action: async () => {
					const made = await node({
						resource: 'document',
						operation: 'getMany',
						returnAll: true,
						filters: { workspace: byId(workspace), custom_identifier: runName },
						output: 'raw',
					});
					// Only the run's own: its Custom Identifier, made since it started. A list holding
					// anything else (a service that ignored the filter) deletes nothing.
					const startedAt = Date.parse(run.record.startedAt) - CLOCK_SKEW_MS;
					const ours = (found: IDataObject) => {
						const meta = (found.meta ?? {}) as IDataObject;
						return (
							meta.customIdentifier === runName &&
							Date.parse(String(meta.createdDt)) >= startedAt &&
							identifierOf(found) !== undefined
						);
					};
					const others = made.filter((found) => !ours(found.json));
					if (others.length > 0) {
						stepFailed(
							`Document → Get Many listed documents that are not this run's (not its Custom Identifier, or created before the run started): ${others.length} of ${made.length}, e.g. ${String(identifierOf(others[0].json))}; nothing deleted`,
						);
					}
					const identifiers = made.map((found) => identifierOf(found.json) as string);
					for (const found of identifiers)
						await node({ resource: 'document', operation: 'delete', identifier: byId(found) });
					return { deleted: identifiers };
				},
			});
			throw error;
		});
		const identifier = identifierOf(item?.json ?? {});
		if (identifier) {
			run.undo.push({
				step: 'delete the document',
				via: 'Document → Delete',
				action: undoBy({ resource: 'document', operation: 'delete', identifier: byId(identifier) }),
			});
		}
		run.redactor.learn(item?.json.data);
		const meta = (item?.json.meta ?? {}) as IDataObject;
		if (!identifier) stepFailed('The answer names no document identifier');
		if (meta.ready !== true || meta.failed === true)
			stepFailed(
				`The document is not parsed: ready ${String(meta.ready)}, failed ${String(meta.failed)}`,
			);
		return { answer: item.json, value: identifier };
	});
	const documentLocator = byId(document);

	const row = await must(GET_ROW, async () => {
		const [item] = await node({
			resource: 'document',
			operation: 'get',
			identifier: documentLocator,
		});
		run.redactor.learn(item?.json, false);
		if (item?.json.identifier !== document)
			stepFailed(`The row's identifier is ${String(item?.json.identifier)}, not ${document}`);
		return { answer: item.json, value: item.json };
	});

	await must(WORK_HISTORY, async () => {
		const items = await node({
			resource: 'document',
			operation: 'get',
			identifier: documentLocator,
			output: 'workHistory',
		});
		for (const item of items) run.redactor.learn(item.json, false);
		if (items.length === 0) stepFailed('Work History gave no position (the sample CV has three)');
		return { answer: items.map((item) => item.json), value: items.length };
	});

	let index = config.index;
	if (!index) {
		index = await must(CREATE_INDEX, async () => {
			const [item] = await node({
				resource: 'index',
				operation: 'create',
				name: runName,
				docType: 'resumes',
			});
			const name = String(item?.json.name ?? runName);
			if (item?.json.created === true) {
				run.undo.push({
					step: 'delete the index',
					via: 'Index → Delete',
					action: undoBy({ resource: 'index', operation: 'delete', indexName: name }),
				});
			} else stepFailed(`An index named ${name} existed already: not the run's to use or delete`);
			return { answer: item.json, value: name };
		});
	} else {
		run.skip(CREATE_INDEX, 'AFFINDA_INDEX is set');
	}
	const indexName = index;

	await must(ADD_TO_INDEX, async () => {
		const [item] = await node({
			resource: 'index',
			operation: 'addDocument',
			indexName,
			document: documentLocator,
		});
		if (config.index) {
			run.undo.push({
				step: 'take the document out of the index',
				via: 'Index → Remove Document',
				action: undoBy({
					resource: 'index',
					operation: 'removeDocument',
					indexName,
					document: documentLocator,
				}),
			});
		}
		return { answer: item?.json, value: true };
	});

	// What to search for, read off the row: the current job title, else the first skill.
	const jobTitle = typeof row.currentJobTitle === 'string' ? row.currentJobTitle : undefined;
	const skill = String(row.skills ?? '')
		.split(',')[0]
		?.trim();
	const criteria = jobTitle
		? { jobTitles: { jobTitles: jobTitle } }
		: { skills: { skills: { values: [{ name: skill || 'Python', required: false }] } } };
	const search = { indices: [indexName], searchMode: 'custom', criteria };

	await must(SEARCH, async () => {
		// A document just indexed may take a moment to show in the service's search.
		const until = Date.now() + config.searchWaitMs;
		for (let tries = 1; ; tries++) {
			const items = await node({ resource: 'resume', operation: 'search', ...search, limit: 10 });
			const rows = items.map((item) => item.json);
			if (rows.some((entry) => entry.identifier === document)) {
				return { answer: { tries, rows }, value: true };
			}
			if (Date.now() >= until) {
				stepFailed(
					`The uploaded CV was not among the ${rows.length} results after ${tries} searches over ${config.searchWaitMs / 1000} s`,
				);
			}
			await new Promise((resolve) => setTimeout(resolve, 5000));
		}
	});

	await must(MATCH_DETAIL, async () => {
		const [item] = await node({
			resource: 'resume',
			operation: 'getMatchDetail',
			identifier: documentLocator,
			...search,
		});
		return { answer: item?.json, value: true };
	});

	await must(TAG, async () => {
		const [item] = await node({
			resource: 'document',
			operation: 'addTag',
			identifier: documentLocator,
			tag: { __rl: true, mode: 'name', value: runName },
			workspace: byId(workspace),
			createIfMissing: true,
		});
		const tag = (item?.json.tag ?? {}) as IDataObject;
		if (item?.json.tagCreated === true && tag.id !== undefined) {
			run.undo.push({
				step: 'delete the tag',
				via: 'Tag → Delete',
				action: undoBy({ resource: 'tag', operation: 'delete', tag: byId(String(tag.id)) }),
			});
		}
		if (item?.json.identifier !== document) stepFailed('The tagged document is not the CV');
		return { answer: item.json, value: true };
	});

	await must(DOWNLOAD, async () => {
		const [item] = await node({
			resource: 'document',
			operation: 'download',
			identifier: documentLocator,
			file: 'redacted',
		});
		const file = item?.binary?.data;
		const bytes = Buffer.from(file?.data ?? '', 'base64');
		if (bytes.length === 0) stepFailed('The redacted file is empty');
		return {
			answer: {
				...item.json,
				startsAsPdf: bytes.subarray(0, 5).toString('latin1') === '%PDF-',
			},
			value: true,
		};
	});
}

/** Writes the record as <recordDir>/<time>.json; returns its path. */
export function writeRecord(record: LiveRecord, recordDir: string): string {
	mkdirSync(recordDir, { recursive: true });
	const path = join(recordDir, `${record.startedAt.replace(/:/g, '-')}.json`);
	writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
	return path;
}

/**
 * `npm run test:live`: exit code 0 when every step passed (or was skipped with its reason) and
 * everything made was deleted; 0 also without a key, having said how to run it; else 1.
 */
export async function main(env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
	const { config, problem } = liveConfigFromEnv(env);
	if (problem) {
		out(`Live check not run: ${problem}.`);
		return 1;
	}
	if (!config) {
		out(HOW_TO);
		return 0;
	}
	out(`Live check against ${new URL(config.baseUrl).origin} through the Affinda node`);
	const record = await runLiveCheck(config, out);
	const path = writeRecord(record, config.recordDir);
	const count = (status: StepStatus) =>
		record.steps.filter((entry) => entry.status === status).length;
	const undone = record.cleanup.filter((entry) => entry.status === 'passed').length;
	out(
		`${record.ok ? 'Passed' : 'FAILED'}: ${count('passed')} steps passed, ${count('failed')} failed, ${count('skipped')} skipped; ${undone} of ${record.cleanup.length} things the run made deleted. Record: ${path}`,
	);
	return record.ok ? 0 : 1;
}
