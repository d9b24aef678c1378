/**
 * The order jest runs test files in, and which n8n runtimes they need. The files of a runtime not
 * installed yet run last, the reference's first; global-setup.ts installs those runtimes in the
 * background, in that order, while the earlier files run. On a fresh clone the installs (minutes
 * each) then overlap with tests instead of blocking the first file that needs one. Once installed,
 * jest's own order (last failures first, then the slowest) holds.
 * Plain JavaScript: jest loads a sequencer without transforming it.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { existsSync } = require('node:fs');
const { join, relative } = require('node:path');

const { reference, runtimes } = require('../../n8n-runtime/runtimes.json');

/**
 * Files of the `package` project that start a real n8n (startRealN8n), on the runtime
 * versionForThisTest() picks there. test/e2e and test/queue need theirs by project (jest.config.js).
 */
const REFERENCE_RUNTIME_USERS = ['test/browser/'];

/** Where the needed runtimes are handed to global-setup.ts (same process: jest's own). */
const NEEDED_ENV = 'AFFINDA_RUNTIMES_NEEDED';

/** The n8n version a test file runs against, or undefined when it starts no real n8n. */
function runtimeOf(test) {
	const { globals, rootDir } = test.context.config;
	if (globals && globals.AFFINDA_N8N_VERSION) return globals.AFFINDA_N8N_VERSION;
	const path = relative(rootDir, test.path).split('\\').join('/');
	if (REFERENCE_RUNTIME_USERS.some((folder) => path.startsWith(folder)))
		return process.env.AFFINDA_TEST_N8N || reference;
	return undefined;
}

/** The reference first (the browser test needs it too, so its tests run longest), then as listed. */
const INSTALL_ORDER = [
	reference,
	...runtimes.map((runtime) => runtime.n8n).filter((n8n) => n8n !== reference),
];

/** Whether a complete install's stamp (folder-install.ts) is there; the installer checks it fully. */
function looksInstalled(version) {
	const folder = join(__dirname, '..', '..', 'n8n-runtime', `n8n-${version}`);
	return existsSync(join(folder, 'node_modules', '.n8n-nodes-affinda-runtime.json'));
}

class MissingRuntimesLastSequencer extends Sequencer {
	sort(tests) {
		// jest's own order (last run's failures first, then the slowest) within each group.
		const ordered = super.sort(tests);
		const needed = new Set(ordered.map(runtimeOf));
		const versions = INSTALL_ORDER.filter((version) => needed.has(version));
		process.env[NEEDED_ENV] = versions.join(',');
		const missing = versions.filter((version) => !looksInstalled(version));
		const group = (test) => missing.indexOf(runtimeOf(test));
		// Array.prototype.sort is stable: within a group, jest's order stays.
		return [...ordered].sort((a, b) => group(a) - group(b));
	}
}

module.exports = MissingRuntimesLastSequencer;
module.exports.runtimeOf = runtimeOf;
module.exports.NEEDED_ENV = NEEDED_ENV;
