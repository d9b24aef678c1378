/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** A local HTTP server that records every request it receives and answers as a test scripts it. */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	/** The query as sent, `?a=1&a=2`: repeated parameters, which `query` keeps one of. */
	search?: string;
	headers: IncomingHttpHeaders;
	/** Parsed JSON when the body is JSON, else the raw text. */
	body: unknown;
	/** The body's bytes as received, for bodies text would garble (multipart files). */
	raw: Buffer;
}

export interface ScriptedResponse {
	status?: number;
	/** Sent as JSON. */
	body?: unknown;
	/** Sent as it is, as text/plain unless `headers` say otherwise (instead of `body`). */
	text?: string;
	/** Sent as they are, as `headers` say (a file), instead of `body` or `text`. */
	bytes?: Buffer;
	headers?: Record<string, string>;
	/** Close the connection without an answer, the request read: as if the answer were lost. */
	reset?: boolean;
}

export type Responder = (
	request: RecordedRequest,
	server: RecordingServer,
) => ScriptedResponse | Promise<ScriptedResponse>;

export interface RecordingServer {
	url: string;
	requests: RecordedRequest[];
	respondWith(responder: Responder): void;
	stop(): Promise<void>;
}

/** The request as received: method, path, query, headers and body (parsed when JSON). */
export function recordRequest(req: IncomingMessage, raw: Buffer): RecordedRequest {
	const text = raw.toString('utf8');
	const url = new URL(req.url ?? '/', 'http://recording.local');
	let body: unknown = text;
	if (String(req.headers['content-type']).includes('json') && text !== '') body = JSON.parse(text);
	return {
		method: req.method ?? '',
		path: url.pathname,
		query: Object.fromEntries(url.searchParams),
		search: url.search,
		headers: req.headers,
		body,
		raw,
	};
}

/** The whole body of a request. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((done, failed) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => done(Buffer.concat(chunks)));
		req.on('error', failed);
	});
}

export async function startRecordingServer(
	responder: Responder = () => ({}),
	/** Another loopback address than 127.0.0.1 (127.0.0.2: one n8n's SSRF protection blocks). */
	{ host = '127.0.0.1' }: { host?: string } = {},
): Promise<RecordingServer> {
	if (!/^127\.\d+\.\d+\.\d+$/.test(host)) throw new Error(`${host} is not a loopback address`);
	let respond = responder;
	const requests: RecordedRequest[] = [];
	const server = createServer(async (req, res) => {
		const recorded = recordRequest(req, await readBody(req));
		requests.push(recorded);
		try {
			const answer = await respond(recorded, handle);
			if (answer.reset) {
				res.socket?.destroy();
				return;
			}
			const json =
				answer.text === undefined && answer.bytes === undefined && answer.body !== undefined;
			const payload = answer.bytes ?? answer.text ?? (json ? JSON.stringify(answer.body) : '');
			res.writeHead(answer.status ?? 200, {
				...(json ? { 'content-type': 'application/json' } : {}),
				...(answer.text !== undefined ? { 'content-type': 'text/plain' } : {}),
				...answer.headers,
			});
			res.end(payload);
		} catch (error) {
			res.writeHead(599, { 'content-type': 'text/plain' });
			res.end(String(error));
		}
	});
	await new Promise<void>((listening) => server.listen(0, host, listening));
	const { port } = server.address() as AddressInfo;
	const handle: RecordingServer = {
		url: `http://${host}:${port}`,
		requests,
		respondWith: (next) => {
			respond = next;
		},
		stop: () =>
			new Promise<void>((closed) => {
				server.closeAllConnections();
				server.close(() => closed());
			}),
	};
	return handle;
}
