import { Throttle } from '../../nodes/Affinda/transport/throttle';

/** A throttle on a clock the test moves; sleeps are jest's fake timers on the same clock. */
function throttleAt(start = 1_000_000) {
	jest.useFakeTimers({ now: start });
	return new Throttle(() => Date.now());
}

/** When each of `count` requests would start, booked one after another as the router does. */
async function startTimes(throttle: Throttle, count: number): Promise<number[]> {
	const starts: Array<Promise<number>> = [];
	for (let request = 0; request < count; request++) starts.push(throttle.ready());
	await jest.runAllTimersAsync();
	return await Promise.all(starts);
}

afterEach(() => jest.useRealTimers());

test('before any refusal, requests start at once', async () => {
	const throttle = throttleAt();
	expect(await startTimes(throttle, 5)).toEqual([
		1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000,
	]);
});

test('a 429 makes every request wait out its Retry-After, then go at just under the pace admitted', async () => {
	const throttle = throttleAt();
	// Ten admitted in the last second, then one refused, asking to wait a second.
	for (let request = 0; request < 10; request++) throttle.admitted(Date.now());
	throttle.pause(1000, Date.now(), true);
	const starts = await startTimes(throttle, 3);
	expect(starts[0]).toBe(1_001_000);
	expect(starts[1] - starts[0]).toBe(105);
	expect(starts[2] - starts[1]).toBe(105);
});

test('refusals of requests sent before the pace was set change nothing but the wait', async () => {
	const throttle = throttleAt();
	for (let request = 0; request < 10; request++) throttle.admitted(Date.now());
	const burst = Date.now();
	throttle.pause(1000, burst, true);
	throttle.pause(1000, burst, true); // another request of the same burst
	const [first, second] = await startTimes(throttle, 2);
	expect(second - first).toBe(105);
});

test('a refusal at the learned pace slows it further', async () => {
	const throttle = throttleAt();
	for (let request = 0; request < 10; request++) throttle.admitted(Date.now());
	throttle.pause(1000, Date.now(), true);
	const [paced] = await startTimes(throttle, 1);
	throttle.pause(1000, paced, true);
	const [first, second] = await startTimes(throttle, 2);
	expect(second - first).toBeGreaterThan(105);
});

test('a 503 asking to wait pauses everyone but sets no pace', async () => {
	const throttle = throttleAt();
	throttle.pause(2000, Date.now(), false);
	expect(await startTimes(throttle, 2)).toEqual([1_002_000, 1_002_000]);
});
