import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { baseUrlFromCredentials } from '../../nodes/shared/transport/connection';
import {
	describeConnectionFailure,
	formatWait,
	REPEATABLE,
	serviceErrorDetail,
	toNodeApiError,
} from '../../nodes/shared/transport/failures';
import { fileLinkRefusal } from '../../nodes/shared/transport/fileLinks';
import { pageProblem } from '../../nodes/shared/transport/pager';
import { describeText } from '../../nodes/shared/transport/request';
import { parseRetryAfter, retryDelayMs } from '../../nodes/shared/transport/retry';
import { type FailedRequest } from '../../nodes/shared/transport/types';
import { ALREADY_IN_INDEX } from '../emulator/service-errors';
import { longestTextMatched } from '../helpers/pattern-spy';
import { SsrfBlockedHostnameError, SsrfBlockedIpError } from '../helpers/ssrf-errors';

const node = { name: 'Affinda', type: 'n8n-nodes-affinda.affinda' } as INode;

describe('base URL from the credential', () => {
	test.each([
		[{ region: 'api' }, 'https://api.affinda.com'],
		[{ region: 'api.us1' }, 'https://api.us1.affinda.com'],
		[{ region: 'api.eu1' }, 'https://api.eu1.affinda.com'],
		[{}, 'https://api.affinda.com'],
		[{ region: 'custom', baseUrl: 'http://127.0.0.1:4010/' }, 'http://127.0.0.1:4010'],
		[{ region: 'custom', baseUrl: ' https://affinda.example.com ' }, 'https://affinda.example.com'],
	])('%j → %s', (credentials, expected) => {
		expect(baseUrlFromCredentials(credentials, node)).toBe(expected);
	});

	test.each(['', 'affinda.example.com', 'ftp://files.example.com'])(
		'a custom base URL %j is refused',
		(baseUrl) => {
			expect(() => baseUrlFromCredentials({ region: 'custom', baseUrl }, node)).toThrow(
				`The credential's Base URL "${baseUrl}" is not an http(s) URL`,
			);
		},
	);

	test.each([
		['https://affinda.example.com/v3', 'https://affinda.example.com'],
		['http://127.0.0.1:4010/api/', 'http://127.0.0.1:4010'],
		['https://affinda.example.com/?x=1', 'https://affinda.example.com'],
	])(
		'a custom base URL with a path, %s, is refused before any request, naming the origin',
		(baseUrl, origin) => {
			let thrown: Error | undefined;
			try {
				baseUrlFromCredentials({ region: 'custom', baseUrl }, node);
			} catch (error) {
				thrown = error as Error;
			}
			expect(thrown?.message).toBe(
				`The credential's Base URL "${baseUrl}" has a path; the node adds /v2/... and /v3/... to the origin itself`,
			);
			expect((thrown as Error & { description?: string }).description).toBe(
				`Open the Affinda API credential and enter the origin only: ${origin}`,
			);
		},
	);
});

describe('a Base URL with a user name or password', () => {
	const refusal = (baseUrl: string) => {
		try {
			baseUrlFromCredentials({ region: 'custom', baseUrl }, node);
		} catch (error) {
			const { message, description } = error as Error & { description?: string };
			return { message, description };
		}
		return undefined;
	};

	test('is refused before any request (n8n would send it as Basic auth instead of the key), the password never quoted', () => {
		expect(refusal('https://ana:s3cret@affinda.example.com')).toEqual({
			message:
				'The credential\'s Base URL "https://…@affinda.example.com" holds a user name or password; the node signs in with the API Key only',
			description:
				'Open the Affinda API credential and enter the origin only: https://affinda.example.com',
		});
	});

	test.each([
		'https://ana:s3cret@affinda.example.com/v3',
		'ana:s3cret@affinda.example.com',
		'ftp://ana:s3cret@files.example.com',
		'https://ana:s3cret@@affinda.example.com',
		' https://:s3cret@affinda.example.com/ ',
	])('%s: refused, and no message or description holds the password', (baseUrl) => {
		const refused = refusal(baseUrl);
		expect(refused).toBeDefined();
		expect(JSON.stringify(refused)).not.toContain('s3cret');
	});
});

describe('retries', () => {
	test('429 and 503 wait Retry-After seconds, or back off without it, for any request', () => {
		expect(retryDelayMs({ status: 429, retryAfterSeconds: 2 }, 0, false)).toBe(2000);
		expect(retryDelayMs({ status: 429 }, 1, false)).toBe(1000);
		expect(retryDelayMs({ status: 503 }, 0, false)).toBe(500);
		expect(retryDelayMs({ status: 503, retryAfterSeconds: 3 }, 2, false)).toBe(3000);
	});

	test('a refused connection was never sent: retried even for an upload', () => {
		expect(retryDelayMs({ networkCode: 'ECONNREFUSED' }, 0, false)).toBe(500);
		expect(retryDelayMs({ networkCode: 'ENOTFOUND' }, 0, true)).toBeUndefined();
	});

	test('a Retry-After beyond two minutes is not waited for', () => {
		expect(retryDelayMs({ status: 429, retryAfterSeconds: 120 }, 0, true)).toBe(120_000);
		expect(retryDelayMs({ status: 429, retryAfterSeconds: 121 }, 0, true)).toBeUndefined();
	});

	test('faults that leave it open are retried only for requests safe to repeat', () => {
		for (const failure of [
			{ status: 500 },
			{ status: 502 },
			{ status: 504 },
			{ networkCode: 'ECONNRESET' },
			{ status: 200, malformed: 'an HTML page' },
		]) {
			expect(retryDelayMs(failure, 0, true)).toBe(500);
			expect(retryDelayMs(failure, 0, false)).toBeUndefined();
		}
		expect(retryDelayMs({ networkCode: 'ECONNRESET' }, 2, true)).toBe(2000);
	});

	test('timeouts, redirects and client errors are never retried; retries stop after three', () => {
		expect(
			retryDelayMs({ networkCode: 'ECONNABORTED', timedOutAfterSeconds: 60 }, 0, true),
		).toBeUndefined();
		expect(
			retryDelayMs({ status: 302, redirectTo: 'https://x.example/' }, 0, true),
		).toBeUndefined();
		expect(retryDelayMs({ status: 400 }, 0, true)).toBeUndefined();
		expect(retryDelayMs({ status: 401 }, 0, true)).toBeUndefined();
		expect(retryDelayMs({ status: 429 }, 3, true)).toBeUndefined();
	});
});

describe('Retry-After', () => {
	const now = Date.parse('2026-03-01T12:00:00Z');
	test.each([
		['30', 30],
		[' 0 ', 0],
		['Sun, 01 Mar 2026 12:00:45 GMT', 45],
		['Sun, 01 Mar 2026 11:00:00 GMT', 0],
		['Mon, 02 Mar 2026 12:00:00 GMT', 86400],
		['soon', undefined],
		['-5', undefined],
		[undefined, undefined],
	])('%p means %p s', (header, seconds) => {
		expect(parseRetryAfter(header, now)).toBe(seconds);
	});

	test.each([
		[45, '45 s'],
		[119, '119 s'],
		// Rounded to minutes, a wait just over the node's limit (120 s) would read as within it.
		[121, '121 s (about 2 minutes)'],
		[150, '150 s (about 3 minutes)'],
		[600, '10 minutes'],
		[3601, '1 hour'],
		[3600, '1 hour'],
		[86400, '24 hours'],
		[864000, '10 days'],
	])('%i s reads "%s"', (seconds, words) => {
		expect(formatWait(seconds)).toBe(words);
	});
});

describe('page shape', () => {
	test.each([
		[{ count: 1, next: null, results: [{ a: 1 }] }, undefined],
		[{ results: [] }, undefined],
		['<html>', 'no JSON object'],
		[[{ a: 1 }], 'a list instead of a page of results'],
		[{ count: 3 }, 'a JSON object without a "results" list'],
		[{ results: [1] }, 'a "results" list holding something other than objects'],
		[{ results: [], count: -1 }, 'a "count" of -1, which is no number of results'],
		[{ results: [], count: 1.5 }, 'a "count" of 1.5, which is no number of results'],
		// A count that is no number at all is a page still: the pager follows `next` without it.
		[{ results: [], count: 'many' }, undefined],
		[{ results: [], count: '3' }, undefined],
		[{ results: [], next: 5 }, 'a "next" of 5, which is no link'],
	])('%j: %p', (body, problem) => {
		expect(pageProblem(body)).toBe(problem);
	});
});

const request = (path: string, extra: Partial<FailedRequest> = {}): FailedRequest => ({
	method: 'GET',
	path,
	origin: 'https://api.affinda.com',
	idempotent: true,
	advice: REPEATABLE,
	...extra,
});

describe('service errors in words', () => {
	test('joins each error with its attribute, hiding non_field_errors', () => {
		expect(
			serviceErrorDetail({
				type: 'validation_error',
				errors: [
					{
						attr: 'skillsWeight',
						code: 'max_value',
						detail: 'Ensure this value is less than or equal to 1.',
					},
					ALREADY_IN_INDEX,
					{ attr: null, code: 'invalid' },
				],
			}),
		).toBe(
			'skillsWeight: Ensure this value is less than or equal to 1.; The fields document, index must make a unique set.; invalid',
		);
		expect(serviceErrorDetail({ detail: 'Not found.' })).toBe('Not found.');
		expect(serviceErrorDetail(undefined)).toBeUndefined();
	});

	test.each([
		[404, 'Affinda found nothing at /v3/documents/abc: Not found.', /identifier/],
		[403, 'Affinda refused access: Not found.', /admin/],
		[500, 'Affinda could not process the request (HTTP 500): Not found.', /safe/],
	])('HTTP %i reads "%s"', (status, message, description) => {
		const error = toNodeApiError(
			node,
			{ status, body: { detail: 'Not found.' } },
			request('/v3/documents/abc'),
		);
		expect(error.message).toBe(message);
		expect(error.description).toMatch(description);
		expect(error.description).not.toMatch(/Retry On Fail/);
		expect(error.httpCode).toBe(String(status));
	});

	test('a short plain-text answer is quoted, an HTML page is not', () => {
		expect(
			toNodeApiError(node, { status: 502, text: 'upstream timed out' }, request('/v3/index'))
				.message,
		).toBe('Affinda could not process the request (HTTP 502): upstream timed out');
		expect(
			toNodeApiError(node, { status: 502, text: '<html>Bad gateway</html>' }, request('/v3/index'))
				.message,
		).toBe('Affinda could not process the request (HTTP 502)');
	});

	test('the API key is taken out of anything quoted from the answer', () => {
		const error = toNodeApiError(
			node,
			{ status: 400, body: { detail: 'bad header Bearer sk-secret-1' } },
			request('/v3/index'),
			1,
			'sk-secret-1',
		);
		expect(error.message).toBe('Affinda rejected the request: bad header Bearer [API key]');
		expect(JSON.stringify(error.context)).not.toContain('sk-secret-1');
	});
});

describe("a request n8n's SSRF protection blocks", () => {
	const blocked = (error: unknown, origin = 'http://127.0.0.2:4010') => {
		const failure = describeConnectionFailure(error);
		return {
			failure,
			retryDelay: retryDelayMs(failure, 0, true),
			error: toNodeApiError(node, failure, request('/v3/documents/abc', { origin })),
		};
	};
	const ALLOW_HINT =
		"If this Affinda address is meant to be reached (a self-hosted install, a dedicated tenant), the n8n administrator allows it in n8n's environment: N8N_SSRF_ALLOWED_HOSTNAMES for a host name, N8N_SSRF_ALLOWED_IP_RANGES for an IP address or range (a URL written with an IP address needs the IP range). Otherwise check the Region or Base URL of the Affinda API credential.";

	test('before sending (a URL with an IP address): blocked, nothing sent, not retried; names the host and the allow-lists', () => {
		const { failure, retryDelay, error } = blocked(new SsrfBlockedIpError('127.0.0.2'));
		expect(failure).toEqual({ blockedBySsrf: { ip: '127.0.0.2' } });
		expect(retryDelay).toBeUndefined();
		expect(error.message).toBe(
			"n8n's SSRF protection blocked GET /v3/documents/abc to 127.0.0.2:4010",
		);
		expect(error.description).toBe(
			`Nothing was sent, and running again will not help while n8n blocks this address. ${ALLOW_HINT}`,
		);
		expect(error.message + String(error.description)).not.toMatch(/dropped|Run again later/);
	});

	test('a host name that resolves to a blocked address: both are named', () => {
		const { error } = blocked(
			new SsrfBlockedIpError('10.1.2.3'),
			'https://affinda.internal.example',
		);
		expect(error.message).toBe(
			"n8n's SSRF protection blocked GET /v3/documents/abc to affinda.internal.example (10.1.2.3)",
		);
	});

	test('a host name on the deny-list', () => {
		const { failure, retryDelay, error } = blocked(
			new SsrfBlockedHostnameError('affinda.internal.example'),
			'https://affinda.internal.example',
		);
		expect(failure).toEqual({ blockedBySsrf: {} });
		expect(retryDelay).toBeUndefined();
		expect(error.message).toBe(
			"n8n's SSRF protection blocked GET /v3/documents/abc to affinda.internal.example",
		);
	});

	test('found as the cause of the error n8n wraps it in (at connect time, or through httpRequestWithAuthentication)', () => {
		const ssrf = new SsrfBlockedIpError('127.0.0.2');
		const atConnect = Object.assign(new Error('connect failed'), { code: undefined, cause: ssrf });
		expect(describeConnectionFailure(atConnect)).toEqual({ blockedBySsrf: { ip: '127.0.0.2' } });
		// n8n-workflow's NodeApiError keeps only the message of what it wraps.
		expect(
			describeConnectionFailure(new NodeApiError(node, ssrf as unknown as JsonObject)),
		).toEqual({ blockedBySsrf: {} });
		expect(
			describeConnectionFailure(
				new NodeApiError(node, new SsrfBlockedHostnameError('x.example') as unknown as JsonObject),
			),
		).toEqual({ blockedBySsrf: {} });
	});

	test('nothing of the request is kept', () => {
		const ssrf = Object.assign(new SsrfBlockedIpError('127.0.0.2'), {
			config: { headers: { Authorization: 'Bearer sk-secret-1' } },
		});
		expect(JSON.stringify(describeConnectionFailure(ssrf))).not.toContain('sk-secret-1');
	});
});

describe('text from the service or the credential is read in linear time', () => {
	test('the <title> of an unexpected HTML page: found without a pattern, however the page is built', () => {
		const hostile = `<html>${'<title'.repeat(30_000)}`;
		let said = '';
		expect(longestTextMatched(() => (said = describeText(hostile)))).toBe(0);
		expect(said).toBe('an HTML page');
		const proxyPage =
			'<!DOCTYPE html><html><head><TITLE lang="en"> 502 Bad Gateway </TITLE></head><body>nginx</body></html>';
		expect(describeText(proxyPage)).toBe('an HTML page ("502 Bad Gateway")');
		expect(describeText(`<html><title>${'x'.repeat(81)}</title>`)).toBe('an HTML page');
	});

	test("the Base URL's trailing slashes are stripped without a pattern", () => {
		const slashes = '/'.repeat(30_000);
		let thrown: Error | undefined;
		const longest = longestTextMatched(() => {
			try {
				baseUrlFromCredentials(
					{ region: 'custom', baseUrl: `https://affinda.example.com${slashes}x` },
					node,
				);
			} catch (error) {
				thrown = error as Error;
			}
		});
		// Only short text (the error's own words) meets a pattern, never the 30,000 slashes.
		expect(longest).toBeLessThanOrEqual(100);
		expect(thrown?.message).toMatch(/has a path; the node adds/);
		expect(
			baseUrlFromCredentials(
				{ region: 'custom', baseUrl: `https://affinda.example.com${slashes}` },
				node,
			),
		).toBe('https://affinda.example.com');
	});
});

describe('which file links Download fetches (fileLinkRefusal)', () => {
	const AFFINDA = 'https://api.affinda.com';
	test.each([
		['https://storage.example/media/cv.pdf?Signature=x', AFFINDA],
		['https://api.affinda.com/files/cv.pdf', AFFINDA],
		['http://storage.example/cv.pdf', 'http://127.0.0.1:4010'],
		['http://127.0.0.1:4010/files/cv.pdf', 'http://127.0.0.1:4010'],
		['https://[2606:4700::1]/cv.pdf', AFFINDA],
		['https://8.8.8.8/cv.pdf', AFFINDA],
	])('%s is fetched (Base URL %s)', (link, base) => {
		expect(fileLinkRefusal(link, base)).toBeUndefined();
	});

	test.each([
		[
			'http://storage.example/cv.pdf',
			'on http://storage.example: the node fetches file links over https only (http only when the Base URL is http)',
		],
		['https://api.affinda.com:8443/cv.pdf', undefined],
		['https://172.20.0.5/cv.pdf', 'on https://172.20.0.5, a private address'],
		['https://100.64.1.1/cv.pdf', 'on https://100.64.1.1, a private address'],
		['https://[fe80::1]/cv.pdf', 'on https://[fe80::1], a link-local address'],
		['https://[fd00::1]/cv.pdf', 'on https://[fd00::1], a private address'],
		['https://[::]/cv.pdf', 'on https://[::], an unspecified address'],
		['https://0.0.0.0/cv.pdf', 'on https://0.0.0.0, an unspecified address'],
		[
			'https://[64:ff9b::a9fe:a9fe]/latest',
			'on https://[64:ff9b::a9fe:a9fe], a link-local address',
		],
		['https://[::7f00:1]/cv.pdf', 'on https://[::7f00:1], a loopback address'],
		['https://[::a9fe:a9fe]/latest', 'on https://[::a9fe:a9fe], a link-local address'],
		['https://[::ffff:0:7f00:1]/cv.pdf', 'on https://[::ffff:0:7f00:1], a loopback address'],
		['https://[::ffff:0:a00:1]/cv.pdf', 'on https://[::ffff:0:a00:1], a private address'],
		['https://api.localhost/cv.pdf', 'on https://api.localhost, a loopback address'],
		['https://0177.0.0.1/cv.pdf', 'on https://127.0.0.1, a loopback address'],
	])('%s is refused under an https Base URL, saying where', (link, words) => {
		const refusal = fileLinkRefusal(link, AFFINDA);
		if (words === undefined) expect(refusal).toBeUndefined();
		else expect(refusal).toContain(words);
	});
});
