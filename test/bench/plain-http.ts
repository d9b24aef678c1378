/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The plain baseline: what a person would write with Node's http module and no framework, one
// request at a time, on a keep-alive connection. Same requests, same bodies as the node sends.
// It runs in a process of its own, as any client of the service does (and as n8n does): in the
// benchmark's process, beside the emulator, it would skip the hop between processes.
import { execFile } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { basename } from 'node:path';
import { promisify } from 'node:util';

import FormData from 'form-data';

import type { Timing } from './n8n-runs';

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

class PlainClient {
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

type Loop = 'searchEach' | 'searchEachRespectingRetryAfter' | 'searchAll' | 'uploadEach';

/** PlainClient's loops, each run in a fresh Node process; the time is the loop's own. */
export class PlainLoop {
	constructor(
		private readonly baseUrl: string,
		private readonly key: string,
	) {}

	searchEach(items: number, path: string, body: unknown): Promise<Timing> {
		return this.run('searchEach', [items, path, body]);
	}

	searchEachRespectingRetryAfter(items: number, path: string, body: unknown): Promise<Timing> {
		return this.run('searchEachRespectingRetryAfter', [items, path, body]);
	}

	searchAll(path: string, body: unknown): Promise<Timing> {
		return this.run('searchAll', [path, body]);
	}

	uploadEach(files: string[], fields: Record<string, string>): Promise<Timing> {
		return this.run('uploadEach', [files, fields]);
	}

	private async run(loop: Loop, args: unknown[]): Promise<Timing> {
		const spec = JSON.stringify({ baseUrl: this.baseUrl, key: this.key, loop, args });
		const { stdout } = await promisify(execFile)(process.execPath, [__filename, spec], {
			maxBuffer: 1024 * 1024,
		});
		return JSON.parse(stdout) as Timing;
	}
}

if (require.main === module) {
	const spec = JSON.parse(process.argv[2]) as {
		baseUrl: string;
		key: string;
		loop: Loop;
		args: unknown[];
	};
	const client = new PlainClient(spec.baseUrl, spec.key);
	const loop = client[spec.loop] as (...args: unknown[]) => Promise<number>;
	const started = performance.now();
	loop
		.apply(client, spec.args)
		.then((items) => {
			process.stdout.write(JSON.stringify({ ms: performance.now() - started, items }));
			agent.destroy();
		})
		.catch((error: Error) => {
			process.stderr.write(`${error.stack ?? String(error)}\n`);
			process.exitCode = 1;
			agent.destroy();
		});
}
