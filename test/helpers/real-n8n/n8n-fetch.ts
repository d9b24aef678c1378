/**
 * fetch for requests to a real n8n: each on a connection of its own, closed after its answer.
 *
 * fetch keeps idle connections and reuses them; n8n closes an idle one after its keep-alive
 * timeout (5 s). On a loaded machine the test process's event loop can be busy at the moment n8n
 * closes it, so the next request is written to a socket whose close has arrived but not yet been
 * read, and dies unanswered ("fetch failed", "other side closed"): the first request after a wait,
 * e.g. createWorkflow after a slow set-up. A connection per request (loopback: a fraction of a
 * millisecond) leaves nothing to go stale; the request is never sent twice, so a POST stays safe.
 */
export async function n8nFetch(url: string, init: RequestInit = {}): Promise<Response> {
	const headers = new Headers(init.headers);
	headers.set('connection', 'close');
	return await fetch(url, { ...init, headers });
}
