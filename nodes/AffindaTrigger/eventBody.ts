import type { IDataObject } from 'n8n-workflow';
import { type AffindaEvent } from '../shared/documentEvents';

/** The event in the body's bytes, or undefined when they are not one. */
export function parseEvent(rawBody: Buffer): AffindaEvent | undefined {
	let body: unknown;
	try {
		body = JSON.parse(rawBody.toString('utf8'));
	} catch {
		return undefined;
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
	const { id, event, timestamp, payload } = body as IDataObject;
	const seconds =
		typeof timestamp === 'string' && /^\d+$/.test(timestamp) ? Number(timestamp) : timestamp;
	if (typeof event !== 'string' || typeof seconds !== 'number' || !Number.isFinite(seconds))
		return undefined;
	return {
		id: typeof id === 'string' || typeof id === 'number' ? String(id) : undefined,
		event,
		timestamp: seconds,
		payload:
			typeof payload === 'object' && payload !== null && !Array.isArray(payload)
				? (payload as IDataObject)
				: {},
	};
}
