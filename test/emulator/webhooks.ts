/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// Resthook subscriptions as the service runs them: on creation a POST to the target with
// X-Hook-Secret (the receiver answers 200, then activates with that secret); once active, events
// are POSTed signed with X-Hook-Signature: `<timestamp>.<hex HMAC-SHA256(key, raw body)>`, where
// the key is the organization's resthookSignatureKey. A 410 answer deletes the subscription; other
// failures are retried with backoff and, repeated, deactivate it.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

import { Random } from './random';
import type { Scheduler } from './scheduler';

export const RESTHOOK_EVENTS = [
	'resume.parse.succeeded',
	'resume.parse.failed',
	'resume.parse.completed',
	'invoice.parse.succeeded',
	'invoice.parse.failed',
	'invoice.parse.completed',
	'invoice.validate.completed',
	'document.parse.succeeded',
	'document.parse.failed',
	'document.parse.completed',
	'document.validate.completed',
	'document.classify.succeeded',
	'document.classify.failed',
	'document.classify.completed',
	'document.rejected',
	'annotation.validated',
] as const;
export type ResthookEvent = (typeof RESTHOOK_EVENTS)[number];
export const RESTHOOK_VERSIONS = ['v1', 'v2', 'v3'] as const;

export interface Subscription {
	id: number;
	event: ResthookEvent;
	organization: string | null;
	workspace: string | null;
	targetUrl: string;
	active: boolean;
	autoDeactivated: boolean;
	autoDeactivateReason: string;
	version: (typeof RESTHOOK_VERSIONS)[number];
	/** The X-Hook-Secret sent in the handshake, which activates the subscription. */
	secret: string;
	consecutiveFailures: number;
}

/** One POST the emulator made to a subscriber: the handshake or an event delivery attempt. */
export interface WebhookDelivery {
	kind: 'handshake' | 'event';
	subscriptionId: number;
	event: ResthookEvent;
	targetUrl: string;
	headers: Record<string, string>;
	body: string;
	attempt: number;
	/** The receiver's status, or null when it could not be reached. */
	status: number | null;
	error?: string;
}

export function signBody(key: string, rawBody: string | Buffer): string {
	return createHmac('sha256', Buffer.from(key, 'utf8')).update(rawBody).digest('hex');
}

/** The X-Hook-Signature header value for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(key: string, rawBody: string | Buffer, timestamp: number): string {
	return `${timestamp}.${signBody(key, rawBody)}`;
}

/** What a receiver does: split the header, HMAC the raw body, compare in constant time. */
export function verifySignature(
	key: string,
	rawBody: string | Buffer,
	header: string | undefined,
): boolean {
	const [, signature] = (header ?? '').split('.');
	if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
	return timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(signBody(key, rawBody), 'hex'));
}

export interface WebhookOptions {
	/** Delays before each retry of a failed delivery. */
	retryDelaysMs: number[];
	/** Failed deliveries (after retries) in a row that deactivate a subscription. */
	deactivateAfterFailures: number;
}

export class Webhooks {
	private readonly subscriptions = new Map<number, Subscription>();
	private nextId = 1;
	private eventCount = 0;
	readonly deliveries: WebhookDelivery[] = [];
	private readonly inFlight = new Set<ClientRequest>();

	constructor(
		private readonly seed: number | string,
		private readonly signatureKey: () => string,
		private readonly options: WebhookOptions,
		private readonly scheduler: Scheduler,
	) {}

	create(
		input: Pick<Subscription, 'event' | 'organization' | 'workspace' | 'targetUrl' | 'version'>,
	): Subscription {
		const id = this.nextId++;
		const subscription: Subscription = {
			...input,
			id,
			active: false,
			autoDeactivated: false,
			autoDeactivateReason: '',
			secret: new Random(this.seed, `hook-secret:${id}`).hex(32),
			consecutiveFailures: 0,
		};
		this.subscriptions.set(id, subscription);
		return subscription;
	}

	/** Sends the X-Hook-Secret handshake (after the creation answer has gone out). */
	handshake(subscription: Subscription): void {
		this.scheduler.later(0, () => {
			void this.post(
				subscription,
				'handshake',
				subscription.event,
				'{}',
				{ 'X-Hook-Secret': subscription.secret },
				1,
			);
		});
	}

	activate(secret: string): Subscription | undefined {
		const subscription = [...this.subscriptions.values()].find((s) => s.secret === secret);
		if (subscription) {
			subscription.active = true;
			subscription.autoDeactivated = false;
			subscription.autoDeactivateReason = '';
			subscription.consecutiveFailures = 0;
		}
		return subscription;
	}

	get(id: number): Subscription | undefined {
		return this.subscriptions.get(id);
	}

	list(): Subscription[] {
		return [...this.subscriptions.values()];
	}

	delete(id: number): boolean {
		return this.subscriptions.delete(id);
	}

	/** Fires an event at every active subscription whose scope covers the workspace. */
	emit(
		event: ResthookEvent,
		scope: { organization: string; workspace: string },
		payload: Record<string, unknown>,
	): void {
		for (const subscription of this.subscriptions.values()) {
			if (!subscription.active || subscription.event !== event) continue;
			if (subscription.workspace !== null && subscription.workspace !== scope.workspace) continue;
			if (subscription.organization !== null && subscription.organization !== scope.organization)
				continue;
			const timestamp = Math.floor(Date.now() / 1000);
			const body = JSON.stringify({ id: this.eventId(), event, timestamp, payload });
			const headers = { 'X-Hook-Signature': signatureHeader(this.signatureKey(), body, timestamp) };
			void this.post(subscription, 'event', event, body, headers, 1);
		}
	}

	/** Aborts deliveries in flight (the scheduler, stopped by its owner, cancels retries). */
	stop(): void {
		for (const req of this.inFlight) req.destroy();
		this.inFlight.clear();
	}

	private eventId(): string {
		const hex = new Random(this.seed, `event:${this.eventCount++}`).hex(16);
		return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
	}

	private async post(
		subscription: Subscription,
		kind: WebhookDelivery['kind'],
		event: ResthookEvent,
		body: string,
		extraHeaders: Record<string, string>,
		attempt: number,
	): Promise<void> {
		const headers = {
			'Content-Type': 'application/json',
			'User-Agent': 'affinda-emulator-resthooks',
			...extraHeaders,
		};
		const delivery: WebhookDelivery = {
			kind,
			subscriptionId: subscription.id,
			event,
			targetUrl: subscription.targetUrl,
			headers,
			body,
			attempt,
			status: null,
		};
		this.deliveries.push(delivery);
		try {
			delivery.status = await this.send(subscription.targetUrl, headers, body);
		} catch (error) {
			delivery.error = (error as Error).message;
		}
		if (kind === 'handshake' || this.scheduler.isStopped) return;
		if (delivery.status !== null && delivery.status >= 200 && delivery.status < 300) {
			subscription.consecutiveFailures = 0;
		} else if (delivery.status === 410) {
			this.subscriptions.delete(subscription.id);
		} else if (attempt <= this.options.retryDelaysMs.length) {
			this.scheduler.later(
				this.options.retryDelaysMs[attempt - 1],
				() => void this.post(subscription, kind, event, body, extraHeaders, attempt + 1),
			);
		} else if (++subscription.consecutiveFailures >= this.options.deactivateAfterFailures) {
			subscription.active = false;
			subscription.autoDeactivated = true;
			subscription.autoDeactivateReason = `Resthook fails after ${attempt} retries. The last error received was: ${delivery.status ?? delivery.error}.`;
		}
	}

	private send(targetUrl: string, headers: Record<string, string>, body: string): Promise<number> {
		return new Promise((resolve, reject) => {
			const url = new URL(targetUrl);
			const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
			const req = request(
				url,
				{
					method: 'POST',
					headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
					timeout: 10_000,
				},
				(res) => {
					res.resume();
					res.on('end', () => resolve(res.statusCode ?? 0));
				},
			);
			this.inFlight.add(req);
			req.on('close', () => this.inFlight.delete(req));
			req.on('timeout', () => req.destroy(new Error('timed out')));
			req.on('error', reject);
			req.end(body);
		});
	}
}
