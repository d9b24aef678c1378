/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// Timers that stop() cancels all at once, so a stopped emulator leaves nothing pending (jest exits)
// and nothing fires after it stopped (no parse events, no webhook retries).

export class Scheduler {
	private readonly timers = new Set<NodeJS.Timeout>();
	private stopped = false;

	/** Runs `task` after `ms`, unless stop() comes first. */
	later(ms: number, task: () => void): void {
		if (this.stopped) return;
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			task();
		}, ms);
		this.timers.add(timer);
	}

	sleep(ms: number): Promise<void> {
		return new Promise((resolve) => this.later(ms, resolve));
	}

	get isStopped(): boolean {
		return this.stopped;
	}

	stop(): void {
		this.stopped = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
	}
}
