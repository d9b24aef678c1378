/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// The emulator's clock for what happens later (parsing finishing, webhook deliveries and their
// retries) and for the rate limit's windows. stop() cancels every timer at once, so a stopped
// emulator leaves nothing pending (jest exits) and nothing fires after it stopped. pause() holds
// every task that comes due, and stops the clock, until resume(): a test can hold a document in
// its unparsed state, or a burst of requests inside one rate-limit window, however slow the
// machine, instead of racing the clock.

export class Scheduler {
	private readonly timers = new Set<NodeJS.Timeout>();
	private stopped = false;
	private paused = false;
	private pausedAt = 0;
	/** Tasks that came due while paused, in the order they came due. */
	private held: Array<() => void> = [];

	/** Runs `task` after `ms`, unless stop() comes first; while paused, once resumed. */
	later(ms: number, task: () => void): void {
		if (this.stopped) return;
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			if (this.paused) this.held.push(task);
			else task();
		}, ms);
		this.timers.add(timer);
	}

	get isStopped(): boolean {
		return this.stopped;
	}

	get isPaused(): boolean {
		return this.paused;
	}

	/** Epoch milliseconds; while paused, the moment of pausing. */
	now(): number {
		return this.paused ? this.pausedAt : Date.now();
	}

	/** From now on, tasks that come due wait for resume(), and now() stands still. */
	pause(): void {
		if (this.paused) return;
		this.pausedAt = Date.now();
		this.paused = true;
	}

	/** Runs the held tasks in the order they came due; later tasks run on time again. */
	resume(): void {
		this.paused = false;
		const due = this.held;
		this.held = [];
		for (const task of due) {
			if (this.stopped) return;
			task();
		}
	}

	stop(): void {
		this.stopped = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.held = [];
	}
}
