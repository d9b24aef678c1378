// What every route handler shares: the store, the resthooks, the run's settings and its timers.

import type { MonthIndex } from './data/normalise';
import type { Scheduler } from './scheduler';
import type { Store } from './store';
import { UsageLedger } from './usage';
import type { Webhooks } from './webhooks';

export interface AppSettings {
	/** Milliseconds from upload until a document is parsed (ready). */
	parseDelayMs: number;
	referenceMonth: MonthIndex;
	maxUploadBytes: number;
}

export class App {
	/** Credits used, for GET /v3/usage. */
	readonly usage = new UsageLedger();

	constructor(
		readonly store: Store,
		readonly webhooks: Webhooks,
		readonly settings: AppSettings,
		readonly scheduler: Scheduler,
	) {}
}
