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

/** The given port if nothing listens on it (a person's bookmark keeps working), else a free one. */
export async function preferredPort(port: number): Promise<number> {
	const server = createServer();
	const free = await new Promise<boolean>((answer) => {
		server.once('error', () => answer(false));
		server.listen(port, '127.0.0.1', () => answer(true));
	});
	if (!free) return await freePort();
	await new Promise<void>((closed) => server.close(() => closed()));
	return port;
}
