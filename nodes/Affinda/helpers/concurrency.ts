/**
 * Items worked on a few at a time: started in input order, at most `limit` at once, each result
 * kept at its item's place so that output order never depends on which answer came first.
 */

/**
 * What an item hands back once it no longer needs its place among the items worked on at once:
 * its request is sent (a file uploaded) and only the service's answer is still to come. Waiting
 * for it does not hold back the next item.
 */
export class Waiting<T> {
	constructor(readonly answer: Promise<T>) {
		// Observed where it is awaited; this only keeps Node from calling it unhandled meanwhile.
		answer.catch(() => undefined);
	}
}

/** What an item's work came to: its value, or why it failed. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** What a request came to, for an operation that reads some failures (a 404) as answers. */
export async function settle<T>(pending: Promise<T>): Promise<Settled<T>> {
	try {
		return { ok: true, value: await pending };
	} catch (error) {
		return { ok: false, error };
	}
}

/**
 * Runs `work` for items 0..count-1 with at most `limit` in progress. After a failure, when
 * `stopAfterFailure` is set, no further item is started (those under way finish). Resolves when
 * every started item has settled, answers included; items never started have no entry.
 */
export async function runBounded<T>(
	count: number,
	limit: number,
	work: (index: number) => Promise<T | Waiting<T>>,
	stopAfterFailure: boolean,
): Promise<Array<Settled<T> | undefined>> {
	const settled: Array<Settled<T> | undefined> = new Array(count);
	const answers: Array<Promise<void>> = [];
	let next = 0;
	let failed = false;
	const fail = (index: number, error: unknown) => {
		settled[index] = { ok: false, error };
		failed = true;
	};
	const worker = async () => {
		while (next < count && !(failed && stopAfterFailure)) {
			const index = next++;
			try {
				const result = await work(index);
				if (result instanceof Waiting) {
					answers.push(
						result.answer.then(
							(value) => void (settled[index] = { ok: true, value }),
							(error: unknown) => fail(index, error),
						),
					);
				} else {
					settled[index] = { ok: true, value: result };
				}
			} catch (error) {
				fail(index, error);
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), count) }, worker));
	await Promise.all(answers);
	return settled;
}
