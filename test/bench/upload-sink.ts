/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// A fast stand-in for the service's upload endpoint, for uploading many large files: the emulator
// parses and keeps every file, which would make the benchmark measure the emulator. This reads
// the body to the end, checks it is a multipart form with a file part of at least the expected
// size, and answers as the service does for `wait=false` (201, the document not yet ready).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UploadSink {
	url: string;
	uploads: number;
	stop(): Promise<void>;
}

export async function startUploadSink(key: string, minimumFileBytes: number): Promise<UploadSink> {
	const sink = { uploads: 0 };
	const server: Server = createServer((incoming, outgoing) => {
		const answer = (status: number, body: unknown) => {
			outgoing.writeHead(status, { 'content-type': 'application/json' });
			outgoing.end(JSON.stringify(body));
		};
		let bytes = 0;
		let head = '';
		incoming.on('data', (chunk: Buffer) => {
			if (head.length < 4096) head += chunk.subarray(0, 4096).toString('latin1');
			bytes += chunk.length;
		});
		incoming.on('end', () => {
			if (incoming.method !== 'POST' || incoming.url?.split('?')[0] !== '/v3/documents') {
				answer(404, {
					type: 'client_error',
					errors: [{ code: 'not_found', detail: 'Not found.' }],
				});
			} else if (incoming.headers.authorization !== `Bearer ${key}`) {
				answer(401, { type: 'client_error', errors: [{ code: 'not_authenticated' }] });
			} else if (
				!incoming.headers['content-type']?.startsWith('multipart/form-data; boundary=') ||
				!head.includes('name="file"') ||
				bytes < minimumFileBytes
			) {
				answer(400, { type: 'validation_error', errors: [{ attr: 'file', code: 'invalid' }] });
			} else {
				sink.uploads++;
				const identifier = `sink${String(sink.uploads).padStart(4, '0')}`;
				answer(201, {
					extractor: 'resume',
					meta: { identifier, ready: false, failed: false, workspace: { identifier: 'emuRecru' } },
					data: null,
				});
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		get uploads() {
			return sink.uploads;
		},
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
