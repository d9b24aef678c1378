/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { createServer, type AddressInfo } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago: each run gets its own, so runs never collide. */
export async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((listening, failed) => {
		server.once('error', failed);
		server.listen(0, '127.0.0.1', listening);
	});
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((closed) => server.close(() => closed()));
	return port;
}
