import { createHmac, timingSafeEqual } from 'crypto';

/**
 * Affinda signs each event: `X-Hook-Signature: <timestamp>.<hex HMAC-SHA256(key, raw body)>`,
 * keyed with the organization's Webhook Signature Key. Only the body is signed, so the header's
 * timestamp proves nothing; the replay window reads the `timestamp` inside the signed body.
 */

export type SignatureVerdict = 'valid' | 'missing' | 'malformed' | 'mismatch';

/** A unix-seconds timestamp, a dot, and 64 hex digits (32 bytes of SHA-256). */
const SIGNATURE_HEADER = /^\d{1,15}\.([0-9a-fA-F]{64})$/;

export function verifySignature(
	key: string,
	rawBody: Buffer,
	header: string | string[] | undefined,
): SignatureVerdict {
	if (header === undefined || header === '') return 'missing';
	// A repeated header is not something the service sends: refuse rather than pick one.
	if (Array.isArray(header)) return 'malformed';
	const match = SIGNATURE_HEADER.exec(header.trim());
	if (!match) return 'malformed';
	const expected = createHmac('sha256', Buffer.from(key, 'utf8')).update(rawBody).digest();
	const given = Buffer.from(match[1], 'hex');
	// Both are 32 bytes here; the comparison takes the same time wherever they differ.
	return timingSafeEqual(given, expected) ? 'valid' : 'mismatch';
}

/** Whether a body timestamp (unix seconds) lies within `windowSeconds` of now, either side. */
export function isWithinWindow(timestamp: number, nowMs: number, windowSeconds: number): boolean {
	return Math.abs(nowMs / 1000 - timestamp) <= windowSeconds;
}
