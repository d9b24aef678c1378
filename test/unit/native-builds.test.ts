/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- builds a fake native module in a temp folder */
// n8n's one native module (sqlite3) is compiled once per module version and Node ABI, then copied
// into every later install from a cache outside the repo. A stand-in sqlite3 whose "compile" (its
// install script) counts its runs shows when npm rebuilds and when the cache serves.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { provideNativeModules } from '../n8n-runtime/native-builds';
import { projectNode } from '../n8n-runtime/node-binary';

const ARTIFACT = join('build', 'Release', 'node_sqlite3.node');

let root: string;
let builds: string;

/** An install folder holding a stand-in sqlite3 that loads only once its artifact is in place. */
function fakeInstall(name: string, version = '5.1.7'): string {
	const dir = join(root, name);
	const sqlite3 = join(dir, 'node_modules', 'sqlite3');
	mkdirSync(sqlite3, { recursive: true });
	writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true }));
	const compile = [
		"const fs = require('fs');",
		`fs.mkdirSync('build/Release', { recursive: true });`,
		`fs.writeFileSync(${JSON.stringify(ARTIFACT)}, 'compiled ${version}');`,
		`fs.appendFileSync(${JSON.stringify(builds)}, '${name}\\n');`,
	].join(' ');
	writeFileSync(
		join(sqlite3, 'package.json'),
		JSON.stringify({
			name: 'sqlite3',
			version,
			main: 'index.js',
			scripts: { install: `node -e "${compile.replace(/"/g, '\\"')}"` },
		}),
	);
	writeFileSync(
		join(sqlite3, 'index.js'),
		`if (!require('fs').existsSync(require('path').join(__dirname, ${JSON.stringify(ARTIFACT)}))) throw new Error('not built');`,
	);
	return dir;
}

const compiled = () =>
	existsSync(builds) ? readFileSync(builds, 'utf8').split('\n').filter(Boolean) : [];
const artifactOf = (dir: string) =>
	readFileSync(join(dir, 'node_modules', 'sqlite3', ARTIFACT), 'utf8');

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'affinda-native-'));
	builds = join(root, 'builds.log');
	process.env.AFFINDA_NATIVE_BUILD_CACHE = join(root, 'cache');
});
afterEach(() => {
	delete process.env.AFFINDA_NATIVE_BUILD_CACHE;
	rmSync(root, { recursive: true, force: true });
});

test('compiles once per version and Node ABI; later installs copy the build from the cache', async () => {
	const log: string[] = [];
	const first = fakeInstall('first');
	await provideNativeModules(first, projectNode(), (line) => log.push(line));
	expect(compiled()).toEqual(['first']);
	expect(artifactOf(first)).toBe('compiled 5.1.7');
	const cached = join(
		root,
		'cache',
		`sqlite3-5.1.7-node-abi${process.versions.modules}-${process.platform}-${process.arch}`,
		ARTIFACT,
	);
	expect(readFileSync(cached, 'utf8')).toBe('compiled 5.1.7');

	const second = fakeInstall('second');
	await provideNativeModules(second, projectNode(), (line) => log.push(line));
	expect(compiled()).toEqual(['first']);
	expect(artifactOf(second)).toBe('compiled 5.1.7');
	expect(log.some((line) => line.includes('reused the build'))).toBe(true);

	// Another sqlite3 version is another build.
	const upgraded = fakeInstall('upgraded', '5.1.8');
	await provideNativeModules(upgraded, projectNode(), () => undefined);
	expect(compiled()).toEqual(['first', 'upgraded']);
	expect(artifactOf(upgraded)).toBe('compiled 5.1.8');
}, 120_000);

test('a build that does not load fails the install, naming the module and the Node', async () => {
	const broken = fakeInstall('broken');
	writeFileSync(
		join(broken, 'node_modules', 'sqlite3', 'index.js'),
		"throw new Error('bad build');",
	);
	await expect(provideNativeModules(broken, projectNode(), () => undefined)).rejects.toThrow(
		/sqlite3 does not load on Node v\d+/,
	);
}, 120_000);
