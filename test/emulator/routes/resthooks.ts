// Resthook subscriptions: create (then the X-Hook-Secret handshake), activate, list, get, update,
// delete.

import type { App } from '../app';
import { fieldError, notFound, pageOf, readPaging, validationError, type ErrorItem } from '../http';
import type { Router, RequestContext, Reply } from '../router';
import { objectOf, str, validate } from '../validation';
import { subscriptionView } from '../views';
import { RESTHOOK_EVENTS, RESTHOOK_VERSIONS, type Subscription } from '../webhooks';

const SCOPE_FIELDS = {
	event: str({ enum: RESTHOOK_EVENTS }),
	organization: str(),
	workspace: str(),
	version: str({ enum: RESTHOOK_VERSIONS }),
};
const SUBSCRIPTION_CREATE = objectOf(
	{ targetUrl: str({ format: 'url' }), ...SCOPE_FIELDS },
	{ required: ['targetUrl', 'event'] },
);
const SUBSCRIPTION_UPDATE = objectOf(SCOPE_FIELDS);

type ScopeInput = { organization?: string; workspace?: string };

function scopeErrors(app: App, input: ScopeInput): ErrorItem[] {
	const errors: ErrorItem[] = [];
	if (
		input.organization !== undefined &&
		input.organization !== app.store.organization.identifier
	) {
		errors.push({
			attr: 'organization',
			code: 'does_not_exist',
			detail: `Object with identifier=${input.organization} does not exist.`,
		});
	}
	if (input.workspace !== undefined && !app.store.workspace(input.workspace)) {
		errors.push({
			attr: 'workspace',
			code: 'does_not_exist',
			detail: `Object with identifier=${input.workspace} does not exist.`,
		});
	}
	return errors;
}

function subscriptionFromPath(app: App, ctx: RequestContext): Subscription {
	const subscription = /^\d+$/.test(ctx.params.id)
		? app.webhooks.get(Number(ctx.params.id))
		: undefined;
	if (!subscription) throw notFound();
	return subscription;
}

function createSubscription(app: App) {
	return (ctx: RequestContext): Reply => {
		const body = ctx.json();
		const errors = validate(body, SUBSCRIPTION_CREATE);
		if (errors.length === 0) errors.push(...scopeErrors(app, body as ScopeInput));
		if (errors.length > 0) throw validationError(errors);
		const input = body as {
			targetUrl: string;
			event: Subscription['event'];
			organization?: string;
			workspace?: string;
			version?: Subscription['version'];
		};
		// An organization-scoped hook by default: the only organization there is.
		const subscription = app.webhooks.create({
			targetUrl: input.targetUrl,
			event: input.event,
			organization: input.workspace
				? null
				: (input.organization ?? app.store.organization.identifier),
			workspace: input.workspace ?? null,
			version: input.version ?? 'v3',
		});
		app.webhooks.handshake(subscription);
		return { status: 201, body: subscriptionView(app.store, subscription) };
	};
}

function activateSubscription(app: App) {
	return (ctx: RequestContext): Reply => {
		const header = ctx.headers['x-hook-secret'];
		const secret = Array.isArray(header) ? header[0] : header;
		if (!secret)
			throw fieldError('X-Hook-Secret', 'required', 'The X-Hook-Secret header is required.');
		const subscription = app.webhooks.activate(secret);
		if (!subscription)
			throw fieldError('X-Hook-Secret', 'invalid', 'No subscription has this X-Hook-Secret.');
		return { status: 200, body: subscriptionView(app.store, subscription) };
	};
}

function updateSubscription(app: App) {
	return (ctx: RequestContext): Reply => {
		const subscription = subscriptionFromPath(app, ctx);
		const body = ctx.json();
		const errors = validate(body, SUBSCRIPTION_UPDATE);
		if (errors.length === 0) errors.push(...scopeErrors(app, body as ScopeInput));
		if (errors.length > 0) throw validationError(errors);
		const update = body as Partial<Pick<Subscription, 'event' | 'version'>> & ScopeInput;
		if (update.event) subscription.event = update.event;
		if (update.version) subscription.version = update.version;
		if (update.workspace !== undefined) {
			subscription.workspace = update.workspace;
			subscription.organization = null;
		} else if (update.organization !== undefined) {
			subscription.organization = update.organization;
			subscription.workspace = null;
		}
		return { status: 200, body: subscriptionView(app.store, subscription) };
	};
}

export function registerResthookRoutes(router: Router, app: App): void {
	router.add('GET', '/v3/resthook_subscriptions', (ctx) => {
		const listed = pageOf(app.webhooks.list(), readPaging(ctx.query, 100), (limit, offset) =>
			ctx.pageUrl(limit, offset),
		);
		return {
			status: 200,
			body: { ...listed, results: listed.results.map((s) => subscriptionView(app.store, s)) },
		};
	});
	router.add('POST', '/v3/resthook_subscriptions', createSubscription(app));
	router.add('POST', '/v3/resthook_subscriptions/activate', activateSubscription(app));
	router.add('GET', '/v3/resthook_subscriptions/{id}', (ctx) => ({
		status: 200,
		body: subscriptionView(app.store, subscriptionFromPath(app, ctx)),
	}));
	router.add('PATCH', '/v3/resthook_subscriptions/{id}', updateSubscription(app));
	router.add('DELETE', '/v3/resthook_subscriptions/{id}', (ctx) => {
		app.webhooks.delete(subscriptionFromPath(app, ctx).id);
		return { status: 204 };
	});
}
