/** Every test of the project; `npm test` builds first, so workflow and e2e tests load dist/. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	modulePathIgnorePatterns: ['<rootDir>/test/n8n-runtime/node_modules', '<rootDir>/dist'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/n8n-runtime/node_modules'],
	globalSetup: '<rootDir>/test/helpers/jest/global-setup.ts',
	globalTeardown: '<rootDir>/test/helpers/jest/global-teardown.ts',
	setupFiles: ['<rootDir>/test/helpers/jest/setup-env.ts'],
	testTimeout: 30000,
};
