/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the test tree */
// The test sequencer (helpers/jest/sequencer.js) knows which files need an n8n runtime from their
// jest project (e2e/, queue/) or from a short list (the rest); the runtimes it finds are installed in
// the background before those files run. A file that starts a real n8n and is missing from it would
// install in the middle of the run again: this holds the list to the test tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import { PROJECT_ROOT } from '../helpers/project-root';
import { referenceVersion } from '../n8n-runtime/versions';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain JavaScript, as jest loads it
const { runtimeOf } = require('../helpers/jest/sequencer') as {
	runtimeOf(test: {
		path: string;
		context: { config: { rootDir: string; globals?: Record<string, unknown> } };
	}): string | undefined;
};

/** Calls that start a real n8n (directly, or through the harness of e2e/ and queue/). */
const STARTS_N8N = /\b(startRealN8n|startQueueCluster|startAgentWorld|ensureN8nRuntime)\(/;
/** Folders whose files run once per runtime, in a jest project of their own (jest.config.js). */
const PER_RUNTIME = ['test/e2e/', 'test/queue/'];

function testFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
		return entry.name.endsWith('.test.ts') ? [path] : [];
	});
}

/** The file's source and that of the files it imports from its own folder. */
function sourceWithLocalImports(file: string): string {
	const source = readFileSync(file, 'utf8');
	const local = [...source.matchAll(/from '\.\/([\w-]+)'/g)]
		.map((match) => join(dirname(file), `${match[1]}.ts`))
		.filter((imported) => existsSync(imported))
		.map((imported) => readFileSync(imported, 'utf8'));
	return [source, ...local].join('\n');
}

const packageProjectFiles = testFiles(join(PROJECT_ROOT, 'test'))
	.map((path) => ({ path, relativePath: relative(PROJECT_ROOT, path) }))
	.filter(({ relativePath }) => !PER_RUNTIME.some((folder) => relativePath.startsWith(folder)));

test.each(packageProjectFiles.map((file) => [file.relativePath, file.path]))(
	'%s: needs the reference runtime exactly when it starts a real n8n',
	(_, path) => {
		const needed = runtimeOf({ path, context: { config: { rootDir: PROJECT_ROOT } } });
		const expected = STARTS_N8N.test(sourceWithLocalImports(path))
			? (process.env.AFFINDA_TEST_N8N ?? referenceVersion())
			: undefined;
		expect(needed).toBe(expected);
	},
);

test('a file of a runtime project needs that runtime', () => {
	const path = join(PROJECT_ROOT, 'test', 'e2e', 'trigger.test.ts');
	expect(
		runtimeOf({
			path,
			context: { config: { rootDir: PROJECT_ROOT, globals: { AFFINDA_N8N_VERSION: '2.41.1' } } },
		}),
	).toBe('2.41.1');
});
