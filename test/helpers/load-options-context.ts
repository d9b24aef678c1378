import type { IDataObject, IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';

import type { Emulator } from '../emulator';

/** n8n's authenticated HTTP helper, as the node calls it (full responses, status not thrown). */
export type HttpHelper = (credentialType: string, options: IHttpRequestOptions) => Promise<unknown>;

/** A load-options context on `baseUrl` whose HTTP helper is `http`. */
export function loadOptionsContextWith(
	baseUrl: string,
	http: HttpHelper,
	parameters: IDataObject = {},
): ILoadOptionsFunctions {
	return {
		getNode: () => ({ name: 'Affinda', type: 'n8n-nodes-affinda.affinda', typeVersion: 1 }),
		getCredentials: async () => ({ apiKey: 'test-key', region: 'custom', baseUrl }),
		getCurrentNodeParameter: (name: string) => parameters[name],
		helpers: { httpRequestWithAuthentication: http },
	} as unknown as ILoadOptionsFunctions;
}

/** Real HTTP to the emulator, authenticated as n8n's helper would be. */
export function emulatorHttp(emulator: Emulator): HttpHelper {
	return async (_credentialType, options) => {
		const url = new URL(options.url);
		for (const [name, value] of Object.entries(options.qs ?? {})) {
			url.searchParams.set(name, String(value));
		}
		const response = await fetch(url, {
			method: options.method,
			headers: { authorization: `Bearer ${emulator.fixtures.key}` },
		});
		return { statusCode: response.status, headers: {}, body: await response.json() };
	};
}
