/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The n8n versions the project tests against (runtimes.json, read by jest.config.js too) and which
// of them a run picks: AFFINDA_TEST_N8N=<version>, or all of them when it is unset. Not named
// runtimes.ts: outside jest (its global set-up, plain Node) `./runtimes` resolves to the .json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { n8nFolder, RUNTIME_DIR } from './paths';

export interface RuntimeSpec {
	/** n8n's version; its folder is `n8n-<version>/`. */
	n8n: string;
	/** `project`: the Node running the tests (20); otherwise the major of a Node from the npm registry. */
	node: string;
}

interface RuntimeTable {
	reference: string;
	runtimes: RuntimeSpec[];
}

function table(): RuntimeTable {
	return JSON.parse(readFileSync(join(RUNTIME_DIR, 'runtimes.json'), 'utf8')) as RuntimeTable;
}

/** The reference n8n (CONTRIBUTING.md): what the demo and the queue-mode test run by default. */
export function referenceVersion(): string {
	return table().reference;
}

export function runtimeSpec(version: string): RuntimeSpec {
	const spec = table().runtimes.find((runtime) => runtime.n8n === version);
	if (!spec) throw new Error(unknownVersionMessage(version));
	const pinned = (
		JSON.parse(readFileSync(join(n8nFolder(version), 'package.json'), 'utf8')) as {
			dependencies: Record<string, string>;
		}
	).dependencies.n8n;
	if (pinned !== version)
		throw new Error(`${n8nFolder(version)}/package.json pins n8n ${pinned}, not ${version}`);
	return spec;
}

export function knownVersions(): string[] {
	return table().runtimes.map((runtime) => runtime.n8n);
}

/** The versions a test run covers: the one AFFINDA_TEST_N8N names, or every known one. */
export function versionsUnderTest(selected = process.env.AFFINDA_TEST_N8N): string[] {
	if (!selected) return knownVersions();
	if (!knownVersions().includes(selected)) throw new Error(unknownVersionMessage(selected));
	return [selected];
}

function unknownVersionMessage(version: string): string {
	return `n8n ${version} is not one of the runtimes this project installs (${knownVersions().join(', ')}; see test/n8n-runtime/runtimes.json)`;
}

/**
 * The n8n a test file runs against: the one its jest project names (jest.config.js runs the e2e
 * suite once per runtime), else the one AFFINDA_TEST_N8N picks, else the reference.
 */
export function versionForThisTest(): string {
	const fromProject = (globalThis as { AFFINDA_N8N_VERSION?: string }).AFFINDA_N8N_VERSION;
	if (fromProject) return fromProject;
	return process.env.AFFINDA_TEST_N8N ? versionsUnderTest()[0] : referenceVersion();
}
