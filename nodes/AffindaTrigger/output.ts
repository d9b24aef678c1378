import type { IDataObject } from 'n8n-workflow';

/** An event as the service POSTs it (payload version v3): `{id, event, timestamp, payload}`. */
export interface AffindaEvent {
	id?: string;
	event: string;
	/** Unix seconds, inside the signed body. */
	timestamp: number;
	payload: IDataObject;
}

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

function text(value: unknown): string | null {
	return typeof value === 'string' && value !== '' ? value : null;
}

function objectAt(value: unknown): IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as IDataObject)
		: {};
}

/** The document an event is about: the payload's own fields, or a `document`/`meta` inside it. */
export function documentIdentifier(payload: IDataObject): string | null {
	return (
		text(payload.identifier) ??
		text(payload.document) ??
		text(objectAt(payload.document).identifier) ??
		text(objectAt(payload.meta).identifier)
	);
}

function workspaceIdentifier(payload: IDataObject): string | null {
	return (
		text(payload.workspace) ??
		text(objectAt(payload.workspace).identifier) ??
		text(objectAt(objectAt(payload.meta).workspace).identifier)
	);
}

/**
 * One word for where the document stands: the service's own `state` when the payload has one;
 * else what the event says (rejected, validated); else its flags (failed, ready, processing).
 */
export function documentState(event: string, payload: IDataObject): string | null {
	const stated = text(payload.state) ?? text(objectAt(payload.meta).state);
	if (stated) return stated;
	if (event === 'document.rejected') return 'rejected';
	if (event.endsWith('.validate.completed')) return 'validated';
	if (payload.failed === true) return 'failed';
	if (payload.ready === true) return 'ready';
	if (payload.ready === false) return 'processing';
	return null;
}

/**
 * The item the workflow starts with: what one maps most, at the top; the payload as sent below.
 * The top-level fields come from the payload, or from the fetched document's `meta` where the
 * payload does not carry them.
 */
export function eventItem(
	event: AffindaEvent,
	verified: boolean,
	document?: IDataObject | null,
): IDataObject {
	const { payload } = event;
	const fields: IDataObject = { ...objectAt(document?.meta), ...payload };
	return {
		event: event.event,
		eventId: event.id ?? null,
		time: new Date(event.timestamp * 1000).toISOString(),
		identifier: documentIdentifier(fields),
		customIdentifier: text(fields.customIdentifier),
		fileName: text(fields.fileName),
		state: documentState(event.event, fields),
		workspace: workspaceIdentifier(fields),
		verified,
		payload,
		...(document === undefined ? {} : { document }),
	};
}
