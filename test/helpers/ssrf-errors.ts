// The errors n8n's SSRF protection throws (n8n 2.41.1, package @n8n/backend-network 1.15.1,
// ssrf/ssrf-blocked-ip.error.js and ssrf-blocked-hostname.error.js): n8n-workflow's UserError
// with this name, message, description and `extra`, the refused address also on the error itself.
// Rebuilt here because the package's own tests run on the pinned n8n-workflow 2.8, which has no
// SSRF protection; test/e2e/ssrf-protection on n8n 2.41.1 meets the real ones.
import { UserError } from 'n8n-workflow';

export class SsrfBlockedIpError extends UserError {
	readonly ip: string;
	readonly hostname?: string;

	constructor(ip: string, hostname?: string) {
		const target = hostname ? `'${hostname}' (${ip})` : ip;
		super('The request was blocked because it resolves to a restricted IP address', {
			description:
				`The target ${target} is not allowed. ` +
				'This is a security measure to prevent Server-Side Request Forgery (SSRF). ' +
				'If you need to access internal resources, ask your n8n administrator to allowlist ' +
				'the hostname or IP range in the environment configuration.',
			extra: { ip, hostname },
		});
		this.name = 'SsrfBlockedIpError';
		this.ip = ip;
		this.hostname = hostname;
	}
}

export class SsrfBlockedHostnameError extends UserError {
	readonly hostname: string;

	constructor(hostname: string) {
		super('The request was blocked because the destination hostname is restricted', {
			description:
				`The hostname '${hostname}' is on the configured deny-list. ` +
				'If you need to reach this destination, ask your n8n administrator to remove it from ' +
				'the blocked hostnames or add it to the allowed hostnames in the environment configuration.',
			extra: { hostname },
		});
		this.name = 'SsrfBlockedHostnameError';
		this.hostname = hostname;
	}
}
