import type { IDataObject } from 'n8n-workflow';

/**
 * The poll's memory, and the one rule that decides what each poll passes on. Pure: no requests,
 * no clock. The cursor is a moment on the service's own clock (the newest position the list has
 * shown), never n8n's, so a skewed clock on either side cannot open a gap or a repeat.
 */

/** One document as a poll listed it. */
export interface Listed {
	identifier: string;
	/** Where the list's order puts it (epoch ms): when it was created, or validated. */
	orderedAt: number;
	/** When it reached the event (epoch ms), and as the service wrote it. */
	reachedAt: number;
	reachedAtText: string;
	/** Whether it starts the workflow (its document type is the one asked for). */
	wanted: boolean;
	document: IDataObject;
}

/** What the node keeps between polls, in n8n's static data for the node. */
export interface PollState {
	/** What the state was built for (event, scope, document type): other settings start afresh. */
	for: string;
	/** The newest position listed so far (epoch ms); null while the list has been empty. */
	cursor: number | null;
	/**
	 * The documents already passed on, or already there at the first poll, whose position is
	 * within the late window of the cursor: `identifier@reachedAt` → position. A document is
	 * passed on once per time it reaches the event (validated again later: again).
	 */
	seen: Record<string, number>;
}

function seenKey(document: Pick<Listed, 'identifier' | 'reachedAtText'>): string {
	return `${document.identifier}@${document.reachedAtText}`;
}

/**
 * How far back a poll reads: the late window before the cursor. At the first poll (no state)
 * that is the window before the newest document listed, `newest`; after an empty first poll,
 * everything.
 */
export function floorOf(
	state: PollState | undefined,
	newest: number | undefined,
	windowMs: number,
): number | undefined {
	if (state === undefined) return newest === undefined ? undefined : newest - windowMs;
	return state.cursor === null ? -Infinity : state.cursor - windowMs;
}

/** Oldest reached first; documents that reached it at the same moment by identifier. */
function inOrder(a: Listed, b: Listed): number {
	return a.reachedAt - b.reachedAt || (a.identifier < b.identifier ? -1 : 1);
}

/**
 * What a poll passes on, and the state after it. `listed` is everything read, newest first,
 * down to the floor (and possibly a little past it). At the first poll nothing is passed on:
 * what is there already is history, recorded so it never counts as new.
 *
 * `latest` bounds the cursor: a document placed after it (a skewed or garbage date) is passed
 * on once like any other, and named in `beyond`, but never moves the cursor, which would leave
 * every later document behind the floor.
 */
export function settle(
	state: PollState | undefined,
	listed: readonly Listed[],
	windowMs: number,
	settingsKey: string,
	latest = Infinity,
): { state: PollState; deliver: Listed[]; beyond: Listed[] } {
	const newest = listed.reduce<number | undefined>(
		(max, document) =>
			document.orderedAt <= latest && (max === undefined || document.orderedAt > max)
				? document.orderedAt
				: max,
		undefined,
	);
	const floor = floorOf(state, newest, windowMs) ?? -Infinity;
	const seen = state?.seen ?? {};
	const fresh = new Map<string, Listed>();
	for (const document of listed) {
		const key = seenKey(document);
		if (document.wanted && document.orderedAt >= floor && !(key in seen)) fresh.set(key, document);
	}
	const previous = state?.cursor ?? null;
	const cursor =
		newest === undefined ? previous : previous === null ? newest : Math.max(previous, newest);
	const keepFrom = cursor === null ? -Infinity : cursor - windowMs;
	const kept: Record<string, number> = {};
	for (const [key, orderedAt] of Object.entries(seen)) {
		if (orderedAt >= keepFrom) kept[key] = orderedAt;
	}
	for (const [key, document] of fresh) {
		if (document.orderedAt >= keepFrom) kept[key] = document.orderedAt;
	}
	const deliver = state === undefined ? [] : [...fresh.values()].sort(inOrder);
	return {
		state: { for: settingsKey, cursor, seen: kept },
		deliver,
		beyond: deliver.filter((document) => document.orderedAt > latest),
	};
}

/**
 * The state without `documents` among the seen: the next poll passes them on again, as long as
 * they are within the late window of the cursor (a document whose run could not start).
 */
export function unseen(state: PollState, documents: readonly Listed[]): PollState {
	if (documents.length === 0) return state;
	const seen = { ...state.seen };
	for (const document of documents) delete seen[seenKey(document)];
	return { ...state, seen };
}

/** The state kept, if it is one this node made for these settings. */
export function stateFrom(value: unknown, settingsKey: string): PollState | undefined {
	const state = value as PollState | undefined;
	if (typeof state !== 'object' || state === null || state.for !== settingsKey) return undefined;
	if (state.cursor !== null && typeof state.cursor !== 'number') return undefined;
	if (typeof state.seen !== 'object' || state.seen === null) return undefined;
	return state;
}

/**
 * The state again, with when it was kept (epoch ms, n8n's clock): the copy in the workflow's
 * static data, for a node whose own state is gone (renamed, or discarded by n8n).
 */
export interface PollBackup extends PollState {
	savedAt: number;
}

export function backupOf(state: PollState, nowMs: number): PollBackup {
	return { ...state, savedAt: nowMs };
}

/**
 * The copy's state, if it is one for these settings kept within the late window: an older one (or
 * one without its time) may lag the state it backed up, and a poll starting from it would pass on
 * again what was passed on since; without it the poll starts afresh, passing nothing on.
 */
export function stateFromBackup(
	value: unknown,
	settingsKey: string,
	nowMs: number,
	windowMs: number,
): PollState | undefined {
	const state = stateFrom(value, settingsKey);
	const savedAt = (value as Partial<PollBackup> | undefined)?.savedAt;
	if (state === undefined || typeof savedAt !== 'number' || !(nowMs - savedAt <= windowMs)) {
		return undefined;
	}
	return { for: state.for, cursor: state.cursor, seen: state.seen };
}

/** The state kept in the node's static data, if it is one this node made for these settings. */
export function readState(stored: IDataObject, settingsKey: string): PollState | undefined {
	return stateFrom(stored.pollState, settingsKey);
}

export function writeState(stored: IDataObject, state: PollState): void {
	stored.pollState = state as unknown as IDataObject;
}
