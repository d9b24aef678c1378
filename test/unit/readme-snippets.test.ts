// The README's JSON snippets keep up with the nodes. The test finds every JSON block in README.md
// by itself, so a snippet added later is checked too: node parameters and workflows must be what
// the node's default version shows, in its shapes (a version 1 parameter such as Match Detail's
// `weights` is refused), and an Affinda Trigger item must have the fields the trigger gives one.
// A JSON block of any other kind fails here until this test is taught what it is.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { eventItem } from '../../nodes/shared/documentEvents';
import { NODE_TYPES, problemsOf } from '../helpers/node-parameters';
import { PACKAGE_NAME, PROJECT_ROOT } from '../helpers/project-root';

const AFFINDA = `${PACKAGE_NAME}.affinda`;

interface Block {
	/** The line of README.md the block's opening fence is on. */
	line: number;
	text: string;
}

/** Every fenced block marked json (or unmarked and holding a JSON object or list). */
export function jsonBlocks(markdown: string): Block[] {
	const blocks: Block[] = [];
	const lines = markdown.split('\n');
	for (let index = 0; index < lines.length; index++) {
		const opening = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[index]);
		if (!opening) continue;
		const [, fence, language] = opening;
		const body: string[] = [];
		let end = index + 1;
		while (end < lines.length && !lines[end].trim().startsWith(fence)) body.push(lines[end++]);
		const text = body.join('\n');
		const unmarkedJson = language === '' && /^\s*[[{]/.test(text);
		if (/^json5?c?$/i.test(language) || unmarkedJson) blocks.push({ line: index + 1, text });
		index = end;
	}
	return blocks;
}

type Kind = 'Affinda node parameters' | 'workflow' | 'Affinda Trigger item';

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const isNodeParameters = (value: unknown) =>
	isObject(value) && typeof value.resource === 'string' && typeof value.operation === 'string';

/** What is wrong with one block, and what kind of snippet it was taken for. */
export function blockProblems({ line, text }: Block): { kind?: Kind; problems: string[] } {
	const at = `README.md:${line}`;
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return { problems: [`${at}: not valid JSON (${(error as Error).message})`] };
	}
	const affinda = NODE_TYPES[AFFINDA];
	const parametersProblems = (parameters: unknown, where: string) =>
		problemsOf(
			{ type: AFFINDA, parameters: parameters as INodeParameters },
			affinda.defaultVersion,
		).map((problem) => `${where}: ${problem}`);

	if (isNodeParameters(json)) {
		return { kind: 'Affinda node parameters', problems: parametersProblems(json, at) };
	}
	if (Array.isArray(json) && json.length > 0 && json.every(isNodeParameters)) {
		return {
			kind: 'Affinda node parameters',
			problems: json.flatMap((parameters, n) => parametersProblems(parameters, `${at} [${n}]`)),
		};
	}
	if (isObject(json) && Array.isArray(json.nodes)) {
		const ours = (json.nodes as IDataObject[]).filter((node) =>
			String(node.type).startsWith(`${PACKAGE_NAME}.`),
		);
		return {
			kind: 'workflow',
			problems: ours.flatMap((node) => {
				const where = `${at} › ${String(node.name)}`;
				const type = NODE_TYPES[String(node.type)];
				if (!type) return [`${where}: ${String(node.type)} is no node of this package`];
				if (node.typeVersion !== type.defaultVersion) {
					return [`${where}: version ${String(node.typeVersion)}, not ${type.defaultVersion}`];
				}
				const parameters = (node.parameters ?? {}) as INodeParameters;
				return problemsOf({ type: String(node.type), parameters }, type.defaultVersion).map(
					(problem) => `${where}: ${problem}`,
				);
			}),
		};
	}
	if (isObject(json) && typeof json.event === 'string' && isObject(json.payload)) {
		const fields = Object.keys(
			eventItem({ event: json.event, id: 'e1', timestamp: 0, payload: json.payload }, true),
		);
		const shown = Object.keys(json);
		const missing = fields.filter((field) => !shown.includes(field));
		const unknown = shown.filter((field) => !fields.includes(field));
		return {
			kind: 'Affinda Trigger item',
			problems: [
				...missing.map((field) => `${at}: the trigger's item has "${field}", the snippet not`),
				...unknown.map((field) => `${at}: "${field}" is no field of the trigger's item`),
			],
		};
	}
	return {
		problems: [
			`${at}: JSON this test does not know (node parameters, a workflow, a trigger item): teach it`,
		],
	};
}

describe("the README's JSON snippets", () => {
	const blocks = jsonBlocks(readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8'));
	const checked = blocks.map((block) => ({ block, ...blockProblems(block) }));

	test('are found by the test itself: node parameters and a trigger item among them', () => {
		const kinds = checked.map(({ kind }) => kind);
		expect(kinds.filter((kind) => kind === 'Affinda node parameters').length).toBeGreaterThan(4);
		expect(kinds).toContain('Affinda Trigger item');
	});

	test("each is the current version's shape, or the trigger's item as it is", () => {
		expect(checked.flatMap(({ problems }) => problems)).toEqual([]);
	});
});

describe('the README check itself', () => {
	const block = (json: unknown, line = 7): Block => ({ line, text: JSON.stringify(json) });

	test("refuses version 1's Match Detail weights, and finds a block however it is fenced", () => {
		const markdown = [
			'Example:',
			'',
			'```json',
			JSON.stringify({
				resource: 'jobDescription',
				operation: 'getMatchDetail',
				identifier: 'XjLcNvSu',
				indices: ['all-job-descriptions'],
				weights: { skillsWeight: 0.9 },
			}),
			'```',
			'',
			'  ~~~',
			'  [{"resource": "index", "operation": "addDocument", "indexName": "all-resumes"}]',
			'  ~~~',
			'```bash',
			'npm ci',
			'```',
		].join('\n');
		const blocks = jsonBlocks(markdown);
		expect(blocks.map(({ line }) => line)).toEqual([3, 7]);
		expect(blocks.map((found) => blockProblems(found))).toEqual([
			{
				kind: 'Affinda node parameters',
				problems: [
					'README.md:3: identifier: "XjLcNvSu" is not a resource locator ({__rl: true, mode: list or id, value})',
					'README.md:3: weights: not shown with these settings',
				],
			},
			{ kind: 'Affinda node parameters', problems: [] },
		]);
	});

	test('refuses a workflow whose node is on an old version, and JSON it does not know', () => {
		const workflow = {
			nodes: [
				{ name: 'Search', type: AFFINDA, typeVersion: 1, parameters: {} },
				{ name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3, parameters: {} },
			],
		};
		expect(blockProblems(block(workflow)).problems).toEqual([
			`README.md:7 › Search: version 1, not ${NODE_TYPES[AFFINDA].defaultVersion}`,
		]);
		expect(blockProblems(block({ score: 0.9 })).problems).toEqual([
			'README.md:7: JSON this test does not know (node parameters, a workflow, a trigger item): teach it',
		]);
		expect(blockProblems({ line: 9, text: '{"resource": ' }).problems[0]).toMatch(
			/^README\.md:9: not valid JSON/,
		);
	});

	test("refuses a trigger item missing one of the trigger's fields", () => {
		const item = { event: 'document.parse.succeeded', payload: { identifier: 'abc' }, state: 'x' };
		expect(blockProblems(block(item)).problems).toEqual(
			[
				'eventId',
				'time',
				'identifier',
				'customIdentifier',
				'fileName',
				'workspace',
				'verified',
			].map((field) => `README.md:7: the trigger's item has "${field}", the snippet not`),
		);
	});
});
