/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The HTTP front: read the request, record it, apply faults, route, check the Bearer key, run the
// handler, and answer in the service's shapes (errors as {type, errors: [{attr, code, detail}]}).

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import type { FaultInjector } from './faults';
import { ApiError, clientError, type ErrorBody, type Query } from './http';
import { boundaryOf, parseMultipart } from './parsing/multipart';
import { RequestContext, type Reply, type Router } from './router';

export interface ReceivedMultipart {
	/** Text fields; a repeated field shows its first value. */
	fields: Record<string, string>;
	/** Each file's name, type, size and SHA-256 of its bytes (tests compare what arrived with what was sent). */
	files: Record<string, { fileName: string; contentType: string; size: number; sha256: string }>;
}

export interface ReceivedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: Record<string, string | string[] | undefined>;
	/** Parsed JSON, a multipart summary, the raw text when neither parses, or undefined when empty. */
	body: unknown;
}

export interface ServerDependencies {
	router: Router;
	key: string;
	faults: FaultInjector;
	received: ReceivedRequest[];
	recordRequests: boolean;
	onRequest?: (request: ReceivedRequest) => void;
	origin: () => string;
	maxBodyBytes: number;
}

function queryOf(url: URL): Query {
	const query: Query = {};
	for (const [name, value] of url.searchParams) {
		const existing = query[name];
		query[name] =
			existing === undefined
				? value
				: Array.isArray(existing)
					? [...existing, value]
					: [existing, value];
	}
	return query;
}

function summariseBody(headers: IncomingMessage['headers'], raw: Buffer): unknown {
	if (raw.length === 0) return undefined;
	const contentType = headers['content-type'] ?? '';
	const boundary = boundaryOf(contentType);
	if (/^multipart\/form-data/i.test(contentType) && boundary) {
		try {
			const form = parseMultipart(raw, boundary);
			const summary: ReceivedMultipart = { fields: {}, files: {} };
			for (const [name, values] of Object.entries(form.fields)) summary.fields[name] = values[0];
			for (const [name, file] of Object.entries(form.files))
				summary.files[name] = {
					fileName: file.fileName,
					contentType: file.contentType,
					size: file.bytes.length,
					sha256: createHash('sha256').update(file.bytes).digest('hex'),
				};
			return summary;
		} catch {
			// Fall through to the raw text.
		}
	}
	const text = raw.toString('utf8');
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

function send(res: ServerResponse, reply: Reply): void {
	if (res.destroyed) return;
	const headers: Record<string, string> = { ...reply.headers };
	let payload: Buffer | undefined;
	if (reply.bytes) {
		payload = reply.bytes;
		headers['Content-Type'] = reply.contentType ?? 'application/octet-stream';
	} else if (reply.status !== 204 && reply.body !== undefined) {
		payload = Buffer.from(JSON.stringify(reply.body));
		headers['Content-Type'] = 'application/json';
	}
	if (payload) headers['Content-Length'] = String(payload.length);
	res.writeHead(reply.status, headers);
	res.end(payload);
}

function errorReply(error: ApiError): Reply {
	const body: ErrorBody = error.toBody();
	return { status: error.status, body, headers: error.headers };
}

const SERVER_ERRORS: Record<500 | 503, ErrorBody> = {
	500: {
		type: 'server_error',
		errors: [{ attr: null, code: 'error', detail: 'A server error occurred.' }],
	},
	503: {
		type: 'server_error',
		errors: [
			{
				attr: null,
				code: 'service_unavailable',
				detail: 'Service temporarily unavailable, try again later.',
			},
		],
	},
};

function authError(authorization: string | undefined, key: string): ApiError | undefined {
	if (!authorization) {
		return new ApiError(
			401,
			'client_error',
			[
				{
					attr: null,
					code: 'not_authenticated',
					detail: 'Authentication credentials were not provided.',
				},
			],
			{ 'WWW-Authenticate': 'Bearer realm="api"' },
		);
	}
	const [scheme, token, extra] = authorization.trim().split(/\s+/);
	if (scheme.toLowerCase() !== 'bearer' || !token || extra !== undefined || token !== key) {
		return new ApiError(
			401,
			'client_error',
			[{ attr: null, code: 'authentication_failed', detail: 'Invalid token.' }],
			{ 'WWW-Authenticate': 'Bearer realm="api"' },
		);
	}
	return undefined;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit) {
				resolve(undefined);
				req.removeAllListeners('data');
				req.resume();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

const sleep = (ms: number): Promise<void> =>
	new Promise((resolve) => {
		// Unref'd: a pending latency must not keep a test process alive after stop().
		setTimeout(resolve, ms).unref();
	});

async function handle(
	deps: ServerDependencies,
	req: IncomingMessage,
	res: ServerResponse,
): Promise<void> {
	const raw = await readBody(req, deps.maxBodyBytes);
	const url = new URL(req.url ?? '/', 'http://emulator');
	const method = (req.method ?? 'GET').toUpperCase();
	const query = queryOf(url);
	if (deps.recordRequests || deps.onRequest) {
		const entry: ReceivedRequest = {
			method,
			path: url.pathname,
			query,
			headers: { ...req.headers },
			body: raw ? summariseBody(req.headers, raw) : '<too large>',
		};
		if (deps.recordRequests) deps.received.push(entry);
		deps.onRequest?.(entry);
	}

	const fault = deps.faults.decide();
	if (fault.delayMs > 0) await sleep(fault.delayMs);
	switch (fault.kind) {
		case 'drop':
			req.socket.destroy();
			return;
		case 'error':
			return send(res, {
				status: fault.status,
				body: SERVER_ERRORS[fault.status],
				headers: fault.status === 503 ? { 'Retry-After': '1' } : {},
			});
		case 'rate-limited':
			return send(res, {
				status: 429,
				body: {
					type: 'client_error',
					errors: [
						{
							attr: null,
							code: 'throttled',
							detail: `Request was throttled. Expected available in ${fault.retryAfterSeconds} second${fault.retryAfterSeconds === 1 ? '' : 's'}.`,
						},
					],
				},
				headers: { 'Retry-After': String(fault.retryAfterSeconds) },
			});
	}

	if (!raw)
		return send(
			res,
			errorReply(
				clientError(
					413,
					'request_too_large',
					`The request body is larger than ${deps.maxBodyBytes} bytes.`,
				),
			),
		);
	const match = deps.router.match(method, url.pathname);
	if (match.kind === 'not-found')
		return send(res, errorReply(clientError(404, 'not_found', 'Not found.')));
	if (match.kind === 'method-not-allowed')
		return send(
			res,
			errorReply(clientError(405, 'method_not_allowed', `Method "${method}" not allowed.`)),
		);
	if (!match.public) {
		const denied = authError(req.headers.authorization, deps.key);
		if (denied) return send(res, errorReply(denied));
	}
	const ctx = new RequestContext(method, url.pathname, query, req.headers, raw, deps.origin());
	ctx.params = match.params;
	try {
		send(res, await match.handler(ctx));
	} catch (error) {
		if (error instanceof ApiError) return send(res, errorReply(error));
		process.stderr.write(
			`affinda emulator: ${method} ${url.pathname} failed: ${(error as Error).stack ?? String(error)}\n`,
		);
		send(res, { status: 500, body: SERVER_ERRORS[500] });
	}
}

export function createEmulatorServer(deps: ServerDependencies): Server {
	return createServer((req, res) => {
		handle(deps, req, res).catch((error) => {
			process.stderr.write(
				`affinda emulator: request failed: ${(error as Error).stack ?? String(error)}\n`,
			);
			if (!res.headersSent) send(res, { status: 500, body: SERVER_ERRORS[500] });
		});
	});
}
