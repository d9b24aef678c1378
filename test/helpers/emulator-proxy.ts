/**
 * A service between the node and the emulator, for faults the emulator does not make itself: each
 * request is passed on, unless `instead` answers before (`forwarded` false: the emulator never
 * sees it) or after (`forwarded` true: the emulator did the work, and its answer is replaced or
 * lost on the way back). `requests` records what reached the proxy, `emulator.received` what
 * reached the service.
 */
import {
	startRecordingServer,
	type RecordedRequest,
	type RecordingServer,
	type ScriptedResponse,
} from './recording-server';

export type ProxyFault = (
	request: RecordedRequest,
	forwarded: boolean,
) => ScriptedResponse | undefined;

export async function startEmulatorProxy(
	emulatorUrl: string,
	instead: ProxyFault,
): Promise<RecordingServer> {
	return await startRecordingServer(async (request) => {
		const before = instead(request, false);
		if (before) return before;
		const answer = await fetch(`${emulatorUrl}${request.path}${request.search ?? ''}`, {
			method: request.method,
			headers: {
				authorization: String(request.headers.authorization),
				...(request.headers['content-type']
					? { 'content-type': String(request.headers['content-type']) }
					: {}),
			},
			body: ['GET', 'HEAD', 'DELETE'].includes(request.method)
				? undefined
				: new Uint8Array(request.raw),
		});
		const bytes = Buffer.from(await answer.arrayBuffer());
		return (
			instead(request, true) ?? {
				status: answer.status,
				bytes,
				headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
			}
		);
	});
}
