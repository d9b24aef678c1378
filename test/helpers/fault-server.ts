/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
/**
 * A small Affinda on 127.0.0.1 that misbehaves on request, the way networks, proxies and busy
 * services do, and records what reached it: every request, what it did with each (created a
 * document or not), and which fault it met. Faults are planned per request by the test.
 *
 * The service part is just enough to tell a complete result from a partial one and a duplicate
 * from none: documents created by upload (counted per Custom Identifier), a document list with
 * filters, a paged resume search and a paged index list, all with `count` and absolute `next`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { documentAnswer, multipartOf, pendingAnswer } from './document-answers';
import { readBody, recordRequest, type RecordedRequest } from './recording-server';

export type Fault =
	/** Answer with this status (and body), after doing the work when `processed`. */
	| {
			kind: 'status';
			status: number;
			body?: unknown;
			headers?: Record<string, string>;
			processed?: boolean;
	  }
	/** Answer with this text as the body (an HTML page, cut-short JSON) and status (200). */
	| { kind: 'raw'; text: string; status?: number; contentType?: string; processed?: boolean }
	/** Close the connection as soon as the request's headers are in, before reading its body. */
	| { kind: 'reset-before-body' }
	/** Read the body and do the work, then close the connection without an answer. */
	| { kind: 'reset-after-body' }
	/** Read the body (doing the work when `processed`) and never answer. */
	| { kind: 'hold'; processed?: boolean }
	/** Answer with a redirect to `location`. */
	| { kind: 'redirect'; status: number; location: string }
	/** Answer as the service would, but with these fields of the JSON body replaced. */
	| { kind: 'patch'; body: IDataObject }
	/** Answer as the service would, the body sent in `chunks` pieces, one every `everyMs`. */
	| { kind: 'dribble'; chunks: number; everyMs: number }
	/** Answer as the service would, with `bytes` more of padding in the JSON body. */
	| { kind: 'huge'; bytes: number };

/**
 * Which fault request number `index` (0-based) meets. Called when its headers are in (only
 * `reset-before-body` acts then) and again with its body: keep it a pure function of both.
 */
export type FaultPlan = (request: RecordedRequest, index: number) => Fault | undefined;

export interface FaultRequest extends RecordedRequest {
	/** The fault this request met, if any. */
	fault?: Fault['kind'];
	/** The document this request created, if it created one. */
	created?: string;
	/** The client closed the connection before the answer was complete. */
	abandoned?: boolean;
}

export interface StoredDocument {
	identifier: string;
	customIdentifier: string | null;
	fileName: string;
	/** Looks (GET) left before the document reads as parsed. */
	pendingLooks: number;
}

export interface FaultServer {
	url: string;
	requests: FaultRequest[];
	documents: StoredDocument[];
	/** How many documents were created for each Custom Identifier. */
	documentsPer(customIdentifier: string): number;
	plan(next: FaultPlan): void;
	/** The service's data: how many candidates a search finds, how many indices there are. */
	configure(settings: Partial<ServiceSettings>): void;
	stop(): Promise<void>;
}

export interface ServiceSettings {
	candidates: number;
	indices: number;
	/** Answer uploads before parsing ends: the document reads as parsed after this many looks. */
	pendingLooks: number;
}

/** A search result, told apart by its rank `n`. */
export function candidate(n: number): IDataObject {
	return { identifier: `resume${n}`, name: `Candidate ${n}`, score: 1 - n / 10000, pdf: null };
}

export async function startFaultServer(): Promise<FaultServer> {
	let plan: FaultPlan = () => undefined;
	const settings: ServiceSettings = { candidates: 0, indices: 0, pendingLooks: 0 };
	const requests: FaultRequest[] = [];
	const documents: StoredDocument[] = [];
	let url = '';

	/** A page of `total` items, paged by the query's limit and offset, `next` absolute. */
	const page = (request: RecordedRequest, total: number, item: (n: number) => IDataObject) => {
		const limit = Number(request.query.limit ?? 20);
		const offset = Number(request.query.offset ?? 0);
		const end = Math.min(offset + limit, total);
		const next = new URL(`${url}${request.path}`);
		for (const [name, value] of Object.entries(request.query)) next.searchParams.set(name, value);
		next.searchParams.set('offset', String(end));
		return {
			count: total,
			next: end < total ? next.href : null,
			previous: null,
			results: Array.from({ length: Math.max(end - offset, 0) }, (_, k) => item(offset + k)),
		};
	};

	/** What the service does with a request, and its answer. */
	const serve = async (request: FaultRequest): Promise<{ status: number; body: unknown }> => {
		const { method, path } = request;
		if (method === 'POST' && path === '/v3/documents') {
			const { fields, files } = await multipartOf(request);
			const identifier = `doc${documents.length + 1}`;
			documents.push({
				identifier,
				customIdentifier: fields.customIdentifier ?? null,
				fileName: files.file?.fileName ?? fields.url ?? 'document',
				pendingLooks: settings.pendingLooks,
			});
			request.created = identifier;
			return { status: 200, body: answerFor(documents[documents.length - 1]) };
		}
		const one = /^\/v3\/documents\/([^/]+)$/.exec(path);
		if (method === 'GET' && one) {
			const document = documents.find((d) => d.identifier === decodeURIComponent(one[1]));
			if (!document) return { status: 404, body: { detail: 'Not found.' } };
			if (document.pendingLooks > 0) document.pendingLooks -= 1;
			return { status: 200, body: answerFor(document) };
		}
		if (method === 'GET' && path === '/v3/documents') {
			const wanted = request.query.custom_identifier;
			const listed = documents.filter((d) => !wanted || d.customIdentifier === wanted);
			return { status: 200, body: page(request, listed.length, (n) => answerFor(listed[n])) };
		}
		if (method === 'POST' && path === '/v2/resume_search') {
			return { status: 201, body: page(request, settings.candidates, candidate) };
		}
		if (method === 'GET' && path === '/v3/index') {
			const index = (n: number) => ({ name: `index-${n}`, documentType: 'resumes' });
			return { status: 200, body: page(request, settings.indices, index) };
		}
		return { status: 404, body: { detail: 'Not found.' } };
	};

	const answerFor = (document: StoredDocument) =>
		document.pendingLooks > 0
			? pendingAnswer(document.identifier)
			: documentAnswer(document.identifier, {
					meta: { customIdentifier: document.customIdentifier, fileName: document.fileName },
				});

	const sendJson = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
		const payload = body === undefined ? '' : JSON.stringify(body);
		res.writeHead(status, {
			...(payload ? { 'content-type': 'application/json' } : {}),
			...headers,
		});
		res.end(payload);
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		// The plan sees the request line and headers first: it may drop the body unread.
		const head = recordRequest(req, Buffer.alloc(0)) as FaultRequest;
		const index = requests.length;
		const early = plan(head, index);
		if (early?.kind === 'reset-before-body') {
			requests.push({ ...head, fault: early.kind });
			req.socket.destroy();
			return;
		}
		const request = recordRequest(req, await readBody(req)) as FaultRequest;
		requests.push(request);
		res.on('close', () => {
			if (!res.writableFinished) request.abandoned = true;
		});
		const fault = plan(request, index);
		request.fault = fault?.kind;
		switch (fault?.kind) {
			case undefined: {
				const { status, body } = await serve(request);
				return sendJson(res, status, body);
			}
			case 'patch': {
				const { status, body } = await serve(request);
				return sendJson(res, status, { ...(body as IDataObject), ...fault.body });
			}
			case 'dribble': {
				const { status, body } = await serve(request);
				const payload = Buffer.from(JSON.stringify(body));
				res.writeHead(status, { 'content-type': 'application/json' });
				const size = Math.ceil(payload.length / fault.chunks);
				for (let at = 0; at < payload.length && !res.destroyed; at += size) {
					res.write(payload.subarray(at, at + size));
					await new Promise((resolve) => setTimeout(resolve, fault.everyMs));
				}
				return res.end();
			}
			case 'huge': {
				const { status, body } = await serve(request);
				return sendJson(res, status, {
					...(body as IDataObject),
					padding: 'x'.repeat(fault.bytes),
				});
			}
			case 'status':
				if (fault.processed) await serve(request);
				return sendJson(res, fault.status, fault.body, fault.headers);
			case 'raw':
				if (fault.processed) await serve(request);
				res.writeHead(fault.status ?? 200, {
					'content-type': fault.contentType ?? 'text/html; charset=utf-8',
				});
				return res.end(fault.text);
			case 'reset-after-body':
				await serve(request);
				req.socket.destroy();
				return;
			case 'hold':
				if (fault.processed) await serve(request);
				return; // never answered; the connection closes when the client gives up or at stop()
			case 'redirect':
				return sendJson(res, fault.status, undefined, { location: fault.location });
			case 'reset-before-body':
				req.socket.destroy();
				return;
		}
	};

	const server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			if (!res.headersSent) sendJson(res, 599, { detail: String(error) });
		});
	});
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	return {
		url,
		requests,
		documents,
		documentsPer: (customIdentifier) =>
			documents.filter((d) => d.customIdentifier === customIdentifier).length,
		plan: (next) => {
			plan = next;
		},
		configure: (changes) => Object.assign(settings, changes),
		stop: () =>
			new Promise<void>((closed) => {
				server.closeAllConnections();
				server.close(() => closed());
			}),
	};
}
