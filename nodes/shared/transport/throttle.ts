import { sleep } from 'n8n-workflow';

/**
 * The pace of one execution's requests, shared by all its items. When the service refuses a
 * request for its rate (429), every request waits out the Retry-After, not just the refused one;
 * from then on no more requests start in any window of a little over a second than the service
 * admitted in the second before the refusal (one fewer after each further refusal). Items running
 * at once thus slow down together instead of each being refused in turn, and still go at nearly
 * the rate the service allows.
 */

/** A second, and a little more: arrivals at the service jitter by a few milliseconds. */
const WINDOW_MS = 1020;

export class Throttle {
	/** No request starts before this moment (epoch ms). */
	private pausedUntil = 0;

	/** Requests that may start in any window, once the service has refused one for its rate. */
	private limit: number | undefined;

	/** When the limit last changed: refusals of requests started before it say nothing new. */
	private limitedSince = 0;

	/** Starts booked in the last window, oldest first. */
	private starts: number[] = [];

	/** Starts of requests the service admitted, over the last second. */
	private admittedStarts: number[] = [];

	constructor(private readonly now: () => number = Date.now) {}

	/** Waits until a request may start, and books its start. Returns when it started. */
	async ready(): Promise<number> {
		for (;;) {
			const now = this.now();
			this.starts = dropBefore(this.starts, now - WINDOW_MS);
			let startAt = this.pausedUntil;
			if (this.limit !== undefined && this.starts.length >= this.limit) {
				startAt = Math.max(startAt, this.starts[this.starts.length - this.limit] + WINDOW_MS);
			}
			if (startAt <= now) {
				this.starts.push(now);
				return now;
			}
			await sleep(Math.ceil(startAt - now));
		}
	}

	/** A request that started at `startedAt` was admitted (answered other than 429). */
	admitted(startedAt: number): void {
		this.admittedStarts.push(startedAt);
		this.admittedStarts = dropBefore(this.admittedStarts, this.now() - 1000);
	}

	/**
	 * The service said to wait `delayMs` before sending more, about a request that started at
	 * `startedAt`: for its rate (429), or because it is unavailable for a while (503 with
	 * Retry-After). Everyone waits.
	 */
	pause(delayMs: number, startedAt: number, forRate: boolean): void {
		const now = this.now();
		this.pausedUntil = Math.max(this.pausedUntil, now + delayMs);
		// Requests already under way when the limit last changed were sent under the old one.
		if (!forRate || startedAt <= this.limitedSince) return;
		const admitted = dropBefore(this.admittedStarts, now - 1000).length;
		this.limit = Math.max(1, this.limit === undefined ? admitted : this.limit - 1);
		this.limitedSince = now;
	}
}

/** The times from `earliest` on (the list is in order). */
function dropBefore(times: number[], earliest: number): number[] {
	const first = times.findIndex((time) => time >= earliest);
	return first === 0 ? times : first < 0 ? [] : times.slice(first);
}
