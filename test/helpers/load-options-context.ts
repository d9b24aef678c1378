import type { IDataObject, IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';

/**
 * n8n's HTTP helper, as the node calls it (full responses, status not thrown; the Authorization
 * header added as n8n's authenticating helper adds it from the credential).
 */
export type HttpHelper = (options: IHttpRequestOptions) => Promise<unknown>;

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
		helpers: {
			httpRequest: http,
			// As n8n's helper applies the credential's `authenticate`: Bearer and the key.
			httpRequestWithAuthentication: async (
				_type: string,
				options: IHttpRequestOptions,
				extra?: { credentialsDecrypted?: { data?: IDataObject } },
			) =>
				await http({
					...options,
					headers: {
						...options.headers,
						Authorization: `Bearer ${String(extra?.credentialsDecrypted?.data?.apiKey)}`,
					},
				}),
		},
	} as unknown as ILoadOptionsFunctions;
}

/** Real HTTP to the emulator, with the headers the node set (its Bearer key among them). */
export function emulatorHttp(): HttpHelper {
	return async (options) => {
		const url = new URL(options.url);
		for (const [name, value] of Object.entries(options.qs ?? {})) {
			url.searchParams.set(name, String(value));
		}
		const response = await fetch(url, {
			method: options.method,
			headers: options.headers as Record<string, string>,
		});
		return { statusCode: response.status, headers: {}, body: await response.json() };
	};
}
