/* eslint-disable @n8n/community-nodes/no-restricted-globals -- setImmediate lets the node run between steps */
import { runBounded, Waiting } from '../../nodes/Affinda/helpers/concurrency';

/** A piece of work whose end the test decides, recording when it started. */
function controllable() {
	const started: number[] = [];
	const finish = new Map<number, (value: string) => void>();
	const fail = new Map<number, (error: Error) => void>();
	const work = (index: number) =>
		new Promise<string>((resolve, reject) => {
			started.push(index);
			finish.set(index, resolve);
			fail.set(index, reject);
		});
	return { started, finish, fail, work };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

test('starts items in order, never more than the limit at once, and keeps results in input order', async () => {
	const { started, finish, work } = controllable();
	const run = runBounded(6, 2, work, true);
	await flush();
	expect(started).toEqual([0, 1]);
	finish.get(1)?.('b');
	await flush();
	expect(started).toEqual([0, 1, 2]);
	for (const index of [2, 0]) finish.get(index)?.(String(index));
	await flush();
	expect(started).toEqual([0, 1, 2, 3, 4]);
	for (const index of [4, 3]) finish.get(index)?.(String(index));
	await flush();
	finish.get(5)?.('5');
	expect((await run).map((result) => (result?.ok ? result.value : result))).toEqual([
		'0',
		'b',
		'2',
		'3',
		'4',
		'5',
	]);
});

test('a limit of 1 runs items strictly one after another', async () => {
	const order: string[] = [];
	await runBounded(
		3,
		1,
		async (index) => {
			order.push(`start ${index}`);
			await flush();
			order.push(`end ${index}`);
			return index;
		},
		true,
	);
	expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
});

test('an item waiting for its answer frees its place for the next item', async () => {
	const answers = controllable();
	const started: number[] = [];
	const run = runBounded(
		4,
		1,
		async (index) => {
			started.push(index);
			return new Waiting(answers.work(index));
		},
		true,
	);
	await flush();
	expect(started).toEqual([0, 1, 2, 3]);
	for (const index of [3, 1, 0, 2]) answers.finish.get(index)?.(`answer ${index}`);
	expect((await run).map((result) => result?.ok && result.value)).toEqual([
		'answer 0',
		'answer 1',
		'answer 2',
		'answer 3',
	]);
});

test('after a failure no new item starts, those under way finish, and the failure is kept at its place', async () => {
	const { started, finish, fail, work } = controllable();
	const run = runBounded(5, 2, work, true);
	await flush();
	fail.get(0)?.(new Error('item 0 failed'));
	await flush();
	finish.get(1)?.('1');
	const settled = await run;
	expect(started).toEqual([0, 1]);
	expect(settled[0]).toEqual({ ok: false, error: new Error('item 0 failed') });
	expect(settled[1]).toEqual({ ok: true, value: '1' });
	expect(settled.slice(2)).toEqual([undefined, undefined, undefined]);
});

test('with Continue on Fail every item runs whatever failed before', async () => {
	const settled = await runBounded(
		4,
		2,
		async (index) => {
			if (index % 2 === 0) throw new Error(`item ${index}`);
			return index;
		},
		false,
	);
	expect(settled.map((result) => result?.ok)).toEqual([false, true, false, true]);
});

test('an answer that fails counts as the failure of its item', async () => {
	const settled = await runBounded(
		2,
		2,
		async (index) =>
			new Waiting(index === 1 ? Promise.reject(new Error('not parsed')) : Promise.resolve('ok')),
		true,
	);
	expect(settled).toEqual([
		{ ok: true, value: 'ok' },
		{ ok: false, error: new Error('not parsed') },
	]);
});
