/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// Bearer auth (401 in the service's error shape) on every API route, 404/405, and faults that
// repeat exactly under a seed: 500/503 shares, dropped connections, 429 with Retry-After, latency.

import { startEmulator, type Emulator, type FaultOptions } from './index';
import { clientFor, type Client } from './test-client';

describe('authentication', () => {
	let emulator: Emulator;
	let api: Client;

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 10, jobDescriptionCount: 2, key: 'secret-123' });
		api = clientFor(emulator);
	});
	afterAll(() => emulator.stop());

	const ROUTES: Array<[string, string]> = [
		['POST', '/v2/resume_search'],
		['POST', '/v2/job_description_search/details/abc'],
		['POST', '/v3/documents'],
		['GET', '/v3/documents'],
		['GET', '/v3/documents/abc'],
		['DELETE', '/v3/documents/abc'],
		['POST', '/v3/documents/abc/update_data'],
		['GET', '/v3/annotations?document=abc'],
		['PATCH', '/v3/annotations/1'],
		['POST', '/v3/annotations/batch_update'],
		['GET', '/v3/organizations'],
		['GET', '/v3/workspaces?organization=x'],
		['GET', '/v3/document_types'],
		['GET', '/v3/index'],
		['POST', '/v3/index/all-resumes/documents'],
		['GET', '/v3/occupation_groups'],
		['POST', '/v3/resthook_subscriptions'],
		['POST', '/v3/resthook_subscriptions/activate'],
	];

	it.each(ROUTES)(
		'%s %s answers 401 without the key, before looking at the request',
		async (method, path) => {
			const answer = await api.fetch(path, {
				method,
				key: null,
				headers: { 'Content-Type': 'application/json' },
				body: method === 'GET' || method === 'DELETE' ? undefined : '{"bogus": 1}',
			});
			expect(answer.status).toBe(401);
			expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="api"');
			expect(await answer.json()).toEqual({
				type: 'client_error',
				errors: [
					{
						attr: null,
						code: 'not_authenticated',
						detail: 'Authentication credentials were not provided.',
					},
				],
			});
		},
	);

	it('answers 401 authentication_failed to a wrong key or scheme, and accepts the right one', async () => {
		for (const authorization of [
			'Bearer test-key',
			'Token secret-123',
			'Bearer',
			'secret-123',
			'Bearer secret-123 extra',
		]) {
			const answer = await api.fetch('/v3/organizations', {
				headers: { Authorization: authorization },
			});
			expect(answer.status).toBe(401);
			expect((await answer.json()).errors[0].code).toBe('authentication_failed');
		}
		expect(
			(await api.fetch('/v3/organizations', { headers: { Authorization: 'bearer secret-123' } }))
				.status,
		).toBe(200);
		expect((await api.get('/v3/organizations')).status).toBe(200);
	});

	it('answers unknown paths 404 and wrong methods 405, in the error shape', async () => {
		expect(await api.get('/v3/nothing-here')).toMatchObject({
			status: 404,
			body: { type: 'client_error', errors: [{ attr: null, code: 'not_found' }] },
		});
		expect(await api.delete('/v3/organizations')).toMatchObject({
			status: 405,
			body: { errors: [{ code: 'method_not_allowed', detail: 'Method "DELETE" not allowed.' }] },
		});
	});
});

type Outcome = number | 'dropped';

async function outcomes(emulator: Emulator, count: number): Promise<Outcome[]> {
	const api = clientFor(emulator);
	const out: Outcome[] = [];
	for (let i = 0; i < count; i++) {
		try {
			const answer = await api.fetch('/v3/organizations', { headers: { Connection: 'close' } });
			await answer.arrayBuffer();
			out.push(answer.status);
		} catch {
			out.push('dropped');
		}
	}
	return out;
}

describe('faults', () => {
	const emulators: Emulator[] = [];
	const start = async (seed: number, faults: FaultOptions): Promise<Emulator> => {
		const emulator = await startEmulator({ resumeCount: 5, jobDescriptionCount: 1, seed, faults });
		emulators.push(emulator);
		return emulator;
	};
	afterAll(() => Promise.all(emulators.map((e) => e.stop())));

	it('answer the same requests with the same 500s, 503s and drops under the same seed', async () => {
		const faults = { errorRate: 0.3, dropRate: 0.1 };
		const first = await outcomes(await start(7, faults), 60);
		const second = await outcomes(await start(7, faults), 60);
		const otherSeed = await outcomes(await start(8, faults), 60);
		expect(second).toEqual(first);
		expect(otherSeed).not.toEqual(first);
		expect(new Set(first)).toEqual(new Set([200, 500, 503, 'dropped']));
		const failed = first.filter((o) => o !== 200).length;
		expect(failed).toBeGreaterThan(60 * 0.2);
		expect(failed).toBeLessThan(60 * 0.65);
	});

	it('answer 500/503 in the service’s error shape, 503 with Retry-After, and record every request', async () => {
		const emulator = await start(3, { errorRate: 1 });
		const api = clientFor(emulator);
		const seen = new Set<number>();
		for (let i = 0; i < 12; i++) {
			const answer = await api.fetch('/v3/organizations');
			const body = await answer.json();
			seen.add(answer.status);
			expect(body).toEqual({
				type: 'server_error',
				errors: [{ attr: null, code: expect.any(String), detail: expect.any(String) }],
			});
			if (answer.status === 503) expect(answer.headers.get('retry-after')).toBe('1');
		}
		expect(seen).toEqual(new Set([500, 503]));
		expect(emulator.received).toHaveLength(12);
	});

	it('rate-limit with 429 and Retry-After once the second’s budget is spent', async () => {
		const emulator = await start(1, {});
		emulator.setFaults({ rateLimitPerSecond: 5 });
		const statuses: number[] = [];
		let retryAfter: string | null = null;
		// The clock stands still: all eight fall in one window, however slow the machine.
		emulator.clock.pause();
		for (let i = 0; i < 8; i++) {
			const answer = await clientFor(emulator).fetch('/v3/organizations');
			statuses.push(answer.status);
			if (answer.status === 429) {
				retryAfter = answer.headers.get('retry-after');
				expect((await answer.json()).errors[0]).toMatchObject({
					code: 'throttled',
					detail: expect.stringMatching(
						/^Request was throttled\. Expected available in \d+ seconds?\.$/,
					),
				});
			}
		}
		emulator.clock.resume();
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
		expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
		// The next window, once a second has passed.
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect((await clientFor(emulator).fetch('/v3/organizations')).status).toBe(200);
	});

	it('add latency, and setFaults restarts the fault sequence', async () => {
		const emulator = await start(5, { latencyMs: 60 });
		const started = Date.now();
		expect((await clientFor(emulator).fetch('/v3/organizations')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(55);
		emulator.setFaults({ errorRate: 0.5 });
		const first = await outcomes(emulator, 20);
		emulator.setFaults({ errorRate: 0.5 });
		expect(await outcomes(emulator, 20)).toEqual(first);
	});
});
