// multipart/form-data, read with Buffer.indexOf: text fields and files with their names and types.

export interface MultipartFile {
	fileName: string;
	contentType: string;
	bytes: Buffer;
}

export interface Multipart {
	/** Text fields; a repeated field keeps every value in order. */
	fields: Record<string, string[]>;
	files: Record<string, MultipartFile>;
}

export function boundaryOf(contentType: string | undefined): string | undefined {
	const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
	return match ? (match[1] ?? match[2]) : undefined;
}

function headerParam(header: string, name: string): string | undefined {
	const quoted = new RegExp(`${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
	if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
	const bare = new RegExp(`${name}=([^;\\s]+)`, 'i').exec(header);
	return bare?.[1];
}

/** Throws an Error when the body is not well-formed multipart. */
export function parseMultipart(body: Buffer, boundary: string): Multipart {
	const result: Multipart = { fields: {}, files: {} };
	const delimiter = Buffer.from(`--${boundary}`);
	let at = body.indexOf(delimiter);
	if (at < 0) throw new Error('Multipart form parse error - Invalid boundary in multipart: None');
	for (;;) {
		at += delimiter.length;
		// "--" after a delimiter ends the body.
		if (body[at] === 0x2d && body[at + 1] === 0x2d) break;
		const headersStart = body.indexOf('\r\n', at) + 2;
		const headersEnd = body.indexOf('\r\n\r\n', headersStart);
		const next = body.indexOf(delimiter, headersEnd);
		if (headersStart < 2 || headersEnd < 0 || next < 0)
			throw new Error('Multipart form parse error - unterminated part.');
		const headers = body.subarray(headersStart, headersEnd).toString('utf8');
		// The part's content ends before the CRLF that precedes the next delimiter.
		const content = body.subarray(headersEnd + 4, next - 2);
		const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
		const name = headerParam(disposition, 'name');
		if (name !== undefined) {
			const fileName = headerParam(disposition, 'filename');
			if (fileName !== undefined) {
				result.files[name] = {
					fileName,
					contentType:
						/^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? 'application/octet-stream',
					bytes: Buffer.from(content),
				};
			} else {
				(result.fields[name] ??= []).push(content.toString('utf8'));
			}
		}
		at = next;
	}
	return result;
}
