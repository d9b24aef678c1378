/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a build script: it compiles native modules */
// n8n installs with its install scripts off (they fetch prebuilt binaries from GitHub, which machines
// like ours cannot reach, and one of them, Kafka's, fails to build). The one native module n8n
// cannot run without is sqlite3, its database driver: it is compiled from source here, once per
// sqlite3 version and Node ABI, and the result kept in a cache outside the repo, so a reinstall, a
// second clone or a second runtime on the same Node copies it in a second instead of compiling again.
import { spawn, spawnSync } from 'node:child_process';
import {
	copyFileSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	readFileSync,
	renameSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

import { npmEnvironment } from './folder-install';
import type { NodeBinary } from './node-binary';
import { formatDuration } from './npm-progress';
import { nativeBuildCache } from './paths';
import { missingBuildTools, missingToolsMessage, nodeHeadersFound } from './toolchain';

interface NativeModule {
	name: string;
	/** The compiled file, relative to the module's folder, that the module loads. */
	artifact: string;
}

/** Native modules an n8n runtime needs built; everything else native is optional or ships prebuilt. */
const NATIVE_MODULES: NativeModule[] = [
	{ name: 'sqlite3', artifact: join('build', 'Release', 'node_sqlite3.node') },
];

/** Puts every needed native module in place for this Node: from the cache, or built now and cached. */
export async function provideNativeModules(
	installDir: string,
	node: NodeBinary,
	log: (line: string) => void,
): Promise<void> {
	for (const module of NATIVE_MODULES) {
		const moduleDir = join(installDir, 'node_modules', module.name);
		const { version } = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as {
			version: string;
		};
		const key = `${module.name}-${version}-node-abi${node.abi}-${process.platform}-${process.arch}`;
		const cached = join(nativeBuildCache(), key, module.artifact);
		const target = join(moduleDir, module.artifact);
		if (existsSync(cached)) {
			mkdirSync(dirname(target), { recursive: true });
			copyFileSync(cached, target);
			log(`${module.name} ${version}: reused the build for Node ABI ${node.abi} from ${cached}`);
		} else {
			await buildWithNpm(installDir, module, version, node, log);
			mkdirSync(dirname(cached), { recursive: true });
			const partial = `${cached}.${process.pid}.partial`;
			copyFileSync(target, partial);
			renameSync(partial, cached); // whole or absent, even with two installs at once
		}
		assertLoads(installDir, module.name, node);
	}
}

async function buildWithNpm(
	installDir: string,
	module: NativeModule,
	version: string,
	node: NodeBinary,
	log: (line: string) => void,
): Promise<void> {
	const missing = missingBuildTools();
	if (missing.length > 0) throw new Error(missingToolsMessage(missing));
	if (!node.headers && !nodeHeadersFound())
		log(`${module.name}: warning: Node's headers are not here; node-gyp will try to download them`);
	const logPath = join(installDir, `build-${module.name}.log`);
	const started = Date.now();
	log(
		`${module.name} ${version}: compiling from source for Node ${node.version} (about 2 minutes, once per Node ABI; log in ${logPath})`,
	);
	const ticker = setInterval(
		() => log(`${module.name}: still compiling [${formatDuration(Date.now() - started)}]`),
		15000,
	);
	try {
		const code = await run(
			'npm',
			['rebuild', module.name, '--ignore-scripts=false', '--foreground-scripts'],
			installDir,
			// node-gyp compiles the sources in parallel on every core.
			{ ...runtimeNpmEnvironment(node), npm_config_jobs: 'max' },
			logPath,
		);
		if (code !== 0) {
			const tail = readFileSync(logPath, 'utf8').split('\n').filter(Boolean).slice(-25).join('\n');
			throw new Error(
				`Compiling ${module.name} ${version} for Node ${node.version} failed (exit ${code}). It needs python3, make, g++ and Node's headers.\nLast lines of ${logPath}:\n${tail}`,
			);
		}
		log(`${module.name} ${version}: compiled in ${formatDuration(Date.now() - started)}`);
	} finally {
		clearInterval(ticker);
	}
}

/** npm, and every script it runs, on the runtime's Node, building against that Node's headers. */
export function runtimeNpmEnvironment(node: NodeBinary): NodeJS.ProcessEnv {
	return npmEnvironment({
		PATH: [dirname(node.path), process.env.PATH].filter(Boolean).join(':'),
		...(node.headers ? { npm_config_nodedir: node.headers } : {}),
	});
}

function run(
	command: string,
	args: string[],
	cwd: string,
	env: NodeJS.ProcessEnv,
	logPath: string,
): Promise<number> {
	const logFile = createWriteStream(logPath);
	const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout.pipe(logFile, { end: false });
	child.stderr.pipe(logFile, { end: false });
	return new Promise((resolve, reject) => {
		child.on('error', reject);
		child.on('close', (code) => logFile.end(() => resolve(code ?? 1)));
	});
}

function assertLoads(installDir: string, name: string, node: NodeBinary): void {
	const check = spawnSync(node.path, ['-e', `require(${JSON.stringify(name)})`], {
		cwd: installDir,
		encoding: 'utf8',
	});
	if (check.status !== 0)
		throw new Error(
			`${name} does not load on Node ${node.version} in ${installDir}:\n${check.stderr}`,
		);
}
