// Seeded randomness: every generated record, identifier and fault decision comes from here, so a
// seed always reproduces the same emulator.

/** Hashes any seed (number or string) plus a stream name into a 32-bit state. */
function hashSeed(seed: number | string, stream: string): number {
	const text = `${String(seed)}\u0000${stream}`;
	let h = 1779033703 ^ text.length;
	for (let i = 0; i < text.length; i++) {
		h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
		h = (h << 13) | (h >>> 19);
	}
	h = Math.imul(h ^ (h >>> 16), 2246822507);
	h = Math.imul(h ^ (h >>> 13), 3266489909);
	return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: small, fast, good enough for test data. Each named stream is independent. */
export class Random {
	private state: number;

	constructor(seed: number | string, stream = 'default') {
		this.state = hashSeed(seed, stream);
	}

	/** Uniform in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** Integer in [min, max], both inclusive. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** Picks by relative weights (same length as items). */
	pickWeighted<T>(items: readonly T[], weights: readonly number[]): T {
		let total = 0;
		for (const w of weights) total += w;
		let r = this.next() * total;
		for (let i = 0; i < items.length; i++) {
			r -= weights[i];
			if (r < 0) return items[i];
		}
		return items[items.length - 1];
	}

	/** `count` distinct items, in random order. */
	sample<T>(items: readonly T[], count: number): T[] {
		const pool = items.slice();
		const n = Math.min(count, pool.length);
		for (let i = 0; i < n; i++) {
			const j = i + Math.floor(this.next() * (pool.length - i));
			[pool[i], pool[j]] = [pool[j], pool[i]];
		}
		return pool.slice(0, n);
	}

	/** Hex string of `bytes` bytes (for secrets and signature keys). */
	hex(bytes: number): string {
		let out = '';
		for (let i = 0; i < bytes; i++) out += this.int(0, 255).toString(16).padStart(2, '0');
		return out;
	}
}

const IDENTIFIER_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Hands out unique 8-letter identifiers like the service's (`mEFayXdO`), reproducibly. Each named
 * stream draws independently, so one kind of document's identifiers do not shift when another
 * kind's count changes.
 */
export class IdentifierSource {
	private readonly streams = new Map<string, Random>();
	private readonly used = new Set<string>();

	constructor(private readonly seed: number | string) {}

	next(stream: string): string {
		let random = this.streams.get(stream);
		if (!random) {
			random = new Random(this.seed, `identifiers:${stream}`);
			this.streams.set(stream, random);
		}
		for (;;) {
			let id = '';
			for (let i = 0; i < 8; i++) id += IDENTIFIER_ALPHABET[random.int(0, 51)];
			if (!this.used.has(id)) {
				this.used.add(id);
				return id;
			}
		}
	}
}
