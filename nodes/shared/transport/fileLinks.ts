/**
 * Which file links the node fetches. A link comes from the service's answer (a document's file or
 * PDF), so whoever controls that answer chooses where the node connects: a link is fetched only
 * over https (http only when the credential's Base URL is http, as a local install's is), and
 * never to a loopback, link-local or private address unless it is on the Base URL's own origin.
 * Decided by the link's form, before anything connects.
 */

/** Why the link is not fetched, in words that name its scheme and host; undefined when it is. */
export function fileLinkRefusal(link: string, baseUrl: string): string | undefined {
	let url: URL;
	try {
		url = new URL(link);
	} catch {
		return `The file link Affinda gave (${JSON.stringify(link.slice(0, 60))}) is not a link the node can fetch`;
	}
	const base = new URL(baseUrl);
	if (url.origin === base.origin && url.origin !== 'null') return undefined;
	const where = url.host ? `${url.protocol}//${url.host}` : url.protocol;
	const schemes = base.protocol === 'http:' ? ['https:', 'http:'] : ['https:'];
	if (!schemes.includes(url.protocol)) {
		return `The file link Affinda gave is on ${where}: the node fetches file links over ${
			base.protocol === 'http:'
				? 'https or http'
				: 'https only (http only when the Base URL is http)'
		}`;
	}
	const kind = addressKind(url.hostname);
	if (kind !== undefined) {
		const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
		return `The file link Affinda gave is on ${where}, ${article} ${kind} address: the node fetches such links only on the credential's Base URL (${base.host})`;
	}
	return undefined;
}

/** 'loopback', 'link-local' or 'private' (or unspecified, multicast) when the host is such a one. */
function addressKind(hostname: string): string | undefined {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
	if (host.startsWith('[')) return ipv6Kind(host.slice(1, -1));
	const v4 = ipv4Of(host);
	return v4 === undefined ? undefined : ipv4Kind(v4);
}

/** The address as four numbers, when the host is a dotted IPv4 address (URL has normalised it). */
function ipv4Of(host: string): number[] | undefined {
	if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return undefined;
	return host.split('.').map(Number);
}

/** Ranges by first octets: [first, second from, second to, kind]. */
const IPV4_RANGES: Array<[number, number, number, string]> = [
	[0, 0, 255, 'unspecified'],
	[10, 0, 255, 'private'],
	[100, 64, 127, 'private'], // shared address space (carrier-grade NAT)
	[127, 0, 255, 'loopback'],
	[169, 254, 254, 'link-local'],
	[172, 16, 31, 'private'],
	[192, 168, 168, 'private'],
];

function ipv4Kind([first, second]: number[]): string | undefined {
	if (first >= 224) return 'multicast or reserved';
	return IPV4_RANGES.find(([a, from, to]) => first === a && second >= from && second <= to)?.[3];
}

function ipv6Kind(address: string): string | undefined {
	const groups = expandIpv6(address);
	if (!groups) return 'unreadable';
	if (groups.every((group) => group === 0)) return 'unspecified';
	if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return 'loopback';
	// IPv4 inside IPv6: the IPv4 address decides. Mapped (::ffff:0:0/96), translated
	// (::ffff:0:0:0/96), compatible (::/96, deprecated but still routed to the IPv4 address by some
	// stacks) and NAT64 (64:ff9b::/96).
	const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
	const mapped = zeros(0, 5) && groups[5] === 0xffff;
	const translated = zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0;
	const compatible = zeros(0, 6);
	const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
	if (mapped || translated || compatible || nat64) {
		return ipv4Kind([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff]);
	}
	if ((groups[0] & 0xffc0) === 0xfe80) return 'link-local';
	if ((groups[0] & 0xfe00) === 0xfc00 || (groups[0] & 0xffc0) === 0xfec0) return 'private';
	if ((groups[0] & 0xff00) === 0xff00) return 'multicast or reserved';
	return undefined;
}

/** Eight 16-bit groups of an IPv6 address as URL writes it (hex groups, `::`, no zone). */
function expandIpv6(address: string): number[] | undefined {
	const [head, tail, ...rest] = address.split('::');
	if (rest.length > 0) return undefined;
	const parse = (part: string | undefined) =>
		part ? part.split(':').map((group) => parseInt(group, 16)) : [];
	const front = parse(head);
	const back = parse(tail);
	const missing = 8 - front.length - back.length;
	if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
	const groups = [...front, ...new Array<number>(missing).fill(0), ...back];
	return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
		? groups
		: undefined;
}
