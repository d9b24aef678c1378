/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a set-up script: it runs apt-get */
// The browser the editor tests drive: Debian's own `chromium` package, never a browser download
// (CONTRIBUTING.md, settled choices: none can be fetched here, and Playwright's downloads are not
// Debian's). Installed with apt-get once, with progress; later runs find it at /usr/bin/chromium.
// Run on its own with `npm run browser:install`; the browser test calls ensureChromium() itself.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Where Debian's package puts it; CHROMIUM_PATH points elsewhere (another distribution, a local build). */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const PACKAGE = 'chromium';

export interface ChromiumOptions {
	/** Where progress lines go; stderr by default. */
	log?: (line: string) => void;
}

/** The path of a Chromium that starts, or undefined. */
export function findChromium(): string | undefined {
	const candidates = [process.env.CHROMIUM_PATH, ...CANDIDATES].filter((path): path is string =>
		Boolean(path),
	);
	return candidates.find((path) => existsSync(path) && chromiumVersion(path) !== undefined);
}

/** e.g. "Chromium 150.0.7871.100 built on Debian GNU/Linux 12 (bookworm)" */
export function chromiumVersion(path: string): string | undefined {
	const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 60_000 });
	return result.status === 0 ? result.stdout.trim() : undefined;
}

export async function ensureChromium(options: ChromiumOptions = {}): Promise<string> {
	const found = findChromium();
	if (found) return found;
	const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));

	if (process.env.CHROMIUM_PATH) {
		throw new Error(
			`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, but no Chromium starts there. Unset it to install Debian's package, or point it at a working chromium.`,
		);
	}
	if (!commandExists('apt-get')) {
		throw new Error(
			`Chromium is not installed and apt-get is not available to install it. Install your system's Chromium package and set CHROMIUM_PATH to its executable.`,
		);
	}
	if (process.getuid?.() !== 0) {
		throw new Error(
			`Chromium is not installed. Install Debian's package once as root: sudo apt-get install --no-install-recommends ${PACKAGE}`,
		);
	}

	const logDir = mkdtempSync(join(tmpdir(), 'affinda-chromium-'));
	const logFile = join(logDir, 'apt-get.log');
	log(
		`chromium: installing Debian's ${PACKAGE} package with apt-get (once; full log in ${logFile})`,
	);
	const started = Date.now();
	let result = await aptGet(['install', '-y', '--no-install-recommends', PACKAGE], logFile, log);
	if (
		result.code !== 0 &&
		/Unable to locate package|has no installation candidate/.test(result.output)
	) {
		// A fresh machine or CI image may have empty package lists.
		log('chromium: the package lists do not know chromium yet; running apt-get update first');
		result = await aptGet(['update'], logFile, log);
		if (result.code === 0) {
			result = await aptGet(['install', '-y', '--no-install-recommends', PACKAGE], logFile, log);
		}
	}
	const path = findChromium();
	if (result.code !== 0 || !path) {
		const tail = result.output.split('\n').filter(Boolean).slice(-20).join('\n');
		throw new Error(
			`Installing Debian's ${PACKAGE} package failed (apt-get exited with ${result.code}). Last lines of ${logFile}:\n${tail}`,
		);
	}
	log(
		`chromium: ${chromiumVersion(path)} installed in ${Math.round((Date.now() - started) / 1000)} s`,
	);
	return path;
}

function commandExists(command: string): boolean {
	return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs apt-get without prompts, waiting for another apt run's lock rather than failing, and turns
 * its machine-readable status (APT::Status-Fd) into a progress line every few seconds.
 */
function aptGet(
	args: string[],
	logFile: string,
	log: (line: string) => void,
): Promise<{ code: number; output: string }> {
	const child = spawn(
		'apt-get',
		['-o', 'DPkg::Lock::Timeout=600', '-o', 'APT::Status-Fd=3', '-q', ...args],
		{
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
			stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
		},
	);
	const file = createWriteStream(logFile, { flags: 'a' });
	let output = '';
	for (const stream of [child.stdout, child.stderr]) {
		stream?.on('data', (chunk: Buffer) => {
			output += chunk.toString('utf8');
			file.write(chunk);
		});
	}
	let status = `apt-get ${args[0]}`;
	let lastLogged = 0;
	const status3 = child.stdio[3];
	if (status3 && 'on' in status3) {
		// e.g. "dlstatus:3:42.1:Retrieving file 3 of 11" or "pmstatus:chromium:60:Unpacking chromium"
		createInterface({ input: status3 as NodeJS.ReadableStream }).on('line', (line) => {
			const [kind, , percent, ...what] = line.split(':');
			if (kind !== 'dlstatus' && kind !== 'pmstatus') return;
			status = `${kind === 'dlstatus' ? 'downloading' : 'installing'} ${Math.round(Number(percent))}% (${what.join(':')})`;
			if (Date.now() - lastLogged > 3000) {
				lastLogged = Date.now();
				log(`chromium: ${status}`);
			}
		});
	}
	return new Promise((resolve) => {
		child.on('error', (error) => resolve({ code: 127, output: `${output}\n${error.message}` }));
		child.on('close', (code) => file.end(() => resolve({ code: code ?? 1, output })));
	});
}

if (require.main === module) {
	ensureChromium().then(
		(path) => process.stderr.write(`chromium: ${chromiumVersion(path)} at ${path}\n`),
		(error: Error) => {
			process.stderr.write(`\n${error.message}\n`);
			process.exitCode = 1;
		},
	);
}
