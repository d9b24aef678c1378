/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The package as npm publishes it: built in a copy of the project (so a test never rebuilds the
// dist/ other tests are loading), listed by `npm pack --dry-run`, or packed into a tarball.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

import { PROJECT_ROOT } from './project-root';

const run = promisify(execFile);

/** What `npm run build` and `npm pack` read; everything else in the repository stays behind. */
const BUILD_INPUTS = [
	'package.json',
	'.npmrc',
	'tsconfig.json',
	'gulpfile.js',
	'index.js',
	'README.md',
	'LICENSE',
	'credentials',
	'nodes',
	'icons',
];

export interface PackedFile {
	path: string;
	size: number;
}

export interface PackListing {
	files: PackedFile[];
	/** Bytes of the .tgz. */
	size: number;
	unpackedSize: number;
}

/** A copy of the project's build inputs in a fresh folder, sharing the project's node_modules. */
export function copyProject(prefix = 'affinda-package-'): string {
	const folder = mkdtempSync(join(tmpdir(), prefix));
	for (const input of BUILD_INPUTS) {
		cpSync(join(PROJECT_ROOT, input), join(folder, input), { recursive: true });
	}
	symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
	return folder;
}

export function removeProjectCopy(folder: string): void {
	rmSync(folder, { recursive: true, force: true });
}

export async function npm(args: string[], cwd: string): Promise<string> {
	const { stdout } = await run('npm', args, {
		cwd,
		maxBuffer: 64 * 1024 * 1024,
		env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
	});
	return stdout;
}

/** What `npm pack` would put in the tarball, without writing one. */
export async function packListing(cwd: string): Promise<PackListing> {
	const [listing] = JSON.parse(await npm(['pack', '--dry-run', '--json'], cwd)) as PackListing[];
	return listing;
}

/** Packs the (built) project into a tarball in `destination`; returns the tarball's path. */
export async function packTarball(cwd: string, destination: string): Promise<string> {
	mkdirSync(destination, { recursive: true });
	const [packed] = JSON.parse(
		await npm(['pack', '--json', '--pack-destination', destination], cwd),
	) as Array<{ filename: string }>;
	return join(destination, packed.filename);
}

/** Every file under `folder`, as paths relative to `base` with forward slashes. */
export function filesUnder(folder: string, base: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = join(folder, entry.name);
		if (entry.isDirectory()) return filesUnder(full, base);
		return [relative(base, full).split('\\').join('/')];
	});
}
