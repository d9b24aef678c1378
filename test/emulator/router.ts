/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// Routes as `METHOD /path/{param}` templates, and what a handler sees of a request.

import type { IncomingHttpHeaders } from 'node:http';

import { clientError, type Query } from './http';
import { boundaryOf, parseMultipart, type Multipart } from './parsing/multipart';

export interface Reply {
	status: number;
	/** JSON body (omitted for 204). */
	body?: unknown;
	/** Raw body instead of JSON (files). */
	bytes?: Buffer;
	contentType?: string;
	headers?: Record<string, string>;
}

export class RequestContext {
	params: Record<string, string> = {};
	private multipartCache?: Multipart;

	constructor(
		readonly method: string,
		readonly path: string,
		readonly query: Query,
		readonly headers: IncomingHttpHeaders,
		readonly rawBody: Buffer,
		/** The emulator's own origin, e.g. http://127.0.0.1:4010 (for absolute URLs). */
		readonly origin: string,
	) {}

	private get mediaType(): string {
		return (this.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	}

	/**
	 * The JSON body, as DRF's JSONParser reads it: an empty body is `{}`, another media type is
	 * 415, malformed JSON is a 400 parse_error.
	 */
	json(): unknown {
		if (this.rawBody.length === 0) return {};
		if (this.mediaType !== 'application/json') {
			throw clientError(
				415,
				'unsupported_media_type',
				`Unsupported media type "${this.headers['content-type'] ?? ''}" in request.`,
			);
		}
		try {
			return JSON.parse(this.rawBody.toString('utf8'));
		} catch (error) {
			throw clientError(400, 'parse_error', `JSON parse error - ${(error as Error).message}`);
		}
	}

	multipart(): Multipart {
		if (this.multipartCache) return this.multipartCache;
		const boundary = boundaryOf(this.headers['content-type']);
		if (this.mediaType !== 'multipart/form-data' || !boundary) {
			throw clientError(
				415,
				'unsupported_media_type',
				`Unsupported media type "${this.headers['content-type'] ?? ''}" in request.`,
			);
		}
		try {
			this.multipartCache = parseMultipart(this.rawBody, boundary);
		} catch (error) {
			throw clientError(400, 'parse_error', (error as Error).message);
		}
		return this.multipartCache;
	}

	/** This request's URL with `limit` and `offset` set (the pager's next/previous links). */
	pageUrl(limit: number, offset: number): string {
		const params = new URLSearchParams();
		for (const [name, value] of Object.entries(this.query)) {
			if (name === 'limit' || name === 'offset') continue;
			for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
		}
		params.set('limit', String(limit));
		params.set('offset', String(offset));
		return `${this.origin}${this.path}?${params.toString()}`;
	}
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

interface Route {
	method: string;
	pattern: RegExp;
	names: string[];
	handler: Handler;
	/** Media files are fetched by URL without the API key, like the service's signed file URLs. */
	public: boolean;
}

export type RouteMatch =
	| { kind: 'found'; handler: Handler; params: Record<string, string>; public: boolean }
	| { kind: 'method-not-allowed' }
	| { kind: 'not-found' };

export class Router {
	private readonly routes: Route[] = [];

	add(
		method: string,
		template: string,
		handler: Handler,
		options: { public?: boolean } = {},
	): this {
		const names: string[] = [];
		const source = template.replace(/\{(\w+)\}/g, (_, name: string) => {
			names.push(name);
			return '([^/]+)';
		});
		// Trailing slashes are optional, as Django's APPEND_SLASH-style routes tolerate them.
		this.routes.push({
			method,
			pattern: new RegExp(`^${source}/?$`),
			names,
			handler,
			public: options.public === true,
		});
		return this;
	}

	match(method: string, path: string): RouteMatch {
		let pathMatched = false;
		for (const route of this.routes) {
			const m = route.pattern.exec(path);
			if (!m) continue;
			pathMatched = true;
			if (route.method !== method) continue;
			const params: Record<string, string> = {};
			route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
			return { kind: 'found', handler: route.handler, params, public: route.public };
		}
		return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
	}
}
