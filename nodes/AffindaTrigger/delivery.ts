import { createHash } from 'node:crypto';

import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { documentPath } from '../shared/service';
import { affindaApiRequest } from '../shared/transport/request';
import { parseEvent } from './eventBody';
import { takeHandshake, triggerKey } from './handshakes';
import { seenEvents } from './seenEvents';
import { isWithinWindow, verifySignature, type SignatureVerdict } from './signature';
import { readTriggerSettings } from './settings';
import { documentIdentifier, eventItem } from '../shared/documentEvents';

/**
 * What the service POSTs to the trigger's URL, in the order it is checked: the handshake that
 * activates a new subscription; then, for events, the signature over the raw bytes, the signed
 * timestamp against the replay window, and the event id against those already passed on. Only
 * an event that passes all of them starts the workflow; a refused one is answered 401.
 */

/** The X-Hook-Secret is a 64-hex token; anything far from that is not the service's. */
const HOOK_SECRET = /^[A-Za-z0-9_-]{16,256}$/;

/** The service's event ids are UUIDs (36 characters); one far longer is not the service's. */
const MAX_EVENT_ID_LENGTH = 128;

const REFUSALS: Record<Exclude<SignatureVerdict, 'valid'>, string> = {
	missing: 'the X-Hook-Signature header is missing',
	malformed: 'the X-Hook-Signature header is not <timestamp>.<64 hex digits>',
	mismatch: 'the signature does not match the body and the Webhook Signature Key',
};

function headerValue(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

function answer(this: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = this.getResponseObject();
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify({ message }));
	return { noWebhookResponse: true };
}

function refuse(this: IWebhookFunctions, status: number, reason: string): IWebhookResponseData {
	this.logger.warn(`Affinda Trigger "${this.getNode().name}" refused a delivery: ${reason}`);
	return answer.call(this, status, `Refused: ${reason}`);
}

/**
 * The service waits for a 200 before it counts the handshake as answered, then the secret
 * activates the subscription. So: answer first, then activate, once. Only a handshake this node
 * is waiting for is taken (`handshakes.ts`); any other is refused and sends nothing. A failure
 * here surfaces in create(), which waits for the subscription to turn active.
 */
async function answerHandshake(
	this: IWebhookFunctions,
	secret: string,
): Promise<IWebhookResponseData> {
	if (!HOOK_SECRET.test(secret)) return refuse.call(this, 400, 'the X-Hook-Secret is malformed');
	const expected = takeHandshake(triggerKey(this.getWorkflow().id, this.getNode().id));
	if (!expected) {
		return refuse.call(this, 403, 'this trigger is not waiting for a handshake');
	}
	const response = answer.call(this, 200, 'Handshake received');
	try {
		const subscription = await affindaApiRequest.call(this, {
			method: 'POST',
			path: '/v3/resthook_subscriptions/activate',
			headers: { 'X-Hook-Secret': secret },
			once: true,
		});
		if (subscription.targetUrl !== expected.targetUrl) {
			this.logger.warn(
				`Affinda Trigger "${this.getNode().name}": a handshake activated subscription ${String(subscription.id)}, which is not one this trigger made`,
			);
		}
	} catch (error) {
		this.logger.warn(
			`Affinda Trigger "${this.getNode().name}" could not activate its subscription: ${(error as Error).message}`,
		);
	}
	return response;
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const req = this.getRequestObject();
	const secret = headerValue(req.headers['x-hook-secret']);
	if (secret !== undefined) return await answerHandshake.call(this, secret.trim());

	const settings = await readTriggerSettings.call(this);
	// n8n has read the bytes already for a JSON body; for any other it reads them on request.
	if (!req.rawBody) await req.readRawBody();
	const rawBody = req.rawBody ?? Buffer.alloc(0);

	let verified = false;
	if (settings.signatureKey !== '') {
		const verdict = verifySignature(
			settings.signatureKey,
			rawBody,
			req.headers['x-hook-signature'],
		);
		if (verdict !== 'valid') return refuse.call(this, 401, REFUSALS[verdict]);
		verified = true;
	} else if (settings.requireSignature) {
		return refuse.call(
			this,
			401,
			'the credential has no Webhook Signature Key and Require Signature is on',
		);
	}

	const event = parseEvent(rawBody);
	if (!event) return refuse.call(this, 400, 'the body is not an Affinda event');
	// Ids are remembered for the replay window: an unsigned caller must not fill memory with them.
	if (event.id !== undefined && event.id.length > MAX_EVENT_ID_LENGTH) {
		return refuse.call(
			this,
			400,
			`the event id is longer than ${MAX_EVENT_ID_LENGTH} characters (${event.id.length})`,
		);
	}
	const now = Date.now();
	if (!isWithinWindow(event.timestamp, now, settings.replayWindowSeconds)) {
		return refuse.call(
			this,
			401,
			`the event's timestamp ${event.timestamp} is outside the replay window of ${settings.replayWindowSeconds / 60} min`,
		);
	}
	const events = this.getNodeParameter('events', []) as string[];
	if (!events.includes(event.event)) {
		// Not one this node asked for (a subscription left from an earlier setting): acknowledged,
		// so the service does not retry it, and nothing starts.
		return answer.call(this, 200, `Ignored: ${event.event} is not one of this trigger's events`);
	}

	// An event without an id is known by its body: a replay of the same bytes (signed, with the
	// timestamp inside them) within the window is the same event.
	const eventKey = event.id ?? `body:${createHash('sha256').update(rawBody).digest('base64url')}`;
	const named =
		event.id === undefined ? 'this event (the same body, without an id)' : `event ${event.id}`;
	const seenKey = `${this.getWorkflow().id ?? ''}/${this.getNode().id}/${eventKey}`;
	if (!seenEvents.claim(seenKey, now, settings.replayWindowSeconds * 1000)) {
		// A retry while the first delivery is still fetching its document: that one may yet fail,
		// so this one is not acknowledged, and the service delivers again later.
		if (seenEvents.isReceiving(seenKey)) {
			return answer.call(this, 409, `Still receiving: ${named}; deliver it again later`);
		}
		return answer.call(this, 200, `Already received: ${named}`);
	}
	// The event counts as received only once its item is built: a fetch or a row that fails
	// releases it, so the service's retry (after the error answer) starts the run.
	let json: IDataObject | undefined;
	try {
		const document = await fetchDocumentIfAsked.call(this, event.payload);
		const item = eventItem(event, verified, document);
		// The item's fields come from the whole document; "document" is as Output asks.
		if (document) item.document = settings.documentAsAsked(document);
		json = item;
	} finally {
		if (json) seenEvents.received(seenKey);
		else seenEvents.release(seenKey);
	}
	return { workflowData: [[{ json }]] };
}

async function fetchDocumentIfAsked(
	this: IWebhookFunctions,
	payload: IDataObject,
): Promise<IDataObject | null | undefined> {
	if (this.getNodeParameter('fetchDocument', false) !== true) return undefined;
	const identifier = documentIdentifier(payload);
	if (identifier === null) return null;
	return await affindaApiRequest.call(this, {
		method: 'GET',
		path: documentPath(identifier),
	});
}
