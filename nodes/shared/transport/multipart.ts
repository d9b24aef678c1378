import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body that streams its file from wherever n8n keeps it (memory, disk,
 * database, S3) instead of gathering it in memory first, so a 1 MB upload costs a few chunks of
 * the size its file source reads, not three copies of the file.
 *
 * n8n's HTTP helper sends any Blob as the request body, reading it with `stream()` and taking its
 * `size` as Content-Length and its `type` as Content-Type. This object is such a Blob, written by
 * hand because Node has no lazy Blob: each `stream()` (one per attempt of a request) writes the
 * fields and opens the file afresh. Its parts are written as browsers and Node's FormData write
 * them.
 */

export interface FileSource {
	fileName: string;
	contentType: string;
	/** Bytes of the file: known before sending, because Content-Length is. */
	size: number;
	/** The file's content, from the start; called once per attempt. */
	open(): Promise<AsyncIterable<Uint8Array>>;
}

export type MultipartPart = { name: string; value: string } | { name: string; file: FileSource };

const CRLF = '\r\n';

/** Quotes a name as browsers do in Content-Disposition: ", CR and LF percent-encoded. */
function quoted(text: string): string {
	return `"${text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** `type/subtype`, with parameters after a `;`: what a part's Content-Type may say. */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(;[^\r\n]*)?$/;

/**
 * A binary's MIME type as a header may carry it: up to its first CR or LF, which would start a
 * header of the caller's own; anything that is no media type becomes application/octet-stream.
 */
function mediaType(contentType: string): string {
	const firstLine = contentType.split(/[\r\n]/)[0].trim();
	return MEDIA_TYPE.test(firstLine) ? firstLine : 'application/octet-stream';
}

export class MultipartBody {
	readonly [Symbol.toStringTag] = 'Blob';

	readonly type: string;

	readonly size: number;

	private readonly boundary = `----AffindaN8nBoundary${randomBytes(12).toString('hex')}`;

	private readonly encoded: Array<{ head: Buffer; file?: FileSource; tail?: Buffer }>;

	private readonly closing: Buffer;

	/** Settles when an attempt has handed the last byte to the connection. */
	private sentListeners: Array<() => void> = [];

	constructor(parts: MultipartPart[]) {
		this.type = `multipart/form-data; boundary=${this.boundary}`;
		this.encoded = parts.map((part) => {
			const disposition = `Content-Disposition: form-data; name=${quoted(part.name)}`;
			if ('value' in part) {
				return {
					head: Buffer.from(
						`--${this.boundary}${CRLF}${disposition}${CRLF}${CRLF}${part.value}${CRLF}`,
					),
				};
			}
			const { file } = part;
			const head = `--${this.boundary}${CRLF}${disposition}; filename=${quoted(file.fileName)}${CRLF}Content-Type: ${mediaType(file.contentType)}${CRLF}${CRLF}`;
			return { head: Buffer.from(head), file, tail: Buffer.from(CRLF) };
		});
		this.closing = Buffer.from(`--${this.boundary}--${CRLF}`);
		this.size =
			this.encoded.reduce(
				(total, part) =>
					total + part.head.length + (part.file?.size ?? 0) + (part.tail?.length ?? 0),
				0,
			) + this.closing.length;
	}

	/** Resolves once the whole body of the next attempt (or one under way) has been handed over. */
	whenSent(): Promise<void> {
		return new Promise((resolve) => this.sentListeners.push(resolve));
	}

	async *stream(): AsyncGenerator<Uint8Array> {
		for (const { head, file, tail } of this.encoded) {
			yield head;
			if (file) {
				let read = 0;
				for await (const chunk of await file.open()) {
					read += chunk.length;
					if (read > file.size) break;
					yield chunk;
				}
				if (read !== file.size) {
					throw new Error(
						`The file "${file.fileName}" holds ${read > file.size ? 'more' : 'fewer'} than the ${file.size} bytes n8n recorded for it`,
					);
				}
			}
			if (tail) yield tail;
		}
		yield this.closing;
		const listeners = this.sentListeners;
		this.sentListeners = [];
		for (const listener of listeners) listener();
	}
}
