import { parseMultipart, boundaryOf } from '../emulator/parsing/multipart';
import { MultipartBody, type FileSource } from '../../nodes/shared/transport/multipart';

async function bytesOf(body: MultipartBody): Promise<Buffer> {
	const chunks: Uint8Array[] = [];
	for await (const chunk of body.stream()) chunks.push(chunk);
	return Buffer.concat(chunks);
}

/** A file served in small chunks, counting how often it was opened. */
function fileOf(content: Buffer, size = content.length): FileSource & { opened: number } {
	const source = {
		fileName: 'cv "final".pdf',
		contentType: 'application/pdf',
		size,
		opened: 0,
		async open() {
			source.opened++;
			return (async function* () {
				for (let at = 0; at < content.length; at += 1000) yield content.subarray(at, at + 1000);
			})();
		},
	};
	return source;
}

const content = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

test('the body is multipart the service reads: the file byte for byte, then the fields, as long as it says', async () => {
	const body = new MultipartBody([
		{ name: 'file', file: fileOf(content) },
		{ name: 'workspace', value: 'emuRecru' },
		{ name: 'regionBias', value: '{"country":"AU"}' },
	]);
	const bytes = await bytesOf(body);
	expect(bytes.length).toBe(body.size);
	const boundary = boundaryOf(body.type);
	expect(body.type.startsWith('multipart/form-data; boundary=')).toBe(true);
	const form = parseMultipart(bytes, boundary as string);
	expect(form.fields).toEqual({ workspace: ['emuRecru'], regionBias: ['{"country":"AU"}'] });
	expect(form.files.file.contentType).toBe('application/pdf');
	expect(form.files.file.fileName).toBe('cv %22final%22.pdf');
	expect(Buffer.compare(form.files.file.bytes, content)).toBe(0);
});

test('n8n sends it as a Blob: its tag, size and type are what the HTTP helper reads', () => {
	const body = new MultipartBody([{ name: 'url', value: 'https://example.com/cv.pdf' }]);
	expect(Object.prototype.toString.call(body)).toBe('[object Blob]');
	expect(typeof body.stream).toBe('function');
	expect(body.size).toBeGreaterThan(0);
});

test('each attempt writes the whole body again, opening the file again', async () => {
	const file = fileOf(content);
	const body = new MultipartBody([{ name: 'file', file }]);
	const first = await bytesOf(body);
	const second = await bytesOf(body);
	expect(file.opened).toBe(2);
	expect(Buffer.compare(first, second)).toBe(0);
});

test.each([
	['fewer', 6000],
	['more', 4000],
])(
	'a file that holds %s bytes than recorded stops the body with an error naming it',
	async (word, size) => {
		const body = new MultipartBody([{ name: 'file', file: fileOf(content, size) }]);
		await expect(bytesOf(body)).rejects.toThrow(
			`The file "cv "final".pdf" holds ${word} than the ${size} bytes n8n recorded for it`,
		);
	},
);

test('whenSent resolves once the last byte has been handed over, not before', async () => {
	const body = new MultipartBody([{ name: 'file', file: fileOf(content) }]);
	let sent = false;
	const whenSent = body.whenSent().then(() => (sent = true));
	const stream = body.stream();
	await stream.next();
	await Promise.resolve();
	expect(sent).toBe(false);
	for (let next = await stream.next(); !next.done; next = await stream.next());
	await whenSent;
	expect(sent).toBe(true);
});

test.each([
	['application/pdf\r\nX-Injected: 1', 'application/pdf'],
	['application/pdf\nContent-Disposition: form-data; name="workspace"', 'application/pdf'],
	['\r\nX-Injected: 1', 'application/octet-stream'],
	['not a type', 'application/octet-stream'],
	['text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
])(
	"a binary's MIME type %j is written as %j: a CR or LF never reaches the part's headers",
	async (contentType, written) => {
		const body = new MultipartBody([{ name: 'file', file: { ...fileOf(content), contentType } }]);
		const bytes = await bytesOf(body);
		expect(bytes.length).toBe(body.size);
		const head = bytes.subarray(0, bytes.indexOf('\r\n\r\n')).toString('latin1');
		expect(head.split('\r\n').slice(1)).toEqual([
			'Content-Disposition: form-data; name="file"; filename="cv %22final%22.pdf"',
			`Content-Type: ${written}`,
		]);
	},
);
