/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// What loading one shipped module loads with it: the relative imports that survive compilation
// (each file is transpiled as tsc would, so an import used only as a type is dropped), followed
// file by file. test/unit/import-floors.test.ts holds the floors with it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import * as ts from 'typescript';

import { PROJECT_ROOT } from './project-root';

export interface Closure {
	/** Project-relative paths, the modules asked for first, the rest sorted. */
	files: string[];
	/** Lines of the sources, summed. */
	lines: number;
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const requiresCache = new Map<string, string[]>();

/** The project-relative files one source file requires once compiled. */
export function requiresOf(file: string): string[] {
	const known = requiresCache.get(file);
	if (known) return known;
	const absolute = resolve(PROJECT_ROOT, file);
	const { outputText } = ts.transpileModule(readFileSync(absolute, 'utf8'), {
		compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
		fileName: absolute,
	});
	const found = new Set<string>();
	for (const [, specifier] of outputText.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
		const base = resolve(dirname(absolute), specifier);
		const target = [`${base}.ts`, join(base, 'index.ts'), base].find(
			(candidate) => existsSync(candidate) && !candidate.endsWith('/'),
		);
		if (target) found.add(relative(PROJECT_ROOT, target));
	}
	requiresCache.set(file, [...found]);
	return [...found];
}

/** Every project file loading `start` (a file, or each .ts file of a folder) loads, and their lines. */
export function importClosure(start: string): Closure {
	const absolute = resolve(PROJECT_ROOT, start);
	const starts = statSync(absolute).isDirectory()
		? readdirSync(absolute)
				.filter((name) => name.endsWith('.ts'))
				.sort()
				.map((name) => relative(PROJECT_ROOT, join(absolute, name)))
		: [relative(PROJECT_ROOT, absolute)];
	const seen = new Set<string>(starts);
	const queue = [...starts];
	while (queue.length > 0) {
		for (const next of requiresOf(queue.shift()!)) {
			if (seen.has(next)) continue;
			seen.add(next);
			queue.push(next);
		}
	}
	const files = [...starts, ...[...seen].slice(starts.length).sort()];
	const lines = files.reduce(
		(total, path) => total + lineCount(readFileSync(join(PROJECT_ROOT, path), 'utf8')),
		0,
	);
	return { files, lines };
}
