/* eslint-disable @n8n/community-nodes/no-restricted-imports -- drives a queue-mode n8n over HTTP */
// The careers-form example (test/examples/careers-form-intake.json) under a burst of applications:
// N distinct CVs of 1 kB to 2 MB posted at once to its production webhook, then what n8n and the
// emulator recorded, counted. Used by the queue-mode test and `npm run bench:queue`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';

import type { Emulator } from '../emulator';
import { CAREERS_FORM_INTAKE, prepareExample } from '../e2e/examples';
import { setParameters } from '../helpers/real-n8n/workflow-files';
import type { Execution } from '../helpers/real-n8n/n8n-client';
import { AFFINDA_CREDENTIAL_TYPE } from '../helpers/real-n8n/real-n8n';
import type { QueueCluster } from './queue-cluster';

export const API_KEY = 'queue-affinda-key';
const WEBHOOK_PATH = 'careers-form';

export interface Application {
	candidateRef: string;
	fileName: string;
	bytes: Buffer;
	sha256: string;
}

/**
 * `count` CVs, each a real resume text (so the emulator parses it) made unique and padded with
 * project notes to a size spread evenly on a log scale from 1 kB to 2 MB.
 */
export function applications(
	resumeTextPath: string,
	count: number,
	refPrefix = 'careers',
): Application[] {
	const resume = readFileSync(resumeTextPath, 'utf8');
	return Array.from({ length: count }, (_, i) => {
		const candidateRef = `${refPrefix}-${String(i + 1).padStart(3, '0')}`;
		const target = Math.round(1024 * 2048 ** (count > 1 ? i / (count - 1) : 0));
		let text = `${resume}\nApplication reference: ${candidateRef}\n`;
		// The size kept as lines are added: measuring the whole text each time took minutes.
		let size = Buffer.byteLength(text);
		for (let line = 0; size < target; line++) {
			const note = `Project note ${candidateRef}-${line}: delivered a backend service in Python on AWS.\n`;
			text += note;
			size += Buffer.byteLength(note);
		}
		const bytes = Buffer.from(text);
		return {
			candidateRef,
			fileName: `${candidateRef}.txt`,
			bytes,
			sha256: createHash('sha256').update(bytes).digest('hex'),
		};
	});
}

export interface BurstResult {
	workflowId: string;
	/** HTTP status of each webhook answer, in the order the applications were posted. */
	statuses: number[];
	/** The first item each webhook answered with (the best-ranked candidate). */
	answers: unknown[];
	executions: Execution[];
	elapsedMs: number;
}

/**
 * Imports and activates the example against the emulator, as its sticky note asks a user;
 * `ifAlreadyUploaded` replaces the example's choice in Parse CV (Use the Existing Document).
 */
export async function setUpCareersForm(
	cluster: QueueCluster,
	emulator: Emulator,
	ifAlreadyUploaded?: 'uploadAgain' | 'useExisting',
): Promise<string> {
	const { client } = cluster.main;
	const credential = await client.createCredential('Affinda (emulator)', AFFINDA_CREDENTIAL_TYPE, {
		apiKey: API_KEY,
		region: 'custom',
		baseUrl: emulator.url,
	});
	const example = prepareExample(CAREERS_FORM_INTAKE, {
		credential,
		workspace: emulator.fixtures.workspaces.recruitment.identifier,
		openRoles: [emulator.fixtures.jobDescriptions[0].identifier],
		notifyUrl: 'http://127.0.0.1:9/unused',
	});
	const stored = await client.createWorkflow(
		ifAlreadyUploaded
			? setParameters(example, 'Parse CV', { options: { ifAlreadyUploaded } })
			: example,
	);
	await client.activateWebhookWorkflow(stored.id, WEBHOOK_PATH);
	return stored.id;
}

/** Posts every application at once and waits for every execution n8n recorded to settle. */
export async function postAll(
	cluster: QueueCluster,
	workflowId: string,
	sent: Application[],
): Promise<BurstResult> {
	const started = Date.now();
	const responses = await Promise.all(
		sent.map(async (application) => {
			const { status, text } = await postApplication(cluster, application);
			return { status, answer: parseJson(text) };
		}),
	);
	const elapsedMs = Date.now() - started;
	const listed = (await cluster.main.client.api(
		'GET',
		`/executions?workflowId=${workflowId}&limit=250`,
	)) as { data: Array<{ id: string }> };
	const executions = await Promise.all(
		listed.data.map((execution) => cluster.main.client.waitForExecution(execution.id, 5 * 60_000)),
	);
	return {
		workflowId,
		statuses: responses.map((response) => response.status),
		answers: responses.map((response) => response.answer),
		executions,
		elapsedMs,
	};
}

/** One applicant's form post: resolves with n8n's answer (the workflow's, in lastNode mode). */
export async function postApplication(
	cluster: QueueCluster,
	application: Application,
): Promise<{ status: number; text: string }> {
	const form = new FormData();
	form.append('candidateRef', application.candidateRef);
	form.append(
		'cv',
		new Blob([new Uint8Array(application.bytes)], { type: 'text/plain' }),
		application.fileName,
	);
	return await postFromOwnConnection(`${cluster.main.baseUrl}/webhook/${WEBHOOK_PATH}`, form);
}

/**
 * Posts a form over a connection of its own, as fifty applicants' browsers would, rather than over
 * fetch's shared keep-alive pool: a pooled connection n8n has just closed fails the write (EPIPE).
 */
async function postFromOwnConnection(
	url: string,
	form: FormData,
): Promise<{ status: number; text: string }> {
	const encoded = new Request(url, { method: 'POST', body: form });
	const body = Buffer.from(await encoded.arrayBuffer());
	return await new Promise((resolve, reject) => {
		const request = httpRequest(
			url,
			{
				method: 'POST',
				agent: false,
				headers: {
					'content-type': encoded.headers.get('content-type') ?? '',
					'content-length': body.length,
				},
				timeout: 10 * 60_000,
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
				);
				response.on('error', reject);
			},
		);
		request.on('error', reject);
		request.end(body);
	});
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

export interface UploadCount {
	received: number;
	/** Sent CVs that arrived with their own bytes, counted once each. */
	matched: number;
	/** Extra copies of a CV that had arrived already. */
	duplicates: number;
	/** Uploads whose bytes are not those of the CV their Custom Identifier names (changed, truncated, swapped). */
	mismatched: number;
	/** Sent CVs that never arrived. */
	missing: number;
}

/**
 * Compares the uploads the emulator received with the CVs sent: each names its application by
 * Custom Identifier (the form's candidateRef), and its file must have that CV's SHA-256.
 */
export function countUploads(emulator: Emulator, sent: Application[]): UploadCount {
	const uploads = emulator.received.filter(
		(request) => request.method === 'POST' && request.path === '/v3/documents',
	);
	const expected = new Map(
		sent.map((application) => [application.candidateRef, application.sha256]),
	);
	const arrivals = new Map<string, number>();
	let mismatched = 0;
	for (const upload of uploads) {
		const body = upload.body as {
			fields?: { customIdentifier?: string };
			files?: { file?: { sha256?: string } };
		};
		const ref = body.fields?.customIdentifier ?? '';
		if (!expected.has(ref) || body.files?.file?.sha256 !== expected.get(ref)) mismatched++;
		else arrivals.set(ref, (arrivals.get(ref) ?? 0) + 1);
	}
	return {
		received: uploads.length,
		matched: arrivals.size,
		duplicates: [...arrivals.values()].reduce((sum, n) => sum + n - 1, 0),
		mismatched,
		missing: expected.size - arrivals.size,
	};
}
