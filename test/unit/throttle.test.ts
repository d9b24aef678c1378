import { sleep } from 'n8n-workflow';

import { Throttle } from '../../nodes/shared/transport/throttle';

const START = 1_000_000;

/** A throttle on a clock the test moves; sleeps are jest's fake timers on the same clock. */
function throttleAt(start = START) {
	jest.useFakeTimers({ now: start });
	return new Throttle(() => Date.now());
}

/** When each of `count` requests would start, booked one after another as the router does. */
async function startTimes(throttle: Throttle, count: number): Promise<number[]> {
	const starts: Array<Promise<number>> = [];
	for (let request = 0; request < count; request++) starts.push(throttle.ready());
	await jest.runAllTimersAsync();
	return (await Promise.all(starts)).map((time) => time - START);
}

/** Ten requests admitted just now, then one refused for the rate, asking to wait a second. */
function refusedAfterTen(throttle: Throttle): void {
	for (let request = 0; request < 10; request++) throttle.admitted(Date.now());
	throttle.pause(1000, Date.now() + 1, true);
}

afterEach(() => jest.useRealTimers());

test('before any refusal, requests start at once', async () => {
	expect(await startTimes(throttleAt(), 5)).toEqual([0, 0, 0, 0, 0]);
});

test('a 429 makes every request wait out its Retry-After, then no more per window than were admitted', async () => {
	const throttle = throttleAt();
	refusedAfterTen(throttle);
	const starts = await startTimes(throttle, 12);
	// Ten at once when the wait is over, the next ones a window (1.02 s) after the first of them.
	expect(starts.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 1000));
	expect(starts.slice(10)).toEqual([2020, 2020]);
});

test('refusals of requests sent before the limit was set change nothing but the wait', async () => {
	const throttle = throttleAt();
	refusedAfterTen(throttle);
	throttle.pause(1000, START, true); // another request of the same burst
	const starts = await startTimes(throttle, 11);
	expect(starts.filter((start) => start === 1000)).toHaveLength(10);
});

test('a refusal under the limit lowers it by one', async () => {
	const throttle = throttleAt();
	refusedAfterTen(throttle);
	const [paced] = await startTimes(throttle, 1);
	throttle.pause(1000, START + paced, true);
	const starts = await startTimes(throttle, 10);
	expect(starts.filter((start) => start === starts[0])).toHaveLength(8); // 9 a window, 1 booked
});

test('a 503 asking to wait pauses everyone but sets no limit', async () => {
	const throttle = throttleAt();
	throttle.pause(2000, START, false);
	expect(await startTimes(throttle, 20)).toEqual(Array.from({ length: 20 }, () => 2000));
});

describe('against a service admitting 10 requests a second (fixed one-second windows)', () => {
	const LIMIT = 10;
	const LATENCY_MS = 40;

	/** 100 requests from 5 workers sharing one throttle, as the items of a run do; on jest's clock. */
	async function hundredRequests() {
		const throttle = throttleAt();
		let windowStart = START;
		let inWindow = 0;
		let refused = 0;
		const admittedAt: number[] = [];
		const serviceAdmits = (now: number): boolean => {
			if (now - windowStart >= 1000) {
				windowStart += Math.floor((now - windowStart) / 1000) * 1000;
				inWindow = 0;
			}
			return inWindow++ < LIMIT;
		};
		let next = 0;
		const worker = async () => {
			while (next < 100) {
				next++;
				for (;;) {
					const startedAt = await throttle.ready();
					await sleep(LATENCY_MS);
					if (serviceAdmits(Date.now())) {
						throttle.admitted(startedAt);
						admittedAt.push(Date.now());
						break;
					}
					refused++;
					// Retry-After in whole seconds, as the service sends it.
					throttle.pause(
						Math.ceil((windowStart + 1000 - Date.now()) / 1000) * 1000,
						startedAt,
						true,
					);
				}
			}
		};
		const workers = Promise.all(Array.from({ length: 5 }, worker));
		await jest.runAllTimersAsync();
		await workers;
		return { admittedAt, refused };
	}

	test('all 100 succeed, at 90 % or more of the allowed rate, refused only in the first burst', async () => {
		const { admittedAt, refused } = await hundredRequests();
		expect(admittedAt).toHaveLength(100);
		// The fastest any client can go: ten windows, the last request admitted 9 s after the first.
		const elapsedMs = Math.max(...admittedAt) - START;
		const idealMs = (100 / LIMIT - 1) * 1000 + LATENCY_MS;
		expect(idealMs / elapsedMs).toBeGreaterThanOrEqual(0.9);
		expect(refused).toBeLessThanOrEqual(5);
	});
});
