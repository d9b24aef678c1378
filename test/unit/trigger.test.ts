import { createHmac } from 'node:crypto';

import { AffindaTrigger } from '../../nodes/AffindaTrigger/AffindaTrigger.node';
import { parseEvent } from '../../nodes/AffindaTrigger/eventBody';
import { SeenEvents } from '../../nodes/AffindaTrigger/seenEvents';
import { isWithinWindow, verifySignature } from '../../nodes/AffindaTrigger/signature';
import { RESTHOOK_EVENTS } from '../emulator/webhooks';
import {
	DOCUMENT_EVENTS,
	documentState,
	eventItem,
	type AffindaEvent,
} from '../../nodes/shared/documentEvents';

const KEY = '3f9c2a'.padEnd(64, '7');
const BODY = Buffer.from(
	JSON.stringify({
		id: 'e3bd1942-0000-4000-a000-000000000001',
		event: 'document.parse.succeeded',
		timestamp: 1_765_000_000,
		payload: { identifier: 'abcdXYZ', ready: true, failed: false },
	}),
);
const hex = (key: string, body: Buffer) => createHmac('sha256', key).update(body).digest('hex');

describe('the signature over the raw body', () => {
	const header = `1765000000.${hex(KEY, BODY)}`;

	test('a correct signature is valid, whatever case its hex digits are in', () => {
		expect(verifySignature(KEY, BODY, header)).toBe('valid');
		expect(verifySignature(KEY, BODY, header.toUpperCase())).toBe('valid');
		expect(verifySignature(KEY, BODY, ` ${header} `)).toBe('valid');
	});

	test('another key, or a body altered by one byte anywhere, does not match', () => {
		expect(verifySignature('another-key', BODY, header)).toBe('mismatch');
		for (const position of [0, Math.floor(BODY.length / 2), BODY.length - 1]) {
			const altered = Buffer.from(BODY);
			altered[position] ^= 0x20;
			expect(verifySignature(KEY, altered, header)).toBe('mismatch');
		}
		// The body as the parsed-and-reprinted JSON n8n would give: bytes differ, so it must not pass.
		const reprinted = Buffer.from(JSON.stringify(JSON.parse(BODY.toString()), null, 1));
		expect(verifySignature(KEY, reprinted, header)).toBe('mismatch');
	});

	test('a missing header is missing; anything not <timestamp>.<64 hex> is malformed', () => {
		expect(verifySignature(KEY, BODY, undefined)).toBe('missing');
		expect(verifySignature(KEY, BODY, '')).toBe('missing');
		const signature = hex(KEY, BODY);
		for (const malformed of [
			signature, // no timestamp
			`1765000000${signature}`, // no dot
			`1765000000.${signature.slice(1)}`, // 63 digits
			`1765000000.${signature}0`, // 65 digits
			`1765000000.${signature.slice(1)}g`, // not hex
			`abc.${signature}`, // timestamp not a number
			`1765000000.sha256=${signature}`,
			`1765000000.${signature}.extra`,
		]) {
			expect([malformed, verifySignature(KEY, BODY, malformed)]).toEqual([malformed, 'malformed']);
		}
		// Two signature headers: refused rather than one picked.
		expect(verifySignature(KEY, BODY, [`1.${signature}`, `2.${signature}`])).toBe('malformed');
	});
});

describe('the replay window', () => {
	const now = 1_765_000_000_000;
	test('inclusive at its edges, either side of now', () => {
		expect(isWithinWindow(now / 1000, now, 300)).toBe(true);
		expect(isWithinWindow(now / 1000 - 300, now, 300)).toBe(true);
		expect(isWithinWindow(now / 1000 + 300, now, 300)).toBe(true);
		expect(isWithinWindow(now / 1000 - 301, now, 300)).toBe(false);
		expect(isWithinWindow(now / 1000 + 301, now, 300)).toBe(false);
	});
});

describe('remembered event ids', () => {
	test('an id is claimed once while remembered, and again once it has expired', () => {
		const seen = new SeenEvents(10);
		expect(seen.claim('a', 0, 1000)).toBe(true);
		expect(seen.claim('a', 999, 1000)).toBe(false);
		expect(seen.claim('a', 1000, 1000)).toBe(true);
		expect(seen.claim('a', 1500, 1000)).toBe(false);
	});

	test('memory stays bounded: the oldest ids go first, expired ones are dropped as it goes', () => {
		const seen = new SeenEvents(3);
		for (const id of ['a', 'b', 'c', 'd']) seen.claim(id, 0, 60_000);
		expect(seen.size).toBe(3);
		expect(seen.claim('a', 1, 60_000)).toBe(true); // forgotten to make room
		expect(seen.claim('d', 1, 60_000)).toBe(false); // still remembered
		seen.claim('e', 120_000, 60_000);
		expect(seen.size).toBe(1); // the rest expired
	});

	test('a released id (its run failed to start) can be claimed by the retry', () => {
		const seen = new SeenEvents(3);
		seen.claim('a', 0, 1000);
		seen.release('a');
		expect(seen.claim('a', 1, 1000)).toBe(true);
	});
});

describe('the item an event becomes', () => {
	const event = (overrides: Partial<AffindaEvent> = {}): AffindaEvent => ({
		id: 'evt-1',
		event: 'document.parse.succeeded',
		timestamp: 1_765_000_000,
		payload: {
			identifier: 'abcdXYZ',
			customIdentifier: 'careers-4711',
			ready: true,
			failed: false,
			fileName: 'cv.pdf',
			workspace: { identifier: 'wsRecruit', name: 'Recruitment' },
		},
		...overrides,
	});

	test('what one maps most sits at the top level; the payload as sent below it', () => {
		expect(eventItem(event(), true)).toEqual({
			event: 'document.parse.succeeded',
			eventId: 'evt-1',
			time: '2025-12-06T05:46:40.000Z',
			identifier: 'abcdXYZ',
			customIdentifier: 'careers-4711',
			fileName: 'cv.pdf',
			state: 'ready',
			workspace: 'wsRecruit',
			verified: true,
			payload: event().payload,
		});
		expect(eventItem(event(), false, { meta: { identifier: 'abcdXYZ' } })).toMatchObject({
			verified: false,
			document: { meta: { identifier: 'abcdXYZ' } },
		});
	});

	test("the fetched document's meta fills what the payload lacks; the payload wins where both have it", () => {
		const meta = {
			identifier: 'abcdXYZ',
			customIdentifier: 'from-meta',
			fileName: 'meta.pdf',
			ready: true,
			failed: false,
			workspace: { identifier: 'wsMeta', name: 'Meta' },
		};
		const item = eventItem(
			event({ payload: { identifier: 'abcdXYZ', fileName: 'cv.pdf' } }),
			true,
			{
				meta,
			},
		);
		expect(item).toMatchObject({
			identifier: 'abcdXYZ',
			customIdentifier: 'from-meta',
			fileName: 'cv.pdf',
			state: 'ready',
			workspace: 'wsMeta',
			payload: { identifier: 'abcdXYZ', fileName: 'cv.pdf' },
		});
	});

	test('fields the payload lacks are null, never missing', () => {
		expect(eventItem(event({ event: 'annotation.validated', payload: {} }), true)).toEqual({
			event: 'annotation.validated',
			eventId: 'evt-1',
			time: '2025-12-06T05:46:40.000Z',
			identifier: null,
			customIdentifier: null,
			fileName: null,
			state: null,
			workspace: null,
			verified: true,
			payload: {},
		});
		expect(
			eventItem(
				event({ payload: { document: 'docId', meta: { workspace: { identifier: 'w' } } } }),
				true,
			),
		).toMatchObject({ identifier: 'docId', workspace: 'w' });
	});

	test("state: the service's own, else what the event or the flags say", () => {
		expect(documentState('document.parse.completed', { state: 'review', ready: true })).toBe(
			'review',
		);
		expect(documentState('document.rejected', { ready: true })).toBe('rejected');
		expect(documentState('document.validate.completed', {})).toBe('validated');
		expect(documentState('invoice.validate.completed', {})).toBe('validated');
		expect(documentState('document.parse.failed', { ready: true, failed: true })).toBe('failed');
		expect(documentState('document.classify.succeeded', { ready: false })).toBe('processing');
	});

	test('a body is an event only with a string event and a numeric timestamp', () => {
		expect(parseEvent(BODY)).toEqual({
			id: 'e3bd1942-0000-4000-a000-000000000001',
			event: 'document.parse.succeeded',
			timestamp: 1_765_000_000,
			payload: { identifier: 'abcdXYZ', ready: true, failed: false },
		});
		expect(parseEvent(Buffer.from('{"event":"x","timestamp":"1765000000"}'))).toMatchObject({
			timestamp: 1_765_000_000,
			payload: {},
		});
		for (const bad of [
			'',
			'not json',
			'[]',
			'{"event":"x"}',
			'{"timestamp":1}',
			'{"event":"x","timestamp":"soon"}',
		])
			expect(parseEvent(Buffer.from(bad))).toBeUndefined();
	});
});

describe('the node as the editor shows it', () => {
	const { description } = new AffindaTrigger();

	test('all 16 service events, the modern first and the legacy ones together under "Legacy:"', () => {
		expect(DOCUMENT_EVENTS.map((event) => event.value).sort()).toEqual([...RESTHOOK_EVENTS].sort());
		const names = DOCUMENT_EVENTS.map((event) => event.name);
		expect(names).toEqual([...names].sort());
		const legacy = DOCUMENT_EVENTS.filter((event) => /^(resume|invoice)\./.test(event.value));
		expect(legacy.map((event) => event.name.startsWith('Legacy: '))).toEqual(
			legacy.map(() => true),
		);
		expect(names.slice(-legacy.length)).toEqual(legacy.map((event) => event.name));
	});

	test('a trigger with one POST webhook and the Affinda credential', () => {
		expect(description).toMatchObject({
			name: 'affindaTrigger',
			group: ['trigger'],
			inputs: [],
			credentials: [{ name: 'affindaApi', required: true }],
			webhooks: [{ name: 'default', httpMethod: 'POST', path: 'webhook' }],
		});
		expect(description.properties.map((property) => property.name)).toEqual([
			'events',
			'scope',
			'workspace',
			'organization',
			'fetchDocument',
			'output',
			'options',
		]);
	});
});
