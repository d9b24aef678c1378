/**
 * Event ids this process has already started a workflow for, so a delivery sent twice (a retry
 * after a lost answer, or a replay) starts it once.
 *
 * An id only needs remembering for the replay window: an older delivery is refused by its
 * timestamp anyway. So entries expire with the window, and the map never holds more than
 * `capacity` ids (the oldest go first). Each n8n process keeps its own: in queue mode with several
 * webhook processes, or after a restart, a repeat that lands elsewhere is not recognised and
 * starts the workflow again. The guard then degrades to at-least-once, never to dropping events.
 */
export class SeenEvents {
	/** id → when it may be forgotten (ms). Map order is insertion order: oldest first. */
	private readonly expiries = new Map<string, number>();

	/** Ids claimed whose delivery is still being received (its document fetched). */
	private readonly receiving = new Set<string>();

	constructor(private readonly capacity: number) {}

	get size(): number {
		return this.expiries.size;
	}

	/** Records `id` for `ttlMs`; false when it is already recorded and not yet expired. */
	claim(id: string, nowMs: number, ttlMs: number): boolean {
		this.forgetExpired(nowMs);
		const expiry = this.expiries.get(id);
		if (expiry !== undefined && expiry > nowMs) return false;
		this.expiries.delete(id);
		while (this.expiries.size >= this.capacity) {
			const oldest = this.expiries.keys().next().value as string;
			this.expiries.delete(oldest);
		}
		this.expiries.set(id, nowMs + ttlMs);
		this.receiving.add(id);
		return true;
	}

	/** Whether `id` is claimed by a delivery still being received, which may yet fail. */
	isReceiving(id: string): boolean {
		return this.receiving.has(id) && this.expiries.has(id);
	}

	/** The delivery of `id` started its run: a repeat is one from now on. */
	received(id: string): void {
		this.receiving.delete(id);
	}

	/** Forgets `id`, so the service's retry of a delivery that failed is not taken for a repeat. */
	release(id: string): void {
		this.expiries.delete(id);
		this.receiving.delete(id);
	}

	// Stops at the first live entry: one behind it with a shorter window waits a little longer,
	// which costs memory (still bounded) but never correctness, since claim() reads the expiry.
	private forgetExpired(nowMs: number): void {
		for (const [id, expiry] of this.expiries) {
			if (expiry > nowMs) break;
			this.expiries.delete(id);
		}
	}
}

/** Enough for a busy organization's five minutes; a few hundred kilobytes at most. */
const SEEN_EVENTS_CAPACITY = 10_000;

/** One per n8n process, shared by every Affinda Trigger in it (ids are prefixed per node). */
export const seenEvents = new SeenEvents(SEEN_EVENTS_CAPACITY);
