/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { createServer } from 'node:net';

/**
 * Ports are drawn below Linux's ephemeral range (32768-60999): a port taken from that range can be
 * handed to an outgoing connection between the moment it is found free and the moment a server
 * binds it.
 */
const LOWEST = 20000;
const HIGHEST = 32767;

async function isFree(port: number): Promise<boolean> {
	const server = createServer();
	const free = await new Promise<boolean>((answer) => {
		server.once('error', () => answer(false));
		server.listen(port, '127.0.0.1', () => answer(true));
	});
	if (free) await new Promise<void>((closed) => server.close(() => closed()));
	return free;
}

/** A TCP port on 127.0.0.1 that was free a moment ago: each run gets its own, so runs never collide. */
export async function freePort(): Promise<number> {
	for (let attempt = 0; attempt < 200; attempt++) {
		const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
		if (await isFree(port)) return port;
	}
	throw new Error(`No free port found between ${LOWEST} and ${HIGHEST} on 127.0.0.1`);
}

/** The given port if nothing listens on it (a person's bookmark keeps working), else a free one. */
export async function preferredPort(port: number): Promise<number> {
	return (await isFree(port)) ? port : await freePort();
}
