/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The plain baseline: what a person would write with Node's http module and no framework, one
// request at a time, on a keep-alive connection. Same requests, same bodies as the node sends.
import { createReadStream, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { basename } from 'node:path';

import FormData from 'form-data';

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

interface Answer {
	status: number;
	retryAfterSeconds?: number;
	json: Record<string, unknown>;
}

function send(
	url: string,
	method: string,
	headers: Record<string, string | number>,
	write: (outgoing: NodeJS.WritableStream) => void,
): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const outgoing = request(url, { method, headers, agent }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('error', reject);
			response.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				const retryAfter = Number(response.headers['retry-after']);
				resolve({
					status: response.statusCode ?? 0,
					retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
					json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
				});
			});
		});
		outgoing.on('error', reject);
		write(outgoing);
	});
}

export class PlainClient {
	constructor(
		private readonly baseUrl: string,
		private readonly key: string,
	) {}

	private postJson(url: string, body: unknown): Promise<Answer> {
		const text = JSON.stringify(body);
		return send(
			url,
			'POST',
			{
				authorization: `Bearer ${this.key}`,
				'content-type': 'application/json',
				'content-length': Buffer.byteLength(text),
			},
			(outgoing) => (outgoing as unknown as { end(text: string): void }).end(text),
		);
	}

	private static expectOk(answer: Answer, what: string): Record<string, unknown> {
		if (answer.status >= 400) {
			throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.json)}`);
		}
		return answer.json;
	}

	/** One search per item; returns how many results came back in all. */
	async searchEach(items: number, path: string, body: unknown): Promise<number> {
		let results = 0;
		for (let item = 0; item < items; item++) {
			const page = PlainClient.expectOk(
				await this.postJson(`${this.baseUrl}${path}`, body),
				'search',
			);
			results += (page.results as unknown[]).length;
		}
		return results;
	}

	/** One search per item, sleeping for Retry-After whenever the service says 429. */
	async searchEachRespectingRetryAfter(
		items: number,
		path: string,
		body: unknown,
	): Promise<number> {
		let results = 0;
		for (let item = 0; item < items; item++) {
			for (;;) {
				const answer = await this.postJson(`${this.baseUrl}${path}`, body);
				if (answer.status === 429) {
					await new Promise((resolve) =>
						setTimeout(resolve, (answer.retryAfterSeconds ?? 1) * 1000),
					);
					continue;
				}
				results += (PlainClient.expectOk(answer, 'search').results as unknown[]).length;
				break;
			}
		}
		return results;
	}

	/** Return All by hand: POST, then follow `next` with the same body until there is none. */
	async searchAll(path: string, body: unknown): Promise<number> {
		let results = 0;
		let url: string | null = `${this.baseUrl}${path}`;
		while (url) {
			const page = PlainClient.expectOk(await this.postJson(url, body), 'search page');
			results += (page.results as unknown[]).length;
			url = (page.next as string | null) ?? null;
		}
		return results;
	}

	/** Uploads each file (streamed from disk) with the given text fields; returns the answers. */
	async uploadEach(files: string[], fields: Record<string, string>): Promise<number> {
		let uploaded = 0;
		for (const file of files) {
			const form = new FormData();
			form.append('file', createReadStream(file), {
				filename: basename(file),
				contentType: 'text/plain',
				knownLength: statSync(file).size,
			});
			for (const [name, value] of Object.entries(fields)) form.append(name, value);
			const answer = await send(
				`${this.baseUrl}/v3/documents`,
				'POST',
				{
					...form.getHeaders(),
					'content-length': form.getLengthSync(),
					authorization: `Bearer ${this.key}`,
				},
				(outgoing) => form.pipe(outgoing),
			);
			const document = PlainClient.expectOk(answer, 'upload');
			if (!(document.meta as { identifier?: string } | undefined)?.identifier) {
				throw new Error(`upload: no identifier in ${JSON.stringify(document).slice(0, 200)}`);
			}
			uploaded++;
		}
		return uploaded;
	}
}
