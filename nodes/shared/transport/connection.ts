import type { ICredentialDataDecryptedObject, ICredentialsDecrypted, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { regionBaseUrl } from '../../../credentials/AffindaApi.credentials';
import { Throttle } from './throttle';
import type { AffindaContext, AffindaRequest } from './types';

/**
 * The credential, read once per n8n context: where requests go (region or custom base URL), the
 * credential itself for n8n's helper to authenticate each request with, the key to keep out of
 * every message, which Search & Match API version to use, and the pace the context's requests
 * share.
 */

export const CREDENTIAL_TYPE = 'affindaApi';

interface AffindaCredentials {
	region?: string;
	baseUrl?: string;
	apiKey?: string;
	searchApiVersion?: string;
}

/**
 * Where requests go, what authenticates them, and the key to keep out of every message: read
 * from the credential once per execution, so that items do not each load and decrypt it.
 */
export interface Connection {
	baseUrl: string;
	/** Where requests go and redirects are followed: the credential's origin, or a link's. */
	origin: string;
	secret?: string;
	/** Search & Match paths: the specification's `/v2` (default) or the service's current `/v3`. */
	searchApiVersion: 'v2' | 'v3';
	/**
	 * The credential as read, handed to n8n's `httpRequestWithAuthentication`, whose `authenticate`
	 * (the credential's own) applies the key. Absent for a link on another host: sent without it.
	 */
	credential?: ICredentialsDecrypted;
	/** The pace the execution's requests share. */
	throttle: Throttle;
}

/**
 * Search & Match paths as the specification gives them, under /v2. The service documents these as
 * its deprecated v2 API; its current API serves the same requests under /v3.
 */
const SEARCH_AND_MATCH_V2 = /^\/v2\/(resume_search|job_description_search)(?=\/|\?|$)/;

/** The request as this connection sends it: Search & Match moved to /v3 when the credential says so. */
export function withSearchApiVersion(
	connection: Connection,
	request: AffindaRequest,
): AffindaRequest {
	if (connection.searchApiVersion !== 'v3') return request;
	return { ...request, path: request.path.replace(SEARCH_AND_MATCH_V2, '/v3/$1') };
}

export function baseUrlFromCredentials(credentials: AffindaCredentials, node: INode): string {
	const region = credentials.region ?? 'api';
	if (region !== 'custom') return regionBaseUrl(region);
	const configured = String(credentials.baseUrl ?? '').trim();
	const shown = withoutUserinfo(configured);
	let parsed: URL | undefined;
	try {
		parsed = new URL(configured);
	} catch {
		parsed = undefined;
	}
	if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
		throw new NodeOperationError(
			node,
			`The credential's Base URL "${shown}" is not an http(s) URL`,
			{
				description:
					'Open the Affinda API credential and enter an origin such as https://affinda.example.com.',
			},
		);
	}
	// n8n would send these as Basic auth in place of the key.
	if (parsed.username || parsed.password) {
		throw new NodeOperationError(
			node,
			`The credential's Base URL "${shown}" holds a user name or password; the node signs in with the API Key only`,
			{
				description: `Open the Affinda API credential and enter the origin only: ${parsed.origin}`,
			},
		);
	}
	// Paths are the node's (/v3/documents ...): a path here would make every request a 404.
	if (withoutTrailingSlashes(parsed.pathname) !== '' || parsed.search || parsed.hash) {
		throw new NodeOperationError(
			node,
			`The credential's Base URL "${shown}" has a path; the node adds /v2/... and /v3/... to the origin itself`,
			{
				description: `Open the Affinda API credential and enter the origin only: ${parsed.origin}`,
			},
		);
	}
	return withoutTrailingSlashes(configured);
}

/**
 * A Base URL as messages quote it: whatever comes before an `@` (a user name, a password) after
 * the scheme is left out, wherever the URL parser would end the host.
 */
function withoutUserinfo(text: string): string {
	const at = text.lastIndexOf('@');
	if (at < 0) return text;
	const schemeEnd = text.indexOf('://');
	const from = schemeEnd >= 0 && schemeEnd < at ? schemeEnd + 3 : 0;
	return `${text.slice(0, from)}…${text.slice(at)}`;
}

/** `text` without the slashes it ends with; a loop, where a pattern's time could grow squared. */
function withoutTrailingSlashes(text: string): string {
	let end = text.length;
	while (end > 0 && text[end - 1] === '/') end--;
	return text.slice(0, end);
}

/** One connection per n8n context: a node's execution, a dropdown's load, a trigger's hook. */
const connections = new WeakMap<AffindaContext, Promise<Connection>>();

export async function connect(this: AffindaContext): Promise<Connection> {
	let connection = connections.get(this);
	if (!connection) {
		connection = readConnection.call(this);
		connections.set(this, connection);
		// A credential that cannot be read is read again by the next item, which fails on its own.
		connection.catch(() => connections.delete(this));
	}
	return await connection;
}

/**
 * Forgets a context's connection. A polling trigger's context serves every poll of its
 * activation: each poll starts afresh, so an edited credential counts from the next poll.
 */
export function disconnect(this: AffindaContext): void {
	connections.delete(this);
}

async function readConnection(this: AffindaContext): Promise<Connection> {
	const credentials = await this.getCredentials<AffindaCredentials>(CREDENTIAL_TYPE);
	const node = this.getNode();
	const baseUrl = baseUrlFromCredentials(credentials, node);
	const secret = typeof credentials.apiKey === 'string' ? credentials.apiKey : undefined;
	const chosen = node.credentials?.[CREDENTIAL_TYPE];
	return {
		baseUrl,
		origin: new URL(baseUrl).origin,
		secret: secret || undefined,
		searchApiVersion: credentials.searchApiVersion === 'v3' ? 'v3' : 'v2',
		credential: {
			id: chosen?.id ?? '',
			name: chosen?.name ?? CREDENTIAL_TYPE,
			type: CREDENTIAL_TYPE,
			data: credentials as ICredentialDataDecryptedObject,
		},
		throttle: new Throttle(),
	};
}
