// Faults for reliability tests and benchmarks. Whether request number n is dropped or answered
// 500/503, and its extra latency, depend only on the seed and n, so a run repeats exactly. The
// rate limit counts requests in fixed one-second windows from the emulator's start, on the
// emulator's clock (which a test may pause, to keep a burst inside one window).

import { Random } from './random';

export interface FaultOptions {
	/** Added before every answer. */
	latencyMs?: number;
	/** Up to this much more, drawn per request. */
	latencyJitterMs?: number;
	/** Requests admitted per one-second window; the rest get 429 with Retry-After. */
	rateLimitPerSecond?: number;
	/** Share (0..1) of requests answered 500 or 503 (half each), without being processed. */
	errorRate?: number;
	/** Share (0..1) of requests whose connection is closed without an answer. */
	dropRate?: number;
}

export type FaultDecision =
	| { kind: 'none'; delayMs: number }
	| { kind: 'drop'; delayMs: number }
	| { kind: 'error'; delayMs: number; status: 500 | 503 }
	| { kind: 'rate-limited'; delayMs: number; retryAfterSeconds: number };

export class FaultInjector {
	private options: FaultOptions;
	private sequence = 0;
	private windowStart: number;
	private windowCount = 0;

	constructor(
		private readonly seed: number | string,
		options: FaultOptions = {},
		private readonly now: () => number = Date.now,
	) {
		this.options = options;
		this.windowStart = now();
	}

	/** New fault settings; the request count and rate window start again. */
	configure(options: FaultOptions): void {
		this.options = options;
		this.sequence = 0;
		this.windowStart = this.now();
		this.windowCount = 0;
	}

	get settings(): Readonly<FaultOptions> {
		return this.options;
	}

	decide(): FaultDecision {
		const n = this.sequence++;
		const {
			latencyMs = 0,
			latencyJitterMs = 0,
			rateLimitPerSecond,
			errorRate = 0,
			dropRate = 0,
		} = this.options;
		// One stream per request: its draws never depend on earlier requests' outcomes.
		const random = new Random(this.seed, `fault:${n}`);
		const dropDraw = random.next();
		const errorDraw = random.next();
		const statusDraw = random.next();
		const delayMs = latencyMs + Math.round(random.next() * latencyJitterMs);

		if (rateLimitPerSecond !== undefined && rateLimitPerSecond > 0) {
			const now = this.now();
			const elapsedWindows = Math.floor((now - this.windowStart) / 1000);
			if (elapsedWindows > 0) {
				this.windowStart += elapsedWindows * 1000;
				this.windowCount = 0;
			}
			if (this.windowCount >= rateLimitPerSecond) {
				const retryAfterSeconds = Math.max(1, Math.ceil((this.windowStart + 1000 - now) / 1000));
				return { kind: 'rate-limited', delayMs, retryAfterSeconds };
			}
			this.windowCount++;
		}
		if (dropDraw < dropRate) return { kind: 'drop', delayMs };
		if (errorDraw < errorRate)
			return { kind: 'error', delayMs, status: statusDraw < 0.5 ? 500 : 503 };
		return { kind: 'none', delayMs };
	}
}
