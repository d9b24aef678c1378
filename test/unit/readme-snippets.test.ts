// The README's JSON snippets keep up with the nodes. The test finds every JSON block in README.md
// and REFERENCE.md by itself, so a snippet added later is checked too: node parameters and
// workflows must be what the node's default version shows, in its shapes (a pre-release parameter
// such as Match Detail's `weights` is refused), and an Affinda Trigger item must have the fields
// the trigger gives one. A JSON block of any other kind fails here until this test is taught it.
import { NODE_TYPES } from '../helpers/node-parameters';
import {
	AFFINDA,
	blockProblems,
	jsonBlocks,
	readmeSnippets,
	type Block,
} from '../helpers/readme-snippets';

describe("the README's JSON snippets", () => {
	const checked = readmeSnippets();

	test('are found by the test itself: node parameters and a trigger item among them', () => {
		const kinds = checked.map(({ kind }) => kind);
		expect(kinds.filter((kind) => kind === 'Affinda node parameters').length).toBeGreaterThan(4);
		expect(kinds).toContain('Affinda Trigger item');
		for (const kind of ['Work History item', 'Education item', 'JSON Resume item'])
			expect(kinds).toContain(kind);
	});

	test("each is the current version's shape, or the trigger's item as it is", () => {
		expect(checked.flatMap(({ problems }) => problems)).toEqual([]);
	});
});

describe('the README check itself', () => {
	const block = (json: unknown, line = 7): Block => ({ line, text: JSON.stringify(json) });

	test('refuses the pre-release Match Detail weights, and finds a block however it is fenced', () => {
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
		expect(
			blocks.map((found) => {
				const { kind, problems } = blockProblems(found);
				return { kind, problems };
			}),
		).toEqual([
			{
				kind: 'Affinda node parameters',
				problems: [
					'README.md:3: identifier: "XjLcNvSu" is not a resource locator ({__rl: true, mode: list or id or url, value})',
					'README.md:3: weights: not shown with these settings',
				],
			},
			{ kind: 'Affinda node parameters', problems: [] },
		]);
	});

	test("refuses a Work History, Education or JSON Resume sample the node does not make of the emulator's CV", () => {
		const samples = readmeSnippets().filter(
			({ kind }) => kind?.endsWith(' item') && kind !== 'Affinda Trigger item',
		);
		expect(samples).toHaveLength(3);
		for (const { block: found, kind } of samples) {
			const json = JSON.parse(found.text) as Record<string, unknown>;
			const changed = 'basics' in json ? { ...json, skills: [] } : { ...json, position: 9 };
			expect(blockProblems(block(changed)).problems).toEqual([
				expect.stringMatching(
					new RegExp(`^README.md:7: the ${kind === 'JSON Resume item' ? 'JSON Resume' : kind}`),
				),
			]);
		}
	});

	test('refuses a workflow whose node is on another version, and JSON it does not know', () => {
		const workflow = {
			nodes: [
				{ name: 'Search', type: AFFINDA, typeVersion: 3, parameters: {} },
				{ name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3, parameters: {} },
			],
		};
		expect(blockProblems(block(workflow)).problems).toEqual([
			`README.md:7 › Search: version 3, not ${NODE_TYPES[AFFINDA].defaultVersion}`,
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
