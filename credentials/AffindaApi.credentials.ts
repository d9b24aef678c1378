import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Where a region's requests go, written once: the node's transport and the credential's test
 * request below are made from it. How a request is authenticated is said once, by `authenticate`
 * below: the node sends through n8n's `httpRequestWithAuthentication`, which applies it.
 */
const REGION_HOST = { before: 'https://', after: '.affinda.com' };

/** The base URL of a region (`api`, `api.us1`, `api.eu1`); `custom` has its own Base URL. */
export function regionBaseUrl(region: string): string {
	return `${REGION_HOST.before}${region}${REGION_HOST.after}`;
}

/** What the credential test says of a host that redirects (n8n 2.8 says "status code 302"). */
const REDIRECT_REFUSED =
	"The Base URL redirects to another address: enter that address as the Base URL (the key is sent to the credential's host only)";

export class AffindaApi implements ICredentialType {
	name = 'affindaApi';

	displayName = 'Affinda API';

	icon: Icon = { light: 'file:../icons/affinda.svg', dark: 'file:../icons/affinda.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-affinda/n8n-nodes-affinda#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'An API key from Settings → API Keys in the Affinda app. Keys only work in the region they were created in.',
		},
		{
			displayName: 'Region',
			name: 'region',
			type: 'options',
			default: 'api',
			description:
				'The Affinda instance your account lives on: the host of the Affinda app you sign in to',
			options: [
				{ name: 'Global (app.affinda.com)', value: 'api' },
				{ name: 'US (app.us1.affinda.com)', value: 'api.us1' },
				{ name: 'EU (app.eu1.affinda.com)', value: 'api.eu1' },
				{ name: 'Custom Base URL', value: 'custom' },
			],
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://affinda.example.com',
			description:
				'Origin of a dedicated tenant, a self-hosted install or a local emulator, without a path',
			displayOptions: { show: { region: ['custom'] } },
		},
		{
			displayName: 'Search & Match API',
			name: 'searchApiVersion',
			type: 'options',
			default: 'v2',
			description:
				'Which paths the Search & Match operations call (both Searches, both Get Match Details, Get Match Score, Suggest). The bodies are the same; v2 is what the node was specified with, v3 is what Affinda documents as current.',
			options: [
				{
					name: 'V2 (as Specified)',
					value: 'v2',
					description:
						'/v2/resume_search and /v2/job_description_search/details/{identifier}: Affinda lists these as its deprecated v2 API',
				},
				{
					name: 'V3 (Current)',
					value: 'v3',
					description:
						"/v3/resume_search and /v3/job_description_search/details/{identifier}: Affinda's current API",
				},
			],
		},
		{
			displayName: 'Webhook Signature Key',
			name: 'webhookSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			hint: 'In the Affinda app: Organization Settings → Webhook Signature Key (an organization admin can see it)',
			description:
				'Only for the Affinda Trigger: the key Affinda signs every event with, so the trigger can refuse forged or altered ones',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	// Listing organizations is the cheapest authenticated call; a wrong key or region answers 401.
	// n8n follows a redirect anywhere with the key by default: here none is followed, so a host
	// that redirects fails the test, and the key goes nowhere else.
	test: ICredentialTestRequest = {
		request: {
			baseURL: `={{$credentials.region === "custom" ? String($credentials.baseUrl).replace(/\\/+$/, "") : "${REGION_HOST.before}" + $credentials.region + "${REGION_HOST.after}"}}`,
			url: '/v3/organizations',
			method: 'GET',
			disableFollowRedirect: true,
		},
		rules: [301, 302, 303, 307, 308].map((value) => ({
			type: 'responseCode' as const,
			properties: { value, message: REDIRECT_REFUSED },
		})),
	};
}
