import type { INode } from 'n8n-workflow';

import {
	baseUrlFromCredentials,
	retryDelayMs,
	serviceErrorDetail,
	toNodeApiError,
} from '../../nodes/Affinda/transport';

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
});

describe('retries', () => {
	test('429 waits Retry-After seconds, or backs off without it', () => {
		expect(retryDelayMs({ status: 429, retryAfterSeconds: 2 }, 0, false)).toBe(2000);
		expect(retryDelayMs({ status: 429 }, 1, false)).toBe(1000);
	});

	test('a Retry-After beyond a minute is not waited for', () => {
		expect(retryDelayMs({ status: 429, retryAfterSeconds: 61 }, 0, true)).toBeUndefined();
	});

	test('5xx and resets are retried only for idempotent requests', () => {
		expect(retryDelayMs({ status: 503 }, 0, true)).toBe(500);
		expect(retryDelayMs({ networkCode: 'ECONNRESET' }, 2, true)).toBe(2000);
		expect(retryDelayMs({ status: 503 }, 0, false)).toBeUndefined();
		expect(retryDelayMs({ networkCode: 'ECONNREFUSED' }, 0, true)).toBeUndefined();
	});

	test('client errors are never retried, and retries stop after three', () => {
		expect(retryDelayMs({ status: 400 }, 0, true)).toBeUndefined();
		expect(retryDelayMs({ status: 401 }, 0, true)).toBeUndefined();
		expect(retryDelayMs({ status: 429 }, 3, true)).toBeUndefined();
	});
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
					{
						attr: 'non_field_errors',
						code: 'unique',
						detail: 'The fields document, index must make a unique set.',
					},
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
		[500, 'Affinda could not process the request (HTTP 500): Not found.', /Retry On Fail/],
	])('HTTP %i reads "%s"', (status, message, description) => {
		const error = toNodeApiError(
			node,
			{ status, body: { detail: 'Not found.' } },
			{ method: 'GET', path: '/v3/documents/abc' },
			'https://api.affinda.com/v3/documents/abc',
		);
		expect(error.message).toBe(message);
		expect(error.description).toMatch(description);
		expect(error.httpCode).toBe(String(status));
	});

	test('a short plain-text answer is quoted, an HTML page is not', () => {
		const request = { method: 'GET' as const, path: '/v3/index' };
		const url = 'https://api.affinda.com/v3/index';
		expect(
			toNodeApiError(node, { status: 502, text: 'upstream timed out' }, request, url).message,
		).toBe('Affinda could not process the request (HTTP 502): upstream timed out');
		expect(
			toNodeApiError(node, { status: 502, text: '<html>Bad gateway</html>' }, request, url).message,
		).toBe('Affinda could not process the request (HTTP 502)');
	});
});
