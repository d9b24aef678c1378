/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a stand-in n8n on loopback */
/**
 * The real-n8n client under a loaded machine: n8n closes an idle connection after its keep-alive
 * timeout, and a request written to it at that moment dies unanswered (a fresh clone's CI on a
 * busy machine lost e2e/trigger's first createWorkflow to "other side closed"). The stand-in n8n
 * here is the worst case, every connection closed the moment a second request arrives on it, so a
 * client that reuses a connection fails every time and one that does not never does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { N8nClient } from '../helpers/real-n8n/n8n-client';
import { E2E_OWNER } from '../helpers/real-n8n/real-n8n';

const ANSWERS: Record<string, unknown> = {
	'POST /rest/owner/setup': { data: {} },
	'POST /rest/login': { data: {} },
	'GET /rest/api-keys/scopes': { data: ['workflow:create'] },
	'POST /rest/api-keys': { data: { rawApiKey: 'n8n-api-key' } },
	'POST /api/v1/workflows': { id: 'wf1', name: 'A workflow', nodes: [], connections: {} },
};

let server: Server;
let baseUrl: string;
const served: string[] = [];
const reusedAndClosed: string[] = [];

beforeAll(async () => {
	const used = new WeakSet<Socket>();
	server = createServer((req, res) => {
		const route = `${req.method} ${req.url}`;
		if (used.has(req.socket)) {
			reusedAndClosed.push(route);
			req.socket.destroy();
			return;
		}
		used.add(req.socket);
		req.resume();
		req.on('end', () => {
			served.push(route);
			res.setHeader('content-type', 'application/json');
			if (route === 'POST /rest/login') res.setHeader('set-cookie', 'n8n-auth=session; Path=/');
			res.end(JSON.stringify(ANSWERS[route] ?? {}));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => await new Promise((resolve) => server.close(resolve)));

test('every request goes out on a connection of its own, so a connection n8n closed is never written to', async () => {
	const client = await N8nClient.bootstrap(baseUrl, E2E_OWNER);
	const stored = await client.createWorkflow({ name: 'A workflow', nodes: [], connections: {} });
	expect(stored.id).toBe('wf1');
	expect(served).toEqual([
		'POST /rest/owner/setup',
		'POST /rest/login',
		'GET /rest/api-keys/scopes',
		'POST /rest/api-keys',
		'POST /api/v1/workflows',
	]);
	expect(reusedAndClosed).toEqual([]);
});
