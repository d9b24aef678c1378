// The polling trigger's one rule (nodes/AffindaPollingTrigger/cursor.ts): what a poll passes on,
// and what it keeps for the next, from what the list showed. No requests, no clock.
import {
	backupOf,
	settle,
	stateFrom,
	stateFromBackup,
	unseen,
	type Listed,
	type PollState,
} from '../../nodes/AffindaPollingTrigger/cursor';

const MINUTE = 60_000;
const WINDOW = 10 * MINUTE;
const KEY = 'settings';

function listed(
	identifier: string,
	orderedAt: number,
	reachedAt = orderedAt,
	wanted = true,
): Listed {
	const reachedAtText = new Date(reachedAt).toISOString();
	return {
		identifier,
		orderedAt,
		reachedAt,
		reachedAtText,
		wanted,
		document: { meta: { identifier } },
	};
}
const ids = (documents: Listed[]) => documents.map((document) => document.identifier);

test('the first poll passes on nothing and keeps the window behind the newest as seen', () => {
	const { state, deliver } = settle(
		undefined,
		[listed('c', 30 * MINUTE), listed('b', 25 * MINUTE), listed('a', 5 * MINUTE)],
		WINDOW,
		KEY,
	);
	expect(deliver).toEqual([]);
	expect(state.cursor).toBe(30 * MINUTE);
	expect(
		Object.keys(state.seen)
			.map((key) => key.split('@')[0])
			.sort(),
	).toEqual(['b', 'c']);
});

test('an empty first poll makes every later document new', () => {
	const first = settle(undefined, [], WINDOW, KEY);
	expect(first.state).toEqual({ for: KEY, cursor: null, seen: {} });
	const next = settle(first.state, [listed('x', 1), listed('y', 2)], WINDOW, KEY);
	expect(ids(next.deliver)).toEqual(['x', 'y']);
});

test('passes on in the order documents reached the event, ties by identifier, each once', () => {
	const state: PollState = { for: KEY, cursor: 0, seen: {} };
	const documents = [
		listed('zed', 3 * MINUTE, 5 * MINUTE),
		listed('bee', 2 * MINUTE, 4 * MINUTE),
		listed('ant', 1 * MINUTE, 5 * MINUTE),
	];
	const first = settle(state, documents, WINDOW, KEY);
	expect(ids(first.deliver)).toEqual(['bee', 'ant', 'zed']);
	expect(settle(first.state, documents, WINDOW, KEY).deliver).toEqual([]);
});

test('late within the window: once; older than the window behind the cursor: never', () => {
	const state: PollState = { for: KEY, cursor: 60 * MINUTE, seen: {} };
	const { deliver, state: next } = settle(
		state,
		[listed('late', 51 * MINUTE), listed('tooLate', 49 * MINUTE)],
		WINDOW,
		KEY,
	);
	expect(ids(deliver)).toEqual(['late']);
	expect(settle(next, [listed('late', 51 * MINUTE)], WINDOW, KEY).deliver).toEqual([]);
});

test('documents of another type move the cursor but are not passed on', () => {
	const state: PollState = { for: KEY, cursor: 0, seen: {} };
	const { deliver, state: next } = settle(
		state,
		[listed('other', 40 * MINUTE, 40 * MINUTE, false), listed('mine', 1)],
		WINDOW,
		KEY,
	);
	expect(ids(deliver)).toEqual(['mine']);
	expect(next.cursor).toBe(40 * MINUTE);
	// What fell out of the window behind the cursor is forgotten: the kept state stays small.
	expect(next.seen).toEqual({});
});

test('a document that reaches the event again (validated again) is passed on again', () => {
	const state: PollState = { for: KEY, cursor: 0, seen: {} };
	const first = settle(state, [listed('doc', MINUTE, MINUTE)], WINDOW, KEY);
	const again = settle(first.state, [listed('doc', 2 * MINUTE, 2 * MINUTE)], WINDOW, KEY);
	expect(ids(again.deliver)).toEqual(['doc']);
});

test('a poll whose new state was not kept (n8n stopped before its last run started) is passed on again in whole, none lost', () => {
	// The node keeps the new state with the last run it starts; a poll cut short leaves the state
	// it started from. Documents further apart than the window: none falls behind the floor.
	const before: PollState = { for: KEY, cursor: 0, seen: {} };
	const documents = [listed('c', 30 * MINUTE), listed('b', 15 * MINUTE), listed('a', MINUTE)];
	const cutShort = settle(before, documents, WINDOW, KEY);
	const again = settle(before, documents, WINDOW, KEY);
	expect(ids(again.deliver)).toEqual(ids(cutShort.deliver));
	expect(ids(again.deliver)).toEqual(['a', 'b', 'c']);
	expect(settle(again.state, documents, WINDOW, KEY).deliver).toEqual([]);
});

test("the first poll's state, kept a second time and read back as stored, is the baseline the next poll starts from", () => {
	const first = settle(undefined, [listed('old', 10 * MINUTE)], WINDOW, KEY);
	// As n8n stores static data: JSON.
	const copy = stateFrom(JSON.parse(JSON.stringify(first.state)), KEY);
	expect(copy).toEqual(first.state);
	const next = settle(copy, [listed('new', 11 * MINUTE), listed('old', 10 * MINUTE)], WINDOW, KEY);
	expect(ids(next.deliver)).toEqual(['new']);
	// Kept for other settings (another event, scope or type), or not a state: no baseline.
	expect(stateFrom(first.state, 'other settings')).toBeUndefined();
	expect(stateFrom({ for: KEY, cursor: 'soon', seen: {} }, KEY)).toBeUndefined();
	expect(stateFrom(undefined, KEY)).toBeUndefined();
});

test('a copy kept within the late window is the state it backs up; one older, or without its time, is none', () => {
	const { state } = settle(undefined, [listed('old', 10 * MINUTE)], WINDOW, KEY);
	const now = Date.UTC(2026, 11, 4, 12, 0);
	// As n8n stores static data: JSON.
	const copy = JSON.parse(JSON.stringify(backupOf(state, now)));
	expect(stateFromBackup(copy, KEY, now + WINDOW, WINDOW)).toEqual(state);
	expect(stateFromBackup(copy, KEY, now + WINDOW + 1, WINDOW)).toBeUndefined();
	expect(stateFromBackup(state, KEY, now, WINDOW)).toBeUndefined();
	expect(stateFromBackup({ ...copy, savedAt: 'now' }, KEY, now, WINDOW)).toBeUndefined();
	expect(stateFromBackup(copy, 'other settings', now, WINDOW)).toBeUndefined();
});

test('a document made unseen is passed on again by the next poll, while within the window', () => {
	const state: PollState = { for: KEY, cursor: 0, seen: {} };
	const broken = listed('broken', 2 * MINUTE);
	const first = settle(state, [listed('fine', MINUTE), broken], WINDOW, KEY);
	expect(ids(first.deliver)).toEqual(['fine', 'broken']);
	const kept = unseen(first.state, [broken]);
	expect(first.state.seen).toHaveProperty([`broken@${broken.reachedAtText}`]);
	expect(ids(settle(kept, [broken, listed('fine', MINUTE)], WINDOW, KEY).deliver)).toEqual([
		'broken',
	]);
	// Once the cursor has moved past the window, it is behind the floor: not passed on.
	const later = settle(kept, [listed('new', 20 * MINUTE)], WINDOW, KEY);
	expect(settle(later.state, [listed('new', 20 * MINUTE), broken], WINDOW, KEY).deliver).toEqual(
		[],
	);
});
