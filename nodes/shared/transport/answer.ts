/**
 * Reading an answer's body ourselves (n8n hands it over as a stream), so that it is bounded in
 * bytes and in time: n8n's own reading has neither, and its timeout only counts silence.
 */

/**
 * The largest answer the node reads, in bytes: far above any page or document Affinda sends,
 * far below what would exhaust n8n's memory. Tests lower it.
 */
export const ANSWER_LIMIT = { bytes: 64 * 1024 * 1024 };

/** An answer larger than ANSWER_LIMIT: the read stopped at the limit. */
export class AnswerTooLarge extends Error {
	constructor(readonly limitBytes: number) {
		super(`the answer is larger than ${limitBytes} bytes`);
	}
}

/** A Node stream, as n8n hands over a body read with `encoding: 'stream'`. */
interface BodyStream extends AsyncIterable<Buffer | string> {
	pipe: unknown;
	destroy(error?: Error): void;
}

function isStream(body: unknown): body is BodyStream {
	return (
		typeof body === 'object' &&
		body !== null &&
		typeof (body as BodyStream).pipe === 'function' &&
		typeof (body as BodyStream).destroy === 'function'
	);
}

/**
 * The body as JSON when it is JSON, else its text ('' when empty), as n8n would have parsed it;
 * or, for a file (`bytes`), its bytes. Stops, destroying the stream, when `signal` aborts or the
 * body outgrows the limit.
 */
export async function readAnswer(
	body: unknown,
	signal: AbortSignal,
	{ bytes = false } = {},
): Promise<unknown> {
	if (!isStream(body)) return body;
	const limit = ANSWER_LIMIT.bytes;
	const stop = () => body.destroy(new Error('aborted'));
	if (signal.aborted) stop();
	signal.addEventListener('abort', stop);
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of body) {
			const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += piece.length;
			if (size > limit) {
				body.destroy();
				throw new AnswerTooLarge(limit);
			}
			chunks.push(piece);
		}
	} finally {
		signal.removeEventListener('abort', stop);
	}
	if (bytes) return Buffer.concat(chunks);
	const text = Buffer.concat(chunks).toString('utf8');
	if (text === '') return '';
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}
