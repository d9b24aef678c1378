/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- packs the package and runs the scanner */
// n8n verifies community packages with its scanner (@n8n/scan-community-package). After checking npm
// provenance and downloading the release, it lints the attested source and the published tarball
// with its own ESLint rules; those two legs run here, offline, on the tarball `npm pack` makes now,
// so a release never fails verification on a rule `npm run lint` does not know.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { installFolder, toolFolder } from '../n8n-runtime/folder-install';
import { packTarball } from '../helpers/package-build';
import { PROJECT_ROOT } from '../helpers/project-root';

const run = promisify(execFile);
const SCANNER_DIR = join(PROJECT_ROOT, 'test', 'package', 'scanner');
const SCANNER = toolFolder(SCANNER_DIR, "n8n's package scanner");

interface Leg {
	passed: boolean;
	message?: string;
	details?: string;
}

let work: string;
let legs: { source: Leg; tarball: Leg };

beforeAll(async () => {
	await installFolder(SCANNER, {}, async () => undefined);
	work = mkdtempSync(join(tmpdir(), 'affinda-scan-'));
	const tarball = await packTarball(PROJECT_ROOT, work);
	const unpacked = join(work, 'package');
	mkdirSync(unpacked);
	await run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
	const scan = await run(
		process.execPath,
		[join(SCANNER_DIR, 'scan-legs.mjs'), PROJECT_ROOT, unpacked],
		{
			cwd: SCANNER_DIR,
			maxBuffer: 16 * 1024 * 1024,
			// jest sets NODE_ENV=test, which makes the scanner's rules treat every file as a node file.
			env: { ...process.env, NODE_ENV: 'production' },
		},
	).catch((failed: { stdout?: string; stderr?: string }) => failed);
	const lines = (scan.stdout ?? '').trim().split('\n');
	legs = JSON.parse(lines[lines.length - 1] || '{}') as typeof legs;
	if (!legs.source || !legs.tarball)
		throw new Error(`The scanner printed no verdict:\n${scan.stderr}`);
}, 10 * 60_000);

afterAll(() => {
	if (work) rmSync(work, { recursive: true, force: true });
});

test("the scanner's source leg passes: nodes/, credentials/ and package.json", () => {
	expect(legs.source).toEqual({ passed: true });
});

test("the scanner's tarball leg passes: the packed JavaScript and package.json", () => {
	expect(legs.tarball).toEqual({ passed: true });
});
