import type { IDataObject, IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { InvalidParameterError } from '../shared/errors';
import { affindaApiRequestAllPages, PAGE_SIZE } from '../shared/transport/pager';
import { affindaApiRequest } from '../shared/transport/request';
import { type RequestAdvice } from '../shared/transport/types';
import { DOCUMENT_EVENTS } from '../shared/documentEvents';
import { expectHandshakes, stopExpecting, triggerKey } from './handshakes';
import { checkSettingsAtActivation } from './settings';

/**
 * The trigger's lifecycle at the service: one resthook subscription per chosen event, all aimed
 * at this node's webhook URL (n8n's public one: production or test). The URL identifies our
 * subscriptions, so no state has to be shared between n8n processes; the ids kept in the node's
 * static data only make the clean-up thorough should the list be unreachable.
 */

const SUBSCRIPTIONS_PATH = '/v3/resthook_subscriptions';
/** The payload shape the node reads (`{id, event, timestamp, payload}`); pinned so it never shifts. */
const PAYLOAD_VERSION = 'v3';
/** How long create() waits for the handshake to activate its subscriptions (tests shorten it). */
export const activationWait = { timeoutMs: 30_000 };
/** Subscribing is not repeated by itself, but activating again is always safe. */
const SUBSCRIBE_ADVICE: RequestAdvice = {
	rerun: 'Activate the workflow again later.',
	ifUncertain:
		'Activate the workflow again later: the trigger first removes any subscription left for its URL.',
};

interface Subscription extends IDataObject {
	id: number;
	event: string;
	targetUrl: string;
	active: boolean;
	autoDeactivated?: boolean;
	organization?: { identifier?: string } | null;
	workspace?: { identifier?: string } | null;
}

type Scope = { workspace: string } | { organization?: string };

interface Wanted {
	targetUrl: string;
	events: string[];
	scope: Scope;
}

const KNOWN_EVENTS = new Set(DOCUMENT_EVENTS.map((event) => event.value));

function parameterError(this: IHookFunctions, error: InvalidParameterError): NodeOperationError {
	return new NodeOperationError(this.getNode(), error.message);
}

function locatorValue(this: IHookFunctions, name: string): string {
	const value = this.getNodeParameter(name, '', { extractValue: true });
	return typeof value === 'string' ? value.trim() : '';
}

/** What the node's parameters ask for, checked before any request. */
function wantedSubscriptions(this: IHookFunctions): Wanted {
	const targetUrl = this.getNodeWebhookUrl('default');
	if (!targetUrl) {
		throw new NodeOperationError(this.getNode(), 'n8n gave this trigger no webhook URL');
	}
	const events = this.getNodeParameter('events', []) as unknown;
	if (!Array.isArray(events) || events.length === 0) {
		throw parameterError.call(
			this,
			new InvalidParameterError('Events', 'events', events, 'at least one event from the list'),
		);
	}
	const unknown = events.find((event) => !KNOWN_EVENTS.has(event as string));
	if (unknown !== undefined) {
		throw parameterError.call(
			this,
			new InvalidParameterError(
				'Events',
				'events',
				unknown,
				`one of ${[...KNOWN_EVENTS].join(', ')}`,
			),
		);
	}
	const scope = this.getNodeParameter('scope', 'workspace') as string;
	if (scope === 'workspace') {
		const workspace = locatorValue.call(this, 'workspace');
		if (workspace === '') {
			throw parameterError.call(
				this,
				new InvalidParameterError('Workspace', 'workspace', workspace, 'a workspace identifier'),
			);
		}
		return { targetUrl, events: [...new Set(events as string[])], scope: { workspace } };
	}
	const organization = locatorValue.call(this, 'organization');
	return {
		targetUrl,
		events: [...new Set(events as string[])],
		scope: organization === '' ? {} : { organization },
	};
}

/** Every subscription the service holds for this URL, whatever its event, scope or state. */
async function subscriptionsFor(this: IHookFunctions, targetUrl: string): Promise<Subscription[]> {
	const all = (await affindaApiRequestAllPages.call(this, {
		method: 'GET',
		path: SUBSCRIPTIONS_PATH,
		qs: { limit: PAGE_SIZE.subscriptions },
	})) as Subscription[];
	return all.filter((subscription) => subscription.targetUrl === targetUrl);
}

function coversScope(subscription: Subscription, scope: Scope): boolean {
	if ('workspace' in scope) return subscription.workspace?.identifier === scope.workspace;
	if (subscription.workspace) return false;
	return scope.organization === undefined
		? true
		: subscription.organization?.identifier === scope.organization;
}

/** Delivers `event` for the scope now: active, and not switched off by the service. */
function serves(subscription: Subscription, wanted: Wanted, event: string): boolean {
	return (
		subscription.event === event &&
		coversScope(subscription, wanted.scope) &&
		subscription.active === true &&
		subscription.autoDeactivated !== true
	);
}

interface TriggerStaticData extends IDataObject {
	subscriptionIds?: number[];
}

function staticDataOf(this: IHookFunctions): TriggerStaticData {
	return this.getWorkflowStaticData('node') as TriggerStaticData;
}

/** n8n asks this first on every activation (and on start-up), so it is where settings are checked. */
export async function subscriptionsExist(this: IHookFunctions): Promise<boolean> {
	const wanted = wantedSubscriptions.call(this);
	await checkSettingsAtActivation.call(this, { warn: true });
	const ours = await subscriptionsFor.call(this, wanted.targetUrl);
	const serving = wanted.events.map((event) =>
		ours.find((subscription) => serves(subscription, wanted, event)),
	);
	if (serving.some((subscription) => subscription === undefined)) return false;
	// Exactly what is wanted and nothing more; anything else is rebuilt by create().
	if (ours.length !== serving.length) return false;
	staticDataOf.call(this).subscriptionIds = ours.map((subscription) => subscription.id);
	return true;
}

export async function createSubscriptions(this: IHookFunctions): Promise<boolean> {
	const wanted = wantedSubscriptions.call(this);
	await checkSettingsAtActivation.call(this, { warn: false });
	// What is left for this URL (switched off by the service, or for other events) goes first:
	// starting from none is simpler than reconciling.
	await deleteSubscriptionsFor.call(this, wanted.targetUrl, []);
	const created: number[] = [];
	let complete = false;
	// The service sends each subscription's handshake as soon as it exists, maybe before its POST
	// is answered: the handshakes are expected from before the first POST.
	const key = triggerKey(this.getWorkflow().id, this.getNode().id);
	const handshakes = expectHandshakes(key, wanted.targetUrl, wanted.events.length);
	try {
		for (const event of wanted.events) {
			const subscription = (await affindaApiRequest.call(this, {
				method: 'POST',
				path: SUBSCRIPTIONS_PATH,
				body: { targetUrl: wanted.targetUrl, event, ...wanted.scope, version: PAYLOAD_VERSION },
				advice: SUBSCRIBE_ADVICE,
			})) as Subscription;
			created.push(subscription.id);
		}
		await waitUntilActive.call(this, created, wanted.targetUrl);
		complete = true;
	} finally {
		stopExpecting(key, handshakes);
		// Nothing half-made stays behind; the error that stopped us is the one reported.
		if (!complete) await cleanUpAfterFailure.call(this, wanted.targetUrl, created);
	}
	staticDataOf.call(this).subscriptionIds = created;
	return true;
}

export async function deleteSubscriptions(this: IHookFunctions): Promise<boolean> {
	const targetUrl = this.getNodeWebhookUrl('default');
	const staticData = staticDataOf.call(this);
	await deleteSubscriptionsFor.call(this, targetUrl, staticData.subscriptionIds ?? []);
	delete staticData.subscriptionIds;
	return true;
}

/** Deletes the known ids, then whatever else the service lists for the URL. */
async function deleteSubscriptionsFor(
	this: IHookFunctions,
	targetUrl: string | undefined,
	knownIds: number[],
): Promise<void> {
	const deleted = new Set<number>();
	for (const id of knownIds) {
		await deleteSubscription.call(this, id);
		deleted.add(id);
	}
	if (!targetUrl) return;
	for (const subscription of await subscriptionsFor.call(this, targetUrl)) {
		if (!deleted.has(subscription.id)) await deleteSubscription.call(this, subscription.id);
	}
}

async function deleteSubscription(this: IHookFunctions, id: number): Promise<void> {
	try {
		await affindaApiRequest.call(this, {
			method: 'DELETE',
			path: `${SUBSCRIPTIONS_PATH}/${id}`,
			// Deleting twice does no harm (the second finds nothing), so a dropped answer may be retried.
			idempotent: true,
		});
	} catch (error) {
		// Already gone (deleted by hand, or by the service after a 410): what we wanted.
		if (error instanceof NodeApiError && error.httpCode === '404') return;
		throw new NodeApiError(this.getNode(), error as JsonObject);
	}
}

/**
 * After a failed activation: what it made goes, and whatever else the URL holds (a POST whose
 * answer was lost may have made one). A failure here is logged, not thrown: the error that
 * stopped the activation is the one to report, and the next activation removes what is left.
 */
async function cleanUpAfterFailure(
	this: IHookFunctions,
	targetUrl: string,
	created: number[],
): Promise<void> {
	try {
		await deleteSubscriptionsFor.call(this, targetUrl, created);
	} catch (error) {
		this.logger.warn(
			`Affinda Trigger could not remove the subscriptions for ${targetUrl} after a failed activation (the next activation removes them): ${(error as Error).message}`,
		);
	}
}

/**
 * The service activates a subscription once the handshake it POSTs to the URL is answered (by
 * this node's webhook, which calls the activate endpoint). Waiting for that here turns a URL the
 * service cannot reach into an activation error instead of a trigger that silently never fires.
 */
async function waitUntilActive(this: IHookFunctions, ids: number[], targetUrl: string) {
	const deadline = Date.now() + activationWait.timeoutMs;
	const pending = new Set(ids);
	for (let delayMs = 100; pending.size > 0; delayMs = Math.min(delayMs * 2, 1000)) {
		for (const id of [...pending]) {
			const subscription = (await affindaApiRequest.call(this, {
				method: 'GET',
				path: `${SUBSCRIPTIONS_PATH}/${id}`,
			})) as Subscription;
			if (subscription.active === true) pending.delete(id);
		}
		if (pending.size === 0) return;
		if (Date.now() >= deadline) {
			throw new NodeOperationError(
				this.getNode(),
				`Affinda did not activate the webhook at ${targetUrl} within ${activationWait.timeoutMs / 1000} s`,
				{
					description:
						"Affinda confirms a new subscription by calling this URL once, and n8n answers it. Check that Affinda can reach n8n at this address: behind a reverse proxy, set n8n's WEBHOOK_URL to its public URL.",
				},
			);
		}
		await sleep(delayMs);
	}
}
