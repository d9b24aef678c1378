/**
 * Every test of the project; `npm test` builds first, so workflow and e2e tests load dist/.
 * The tests of a real n8n (test/e2e, and queue mode in test/queue) run once per n8n runtime of
 * test/n8n-runtime/runtimes.json, as a jest project of its own; AFFINDA_TEST_N8N=<version> keeps
 * only that one. The files that need no runtime run first while the runtimes the others need install
 * in the background (test/helpers/jest/sequencer.js, runtime-installs.ts).
 */
const runtimes = require('./test/n8n-runtime/runtimes.json').runtimes.map((r) => r.n8n);

const selected = process.env.AFFINDA_TEST_N8N;
if (selected && !runtimes.includes(selected)) {
	throw new Error(
		`AFFINDA_TEST_N8N=${selected}: not one of the n8n runtimes this project installs (${runtimes.join(', ')})`,
	);
}

/** Tests that run in a real n8n, once per runtime. */
const PER_RUNTIME = ['<rootDir>/test/e2e/', '<rootDir>/test/queue/'];

// The pinned installs (n8n-<version>/, node-<major>/): gigabytes jest must neither index nor load from.
const RUNTIME_INSTALLS = '<rootDir>/test/n8n-runtime/(n8n|node)-[^/]+/';
const shared = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	modulePathIgnorePatterns: [
		RUNTIME_INSTALLS,
		'<rootDir>/test/n8n-runtime/node_modules',
		'<rootDir>/dist',
	],
	setupFiles: ['<rootDir>/test/helpers/jest/setup-env.ts'],
};

module.exports = {
	globalSetup: '<rootDir>/test/helpers/jest/global-setup.ts',
	globalTeardown: '<rootDir>/test/helpers/jest/global-teardown.ts',
	testSequencer: '<rootDir>/test/helpers/jest/sequencer.js',
	testTimeout: 30000,
	projects: [
		{
			...shared,
			displayName: 'package',
			testMatch: ['**/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', ...PER_RUNTIME],
		},
		...(selected ? [selected] : runtimes).map((version) => ({
			...shared,
			displayName: `n8n ${version}`,
			testMatch: PER_RUNTIME.map((folder) => `${folder}**/*.test.ts`),
			// The harness reads it (test/n8n-runtime/versions.ts, versionForThisTest).
			globals: { AFFINDA_N8N_VERSION: version },
		})),
	],
};
