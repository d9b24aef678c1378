/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- runs the sweep in a child it can kill */
/**
 * Every regular expression the package ships runs on text somebody else wrote (a CV, a service's
 * answer, a header), so each must take time linear in its input: one that backtracks
 * quadratically holds the whole n8n process (a 20,000-digit first name held Document → Get for 6 s).
 *
 * This test finds every pattern in the shipped sources (no pattern escapes it: `new RegExp` is
 * refused) and runs each against 1 MB hostile inputs: long runs of each character or pair the
 * pattern could consume, after its own literal words, ending in a character that breaks the match.
 * A linear pattern answers each in milliseconds; a quadratic one would take hours, so the limit
 * below (seconds without a single answer) cannot be reached by load alone.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

import { PROJECT_ROOT } from '../helpers/project-root';

interface ShippedPattern {
	where: string;
	source: string;
	flags: string;
}

const SHIPPED_FOLDERS = ['nodes', 'credentials'];
/** Seconds one exec may run before the pattern counts as super-linear (linear ones take ms). */
const SILENCE_LIMIT_S = 15;
const INPUT_LENGTH = 1_000_000;

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

function patternsAndConstructors(): { patterns: ShippedPattern[]; constructed: string[] } {
	const patterns: ShippedPattern[] = [];
	const constructed: string[] = [];
	for (const file of SHIPPED_FOLDERS.flatMap((f) => sourceFiles(join(PROJECT_ROOT, f)))) {
		const text = readFileSync(file, 'utf8');
		const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
		const where = (node: ts.Node) =>
			`${relative(PROJECT_ROOT, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
		const visit = (node: ts.Node): void => {
			if (ts.isRegularExpressionLiteral(node)) {
				const literal = node.text;
				const end = literal.lastIndexOf('/');
				patterns.push({
					where: where(node),
					source: literal.slice(1, end),
					flags: literal.slice(end + 1),
				});
			}
			if (
				(ts.isNewExpression(node) || ts.isCallExpression(node)) &&
				ts.isIdentifier(node.expression) &&
				node.expression.text === 'RegExp'
			) {
				constructed.push(where(node));
			}
			ts.forEachChild(node, visit);
		};
		visit(tree);
	}
	return { patterns, constructed };
}

/**
 * The sweep runs in a child process: an exec cannot be interrupted in the process running it, and
 * a super-linear one must fail this test, not hang the run. It says which input it starts before
 * each exec; the parent kills it when it stays silent too long.
 */
const SWEEP = `
const patterns = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const LENGTH = ${INPUT_LENGTH};
const SINGLE = "0 1aZ_.-/()+=@\\t\\n\\r;'\\":ex%#&^!,T\\\\<>[]*?{}|$~\`\\u00e9\\u00a0";
const PAIRS = ['0 ', 'a.', '0.', '-0', 'a-', '0e', '. ', 'a ', '0/', '(0', 'a=', "a'"];
const SUFFIXES = ['', '!', 'x', '\\u0000', ';', '\\n'];
const bodies = new Map();
const body = (unit) => {
  if (!bodies.has(unit)) bodies.set(unit, unit.repeat(Math.ceil(LENGTH / unit.length)));
  return bodies.get(unit);
};
let slowest = { ms: 0, where: '' };
for (const { where, source, flags } of patterns) {
  const re = new RegExp(source, flags.replace(/[gy]/g, ''));
  // The pattern's own literal words (outside escapes and classes): a run of them, or a run after one.
  const words = source.replace(/\\\\./g, ' ').replace(/\\[[^\\]]*\\]/g, ' ')
    .split(/[^A-Za-z0-9=*'_-]+/).filter((w) => w.length > 1);
  const units = [...SINGLE, ...PAIRS, ...words];
  for (const prefix of ['', ...words]) for (const unit of units) for (const suffix of SUFFIXES) {
    const input = prefix + body(unit) + suffix;
    process.stdout.write(JSON.stringify({ where, prefix, unit, suffix }) + '\\n');
    const started = process.hrtime.bigint();
    re.exec(input);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (ms > slowest.ms) slowest = { ms, where };
  }
}
process.stdout.write(JSON.stringify({ done: patterns.length, slowest }) + '\\n');
`;

interface SweepEnd {
	done?: number;
	slowest?: { ms: number; where: string };
	stuckOn?: string;
}

function sweep(patterns: ShippedPattern[], silenceLimitS = SILENCE_LIMIT_S): Promise<SweepEnd> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['-e', SWEEP], { stdio: ['pipe', 'pipe', 'inherit'] });
		let last = '';
		let buffered = '';
		let timer: NodeJS.Timeout | undefined;
		const arm = () => {
			clearTimeout(timer);
			timer = setTimeout(() => {
				child.kill('SIGKILL');
				resolve({ stuckOn: last });
			}, silenceLimitS * 1000);
		};
		child.stdout.setEncoding('utf8');
		child.stdout.on('data', (chunk: string) => {
			buffered += chunk;
			const lines = buffered.split('\n');
			buffered = lines.pop() ?? '';
			if (lines.length > 0) last = lines[lines.length - 1];
			arm();
		});
		child.on('error', reject);
		child.on('close', () => {
			clearTimeout(timer);
			const end = JSON.parse(last) as SweepEnd;
			if (end.done !== undefined) resolve(end);
		});
		arm();
		child.stdin.end(JSON.stringify(patterns));
	});
}

describe('every shipped regular expression is linear', () => {
	const { patterns, constructed } = patternsAndConstructors();

	it('finds the patterns: every one is a literal it can read', () => {
		expect(constructed).toEqual([]);
		// The formula protection's pattern, the one that was quadratic, is among them.
		expect(patterns.map((p) => p.where)).toContainEqual(
			expect.stringMatching(/^nodes\/shared\/output\//),
		);
		expect(patterns.length).toBeGreaterThan(10);
	});

	it('answers each 1 MB hostile input without stalling', async () => {
		const end = await sweep(patterns);
		expect(end.stuckOn).toBeUndefined();
		expect(end.done).toBe(patterns.length);
	}, 300_000);

	it('would catch the quadratic pattern Protect Against Formulas had', async () => {
		const end = await sweep(
			[
				{
					where: 'the old phone-or-number exception',
					source: '^[+-]?[\\d\\s().\\-/]*\\d[\\d\\s().\\-/]*$',
					flags: '',
				},
				// It stalls for hours on its first hostile input; a few seconds of silence are enough here.
			],
			5,
		);
		expect(end.stuckOn).toContain('the old phone-or-number exception');
	}, 60_000);
});
