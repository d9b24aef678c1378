/**
 * The handshakes this process waits for. A handshake makes the node call the service with the
 * user's key, and anyone who knows the webhook URL can POST one; so one is taken only while
 * create() is making this node's subscriptions, and at most one per subscription made. Kept in
 * this process: the handshake answers the process that activates (n8n's main process).
 */

export interface ExpectedHandshakes {
	/** The URL the subscriptions were made for: an activated subscription must be for it. */
	targetUrl: string;
	/** Handshakes still to be taken. */
	left: number;
}

const expected = new Map<string, ExpectedHandshakes>();

export function triggerKey(workflowId: string | undefined, nodeId: string): string {
	return `${workflowId ?? ''}/${nodeId}`;
}

/** create() is about to make `count` subscriptions for `targetUrl`: that many handshakes are due. */
export function expectHandshakes(
	key: string,
	targetUrl: string,
	count: number,
): ExpectedHandshakes {
	const handshakes = { targetUrl, left: count };
	expected.set(key, handshakes);
	return handshakes;
}

/** create() is done, or failed: no more handshakes for it. */
export function stopExpecting(key: string, handshakes: ExpectedHandshakes): void {
	if (expected.get(key) === handshakes) expected.delete(key);
}

/** One handshake taken for the node, or undefined when none is due. */
export function takeHandshake(key: string): ExpectedHandshakes | undefined {
	const handshakes = expected.get(key);
	if (!handshakes || handshakes.left <= 0) return undefined;
	handshakes.left -= 1;
	return handshakes;
}
