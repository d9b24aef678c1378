// Turns npm's own log lines (at --loglevel=info) into one short status line, so a person or a CI
// log sees an install of several minutes move instead of a silent terminal.

const TARBALL = /^npm http (?:fetch GET \d+|cache) \S*\.tgz\b/;
// `npm info run <pkg>@<version> <event> <path> <command>` starts a script;
// `npm info run <pkg>@<version> <event> { code: 0, signal: null }` ends it.
const SCRIPT = /^npm info run (\S+)@\S+ (\S+) (\{ code|.*)/;

export class NpmInstallProgress {
	private tarballs = 0;
	private readonly runningScripts = new Set<string>();
	private scriptsStarted = false;

	constructor(private readonly expectedPackages: number) {}

	consume(line: string): void {
		if (TARBALL.test(line)) {
			this.tarballs++;
			return;
		}
		const script = SCRIPT.exec(line);
		if (!script) return;
		const [, pkg, event, rest] = script;
		const key = `${pkg} ${event}`;
		if (rest === '{ code') {
			this.runningScripts.delete(key);
		} else {
			this.scriptsStarted = true;
			this.runningScripts.add(key);
		}
	}

	describe(): string {
		if (this.runningScripts.size > 0) {
			const names = [...this.runningScripts].map((key) => key.split(' ')[0]);
			const slow = names.includes('sqlite3')
				? ' (sqlite3 compiles from source: the longest step)'
				: '';
			return `running install scripts: ${names.join(', ')}${slow}`;
		}
		if (this.scriptsStarted) return 'install scripts done, finishing';
		if (this.tarballs === 0) return 'resolving packages';
		return `downloading and unpacking packages: ${this.tarballs} of about ${this.expectedPackages}`;
	}
}

/** Packages a lockfile will place in node_modules (an upper bound: other platforms' optional ones are skipped). */
export function countLockedPackages(lockfile: {
	packages?: Record<string, { link?: boolean }>;
}): number {
	return Object.entries(lockfile.packages ?? {}).filter(
		([path, entry]) => path.startsWith('node_modules/') && !entry.link,
	).length;
}

export function formatDuration(ms: number): string {
	const seconds = Math.round(ms / 1000);
	return seconds < 60
		? `${seconds}s`
		: `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}
