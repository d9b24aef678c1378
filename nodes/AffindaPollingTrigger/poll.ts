import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { documentPath, DOCUMENTS_PATH } from '../shared/service';
import { disconnect } from '../shared/transport/connection';
import { affindaApiRequestPagesUntil, PAGE_SIZE } from '../shared/transport/pager';
import { affindaApiRequest } from '../shared/transport/request';
import {
	backupOf,
	floorOf,
	readState,
	settle,
	stateFromBackup,
	unseen,
	writeState,
	type Listed,
	type PollState,
} from './cursor';
import { readPollSettings, type PollSettings } from './settings';
import { eventItem } from '../shared/documentEvents';

/**
 * One poll: read the documents list newest first, down to the late window before the cursor;
 * pass on, oldest first, each document that reached the event and was not passed on before; then
 * keep the new cursor. Every request is made before the state changes, so a poll that fails
 * leaves the cursor where it was and the next poll passes on what this one would have.
 */

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A listed document, placed; undefined when the list gives it no place (no identifier or time). */
function listedFrom(document: IDataObject, settings: PollSettings): Listed | undefined {
	const meta = (document.meta ?? {}) as IDataObject;
	const identifier = text(meta.identifier);
	const orderedAt = Date.parse(String(meta[settings.event.orderedBy]));
	if (identifier === undefined || !Number.isFinite(orderedAt)) return undefined;
	const reachedAtText =
		text(meta[settings.event.reachedAt]) ?? String(meta[settings.event.orderedBy]);
	const reachedAt = Date.parse(reachedAtText);
	return {
		identifier,
		orderedAt,
		reachedAt: Number.isFinite(reachedAt) ? reachedAt : orderedAt,
		reachedAtText,
		wanted: settings.documentType === undefined || meta.documentType === settings.documentType,
		document,
	};
}

function listRequest(settings: PollSettings) {
	return {
		method: 'GET' as const,
		path: DOCUMENTS_PATH,
		qs: {
			...settings.scope,
			...settings.event.filter,
			ordering: `-${settings.event.ordering}`,
			limit: PAGE_SIZE.documents,
			// Pages are read until they reach back far enough, never counted to the end.
			count: false,
		},
	};
}

/**
 * How far past the service's clock a document's date may lie and still move the cursor: the
 * service's own servers may differ a little; the late window absorbs what this lets through.
 */
const CLOCK_TOLERANCE_MS = 5 * 60_000;

/**
 * The documents of the list down to the floor, newest first (at the first poll, the newest's
 * window), and the latest position the cursor may take: the service's clock when it answered.
 */
async function listDownToFloor(
	this: IPollFunctions,
	settings: PollSettings,
	floorFrom: (newest: number | undefined) => number | undefined,
): Promise<{ listed: Listed[]; latest: number }> {
	let floor: number | undefined;
	let latest = Infinity;
	const request = {
		...listRequest(settings),
		serviceClock: (now: number) => {
			if (latest === Infinity) latest = now + CLOCK_TOLERANCE_MS;
		},
	};
	const pages = await affindaApiRequestPagesUntil.call(this, request, (page) =>
		page.some((document) => {
			const listed = listedFrom(document, settings);
			if (!listed || listed.orderedAt > latest) return false;
			floor ??= floorFrom(listed.orderedAt);
			return floor !== undefined && listed.orderedAt < floor;
		}),
	);
	const listed = pages
		.map((document) => listedFrom(document, settings))
		.filter((document): document is Listed => document !== undefined);
	return { listed, latest };
}

/** The item the workflow starts with: the webhook trigger's item for the same event. */
async function itemFor(
	this: IPollFunctions,
	listed: Listed,
	settings: PollSettings,
): Promise<INodeExecutionData> {
	const meta = (listed.document.meta ?? {}) as IDataObject;
	const document = settings.fetchDocument
		? await affindaApiRequest.call(this, { method: 'GET', path: documentPath(listed.identifier) })
		: undefined;
	const event = settings.event.value;
	const json = eventItem(
		{
			id: `${listed.identifier}:${event}:${listed.reachedAtText}`,
			event,
			timestamp: listed.reachedAt / 1000,
			payload: { ...meta, extractor: listed.document.extractor ?? null },
		},
		// Read from the service with the credential's key: as sure as a verified signature.
		true,
		document,
	);
	// The item's fields come from the whole document; what it carries is as Output asks.
	if (document) json.document = settings.documentAsAsked(document);
	return { json };
}

/** A manual test: the newest document that reached the event, whatever the cursor says. */
async function newestItem(
	this: IPollFunctions,
	settings: PollSettings,
): Promise<INodeExecutionData[][]> {
	const pages = await affindaApiRequestPagesUntil.call(this, listRequest(settings), (page) =>
		page.some((document) => listedFrom(document, settings)?.wanted === true),
	);
	const newest = pages
		.map((document) => listedFrom(document, settings))
		.filter((listed): listed is Listed => listed?.wanted === true)
		.sort((a, b) => b.reachedAt - a.reachedAt || (a.identifier < b.identifier ? 1 : -1))[0];
	if (!newest) {
		throw new NodeOperationError(
			this.getNode(),
			`No document in this ${Object.keys(settings.scope)[0]}${settings.documentType ? ` of this document type` : ''} has reached "${settings.event.value}" yet`,
			{
				description:
					'Upload a document there (and, for Document Validated, validate it), then test again. Once the workflow is active, each new document starts it.',
			},
		);
	}
	return [[await itemFor.call(this, newest, settings)]];
}

/** The nodes with a poll under way in this process: n8n starts the next without waiting. */
const polling = new Set<string>();

/**
 * Documents whose fetch failed the way a retry would (404, 403), by node and time they reached
 * the event: passed over from then on. The state says so too, but n8n's durable poll cursors keep
 * nothing of a poll that failed, so a document alone in its poll would be reported at every poll.
 * Bounded: the oldest are forgotten first (then reported once more, never lost).
 */
const passedOver = new Set<string>();
const PASSED_OVER_CAPACITY = 10_000;

function passedOverKey(this: IPollFunctions, document: Listed): string {
	return `${this.getWorkflow().id ?? ''}/${this.getNode().id}/${document.identifier}@${document.reachedAtText}`;
}

function passOver(this: IPollFunctions, document: Listed): void {
	if (passedOver.size >= PASSED_OVER_CAPACITY) {
		passedOver.delete(passedOver.values().next().value as string);
	}
	passedOver.add(passedOverKey.call(this, document));
}

export async function pollDocuments(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	// The context serves every poll of the activation: each poll reads the credential afresh.
	disconnect.call(this);
	const settings = readPollSettings.call(this);
	if (this.getMode() === 'manual') return await newestItem.call(this, settings);

	// A poll still under way (sleeping through a Retry-After, say) passes on what this one would:
	// both from the same cursor, they would pass on the same documents twice.
	const key = `${this.getWorkflow().id ?? ''}/${this.getNode().id}`;
	if (polling.has(key)) {
		this.logger.warn(
			`Affinda Polling Trigger "${this.getNode().name}": the previous poll is still running, so this one is skipped`,
		);
		return null;
	}
	polling.add(key);
	try {
		await pollOnce.call(this, settings);
	} finally {
		polling.delete(key);
	}
	return null;
}

/**
 * Where the state is kept a second time, each time it is kept: the workflow's static data, which
 * n8n saves after activating the workflow and with each run. With durable poll cursors (n8n 2.41
 * and later) n8n discards what the activation poll kept for the node, and the first scheduled
 * poll would take the baseline again, losing the documents parsed in between; and n8n keys the
 * node's own state by the node's name, so a renamed node has none. Either starts from this copy,
 * keyed by the node's id, which a rename keeps.
 */
function backupKey(this: IPollFunctions): string {
	return `affindaPollBaseline:${this.getNode().id}`;
}

async function pollOnce(this: IPollFunctions, settings: PollSettings): Promise<void> {
	// Read only here, inside the poll: with durable cursors n8n stages it for this poll alone.
	const stored = this.getWorkflowStaticData('node');
	const workflowData = this.getWorkflowStaticData('global');
	const now = Date.now();
	const state =
		readState(stored, settings.key) ??
		stateFromBackup(workflowData[backupKey.call(this)], settings.key, now, settings.lateWindowMs);
	// The node's state and its copy, kept together: the copy is never older than the state.
	const keep = (kept: PollState) => {
		writeState(stored, kept);
		workflowData[backupKey.call(this)] = backupOf(kept, now) as unknown as IDataObject;
	};
	const { listed, latest } = await listDownToFloor.call(this, settings, (newest) =>
		floorOf(state, newest, settings.lateWindowMs),
	);
	const settled = settle(state, listed, settings.lateWindowMs, settings.key, latest);
	const { deliver, beyond } = settled;
	for (const document of beyond) {
		this.logger.warn(
			`Affinda Polling Trigger "${this.getNode().name}": document ${document.identifier} is dated ${String(
				(document.document.meta as IDataObject)[settings.event.orderedBy],
			)}, after Affinda's own clock; it is passed on, but later documents are not measured from it`,
		);
	}
	const items: Array<INodeExecutionData | undefined> = [];
	// One document that cannot be fetched does not hold back the others: it is reported; one whose
	// failure can pass is not counted as seen, so that the next poll tries it again (within the
	// late window), while one that would fail the same way (404, 403) is reported once.
	const unfetched: Array<{ document: Listed; error: Error }> = [];
	for (const document of deliver) {
		if (passedOver.has(passedOverKey.call(this, document))) continue;
		try {
			items.push(await itemFor.call(this, document, settings));
		} catch (error) {
			items.push(undefined);
			unfetched.push({ document, error: error as Error });
			if (!mayPass(error as Error)) passOver.call(this, document);
		}
	}
	const next = unseen(
		settled.state,
		unfetched.filter(({ error }) => mayPass(error)).map(({ document }) => document),
	);
	// One run per document, as the webhook trigger starts one per event. The new state goes with
	// the last run started: n8n keeps it with that run (in one transaction, with durable cursors),
	// and it cannot be overtaken by an older state kept with an earlier run. Stopped before that
	// run, the next poll passes these documents on again rather than lose one.
	const lastStarted = items.reduce((last, item, index) => (item ? index : last), -1);
	items.forEach((item, index) => {
		if (item === undefined) return;
		if (index === lastStarted) keep(next);
		this.__emit([[item]]);
	});
	keep(next);
	if (unfetched.length > 0) {
		const started = items.length - unfetched.length;
		throw new NodeOperationError(
			this.getNode(),
			`Could not fetch ${unfetched.length === 1 ? 'document' : 'documents'} ${unfetched
				.map(({ document, error }) => `${document.identifier} (${error.message})`)
				.join(', ')}`,
			{
				description: [
					`${started} other ${started === 1 ? 'document' : 'documents'} started the workflow.`,
					...whatNext(unfetched, settings.lateWindowMs),
				].join(' '),
			},
		);
	}
}

/** A failure that can pass: rate limited, the service's own trouble, no answer (timeout, reset). */
function mayPass(error: Error): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const status =
		error.httpCode === undefined || error.httpCode === null ? undefined : Number(error.httpCode);
	return status === undefined || status === 408 || status === 429 || status >= 500;
}

/** What the next polls do with the documents that could not be fetched, in words. */
function whatNext(unfetched: Array<{ document: Listed; error: Error }>, lateWindowMs: number) {
	const again = unfetched.filter(({ error }) => mayPass(error));
	const passedOver = unfetched.filter(({ error }) => !mayPass(error));
	const them = (group: unknown[], named: boolean) =>
		named && unfetched.length > 1 && group.length < unfetched.length
			? (group as typeof unfetched).map(({ document }) => document.identifier).join(', ')
			: group.length === 1
				? 'it'
				: 'them';
	const words: string[] = [];
	if (again.length > 0) {
		const one = again.length === 1;
		words.push(
			`The next poll tries ${them(again, true)} again, while ${one ? 'it is' : 'they are'} within the Late Window (${lateWindowMs / 60_000} minutes); after that, get ${them(again, false)} with the Affinda node (Document → Get).`,
		);
	}
	if (passedOver.length > 0) {
		const one = passedOver.length === 1;
		words.push(
			`Fetching ${them(passedOver, true)} again would fail the same way, so the next polls pass ${them(passedOver, false)} over; get ${them(passedOver, false)} with the Affinda node (Document → Get) once ${one ? 'it' : 'they'} can be read.`,
		);
	}
	return words;
}
