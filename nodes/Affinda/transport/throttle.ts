import { sleep } from 'n8n-workflow';

/**
 * The pace of one execution's requests, shared by all its items. When the service refuses a
 * request for its rate (429), every request waits out the Retry-After, not just the refused one,
 * and from then on requests start no faster than the service admitted them in the second before
 * (a little slower, so that they stop being refused). Items running at once thus slow down
 * together instead of each being refused in turn.
 */
export class Throttle {
	/** No request starts before this moment (epoch ms). */
	private pausedUntil = 0;

	/** Milliseconds between request starts, once the service has refused one for its rate. */
	private spacingMs = 0;

	private nextStartAt = 0;

	/** When the spacing last changed: refusals of requests started before it say nothing new. */
	private spacedSince = 0;

	/** Starts of requests the service admitted, over the last second. */
	private admittedStarts: number[] = [];

	constructor(private readonly now: () => number = Date.now) {}

	/** Waits until a request may start, and books its start. Returns when it started. */
	async ready(): Promise<number> {
		for (;;) {
			const now = this.now();
			const startAt = Math.max(this.pausedUntil, this.spacingMs > 0 ? this.nextStartAt : 0);
			if (startAt <= now) {
				if (this.spacingMs > 0) this.nextStartAt = Math.max(now, this.nextStartAt) + this.spacingMs;
				return now;
			}
			await sleep(Math.ceil(startAt - now));
		}
	}

	/** A request that started at `startedAt` was admitted (answered other than 429). */
	admitted(startedAt: number): void {
		this.admittedStarts.push(startedAt);
		const oneSecondAgo = this.now() - 1000;
		if (this.admittedStarts[0] < oneSecondAgo) {
			this.admittedStarts = this.admittedStarts.filter((start) => start >= oneSecondAgo);
		}
	}

	/**
	 * The service said to wait `delayMs` before sending more, about a request that started at
	 * `startedAt`: for its rate (429), or because it is unavailable for a while (503 with
	 * Retry-After). Everyone waits.
	 */
	pause(delayMs: number, startedAt: number, forRate: boolean): void {
		const now = this.now();
		this.pausedUntil = Math.max(this.pausedUntil, now + delayMs);
		this.nextStartAt = Math.max(this.nextStartAt, this.pausedUntil);
		// Requests already under way when the pace last changed were sent at the old pace.
		if (!forRate || startedAt <= this.spacedSince) return;
		const admittedLastSecond = this.admittedStarts.filter((start) => start >= now - 1000).length;
		// Just under the rate the service admitted; slower still if it refuses that pace too.
		const spacingMs = Math.ceil((1000 / Math.max(1, admittedLastSecond)) * 1.05);
		this.spacingMs = Math.max(spacingMs, Math.ceil(this.spacingMs * 1.25));
		this.spacedSince = now;
	}
}
