/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- measures the package in fresh Node processes */
// What installing and loading the package costs: its unpacked size, and how long require() of its
// entry point takes in a fresh Node process that has already loaded n8n-workflow (as n8n has):
// the CPU time it spends, and the wall time, which on a shared machine adds waiting for a core.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { n8nFolder } from '../n8n-runtime/paths';
import { referenceVersion } from '../n8n-runtime/versions';
import { packListing } from '../helpers/package-build';
import { PACKAGE_NAME, PROJECT_ROOT } from '../helpers/project-root';
import { median } from './stats';

export interface PackageFigures {
	unpackedBytes: number;
	tarballBytes: number;
	files: number;
	requireCpuMs: number;
	requireWallMs: number;
	requireSamples: Array<{ cpuMs: number; wallMs: number }>;
}

const REQUIRE_SCRIPT = `
require('n8n-workflow');
const started = process.hrtime.bigint();
const cpu = process.cpuUsage();
require('${PACKAGE_NAME}');
const { user, system } = process.cpuUsage(cpu);
const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(JSON.stringify({ cpuMs: (user + system) / 1000, wallMs }));
`;

export async function measurePackage(tarball: string, samples = 15): Promise<PackageFigures> {
	const listing = await packListing(PROJECT_ROOT);
	const folder = mkdtempSync(join(tmpdir(), 'affinda-require-'));
	try {
		const installed = join(folder, 'node_modules', PACKAGE_NAME);
		mkdirSync(installed, { recursive: true });
		execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
		// The n8n-workflow that the reference n8n ships, which n8n hands to community packages.
		symlinkSync(
			join(n8nFolder(referenceVersion()), 'node_modules', 'n8n-workflow'),
			join(folder, 'node_modules', 'n8n-workflow'),
			'dir',
		);
		const requireSamples = Array.from(
			{ length: samples },
			() =>
				JSON.parse(
					execFileSync(process.execPath, ['-e', REQUIRE_SCRIPT], { cwd: folder, encoding: 'utf8' }),
				) as { cpuMs: number; wallMs: number },
		);
		return {
			unpackedBytes: listing.unpackedSize,
			tarballBytes: listing.size,
			files: listing.files.length,
			requireCpuMs: median(requireSamples.map((sample) => sample.cpuMs)),
			requireWallMs: median(requireSamples.map((sample) => sample.wallMs)),
			requireSamples,
		};
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}
