/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * Every connection this test process opens stays on loopback, as an /etc/hosts entry pointing
 * every name at 127.0.0.1 would: a connection to any other host (a name such as storage.example,
 * an address such as 10.1.2.3, or another loopback address such as 127.0.0.2) goes to 127.0.0.1 on the same port, where the test's own server
 * listens, and is recorded. So a test can name outside hosts in links, and even code that would
 * connect to them before a fix sends nothing beyond this machine.
 */
import { Socket } from 'node:net';

export interface LoopbackHosts {
	/** `host:port` of each connection rerouted, in order. */
	rerouted: string[];
	restore(): void;
}

/** The one address tests' servers listen on; any other (127.0.0.2, ::1, localhost too) is rerouted. */
const LOOPBACK = /^127\.0\.0\.1$/;

export function routeAllHostsToLoopback(): LoopbackHosts {
	const original = Socket.prototype.connect;
	const rerouted: string[] = [];
	Socket.prototype.connect = function (this: Socket, ...args: unknown[]) {
		// net.createConnection passes its arguments normalised, as an array whose first entry is
		// the options; a direct call passes the options (or a port and host) as they are.
		const first = args[0];
		const options = (Array.isArray(first) ? first[0] : first) as
			| { host?: string; port?: number; path?: string }
			| undefined;
		if (options && typeof options === 'object' && !options.path) {
			const host = options.host ?? 'localhost';
			if (!LOOPBACK.test(host)) {
				rerouted.push(`${host}:${options.port}`);
				options.host = '127.0.0.1';
			}
		} else if (typeof first === 'number' && typeof args[1] === 'string') {
			if (!LOOPBACK.test(args[1])) {
				rerouted.push(`${args[1]}:${first}`);
				args[1] = '127.0.0.1';
			}
		}
		return (original as (...given: unknown[]) => Socket).apply(this, args);
	} as typeof Socket.prototype.connect;
	return {
		rerouted,
		restore: () => {
			Socket.prototype.connect = original;
		},
	};
}
