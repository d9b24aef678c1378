/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// A tiny client for the emulator's own tests: JSON calls with the Bearer key, and multipart uploads
// built with Node's FormData and Blob (as the node itself uploads).

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import type { Emulator } from './index';

/** What JSON.parse gives: an untyped value, for assertions on answers of any shape. */
export type Json = ReturnType<typeof JSON.parse>;

export interface Answer<T = Json> {
	status: number;
	headers: Headers;
	body: T;
}

export interface Client {
	get<T = Json>(path: string): Promise<Answer<T>>;
	post<T = Json>(path: string, body?: unknown): Promise<Answer<T>>;
	patch<T = Json>(path: string, body?: unknown): Promise<Answer<T>>;
	delete<T = Json>(path: string): Promise<Answer<T>>;
	/** POST /v3/documents with a file from disk (or bytes) and text fields. */
	upload<T = Json>(
		file: string | { name: string; bytes: Buffer; type?: string },
		fields: Record<string, string>,
	): Promise<Answer<T>>;
	/** Every page of a search: POST `path`, then re-POST the same body to each `next`. */
	searchPages(path: string, body: unknown): Promise<Json[]>;
	/** A raw fetch against the emulator (path or absolute URL), with the key unless told otherwise. */
	fetch(pathOrUrl: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
}

async function answer(response: Response): Promise<Answer> {
	const text = await response.text();
	let body: unknown = text;
	try {
		body = text ? JSON.parse(text) : undefined;
	} catch {
		// Not JSON: keep the text.
	}
	return { status: response.status, headers: response.headers, body };
}

export function clientFor(emulator: Emulator, key = emulator.fixtures.key): Client {
	const raw = (
		pathOrUrl: string,
		init: RequestInit & { key?: string | null } = {},
	): Promise<Response> => {
		const headers = new Headers(init.headers);
		const useKey = init.key === undefined ? key : init.key;
		if (useKey !== null && !headers.has('authorization'))
			headers.set('Authorization', `Bearer ${useKey}`);
		const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${emulator.url}${pathOrUrl}`;
		return fetch(url, { ...init, headers });
	};
	const json = async (method: string, path: string, body?: unknown): Promise<Answer> =>
		answer(
			await raw(path, {
				method,
				headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			}),
		);
	return {
		get: (path) => json('GET', path),
		post: (path, body) => json('POST', path, body),
		patch: (path, body) => json('PATCH', path, body),
		delete: (path) => json('DELETE', path),
		upload: async (file, fields) => {
			const form = new FormData();
			const { name, bytes, type } =
				typeof file === 'string'
					? { name: basename(file), bytes: readFileSync(file), type: undefined }
					: file;
			form.append(
				'file',
				new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }),
				name,
			);
			for (const [field, value] of Object.entries(fields)) form.append(field, value);
			return answer(await raw('/v3/documents', { method: 'POST', body: form }));
		},
		searchPages: async (path, body) => {
			const pages: Json[] = [];
			let url: string | null = path;
			while (url) {
				const page: Json = await json('POST', url, body);
				if (page.status !== 200)
					throw new Error(`Search answered ${page.status}: ${JSON.stringify(page.body)}`);
				pages.push(page.body);
				url = page.body.next;
			}
			return pages;
		},
		fetch: raw,
	};
}
