/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a build script: it probes the build tools */
// n8n stores its data in SQLite through the native `sqlite3` module. Its prebuilt binaries come
// from GitHub, which machines like ours cannot reach, so npm compiles it with node-gyp. Check what
// that needs before spending minutes on an install that would fail at the end.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

interface Tool {
	label: string;
	candidates: string[];
}

function buildTools(): Tool[] {
	const python = process.env.npm_config_python ?? process.env.PYTHON;
	const cxx = process.env.CXX;
	return [
		{ label: 'python3', candidates: python ? [python] : ['python3'] },
		{ label: 'make', candidates: ['make'] },
		{ label: 'g++ (a C++ compiler)', candidates: cxx ? [cxx] : ['g++', 'c++'] },
	];
}

function runs(command: string): boolean {
	const result = spawnSync(command, ['--version'], { stdio: 'ignore' });
	return !result.error && result.status === 0;
}

/** Labels of the build tools that are not on PATH. */
export function missingBuildTools(): string[] {
	return buildTools()
		.filter((tool) => !tool.candidates.some(runs))
		.map((tool) => tool.label);
}

/**
 * Whether node-gyp will find Node's C headers without downloading them: in the folder npm's
 * `nodedir` names, beside the running Node binary, or in node-gyp's own cache.
 */
export function nodeHeadersFound(): boolean {
	const roots = [
		process.env.npm_config_nodedir,
		npmConfig('nodedir'),
		dirname(dirname(process.execPath)),
	].filter((dir): dir is string => Boolean(dir));
	const cached = join(homedir(), '.cache', 'node-gyp', process.versions.node);
	return (
		roots.some((root) => existsSync(join(root, 'include', 'node', 'node_api.h'))) ||
		existsSync(join(cached, 'include', 'node', 'node_api.h'))
	);
}

function npmConfig(key: string): string | undefined {
	const result = spawnSync('npm', ['config', 'get', key], { encoding: 'utf8' });
	const value = result.status === 0 ? result.stdout.trim() : '';
	return value && value !== 'undefined' ? value : undefined;
}

export function missingToolsMessage(missing: string[]): string {
	return [
		`An n8n runtime cannot be installed: its database driver, sqlite3, must be compiled from source and ${missing.join(', ')} ${
			missing.length === 1 ? 'is' : 'are'
		} missing.`,
		'Install them and run again, e.g. on Debian or Ubuntu: apt-get install -y python3 make g++',
	].join('\n');
}
