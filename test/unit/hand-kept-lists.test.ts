// The lists people keep by hand beside the code, held to it: CONTRIBUTING's settled names of
// resources and operations, README's AI-agent table, and test/README's map of where a behaviour
// is tested. A new operation, a moved test or a renamed file fails here until its list says so.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operations, properties } from '../../nodes/Affinda/actions/resources';
import { PROJECT_ROOT } from '../helpers/project-root';

const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');

/** The text of a Markdown section, from its heading to the next heading of its level or above. */
function section(markdown: string, heading: string): string {
	const start = markdown.indexOf(`\n${heading}\n`);
	expect(start).toBeGreaterThan(-1);
	const level = /^#+/.exec(heading)![0].length;
	const rest = markdown.slice(start + heading.length + 2);
	const end = rest.search(new RegExp(`\\n#{1,${level}} `));
	return end === -1 ? rest : rest.slice(0, end);
}

/** The registry's resources and operations, by the names the panel shows, with their values. */
function displayNames(): Map<string, { value: string; operations: Map<string, string> }> {
	const resource = properties.find((property) => property.name === 'resource')!;
	return new Map(
		(resource.options as INodePropertyOptions[]).map(({ name, value }) => {
			const operation = properties.find(
				(property: INodeProperties) =>
					property.name === 'operation' &&
					property.displayOptions?.show?.resource?.includes(value as string),
			)!;
			const names = (operation.options as INodePropertyOptions[]).map(
				// Compared in lower case: the panel writes "Re-Index Document", prose "Re-index".
				(option) => [option.name.toLowerCase(), String(option.value)] as const,
			);
			return [name, { value: String(value), operations: new Map(names) }];
		}),
	);
}

describe('the lists kept by hand', () => {
	test("CONTRIBUTING's settled names list every resource and operation of the registry", () => {
		const settled = section(read('CONTRIBUTING.md'), '## Settled choices');
		const names = settled.slice(settled.indexOf('Resources and operations'));
		const listed = Object.fromEntries(
			[...names.matchAll(/`(\w+)` \(((?:`\w+`,?\s*)+)\)/g)].map(([, resource, ops]) => [
				resource,
				[...ops.matchAll(/`(\w+)`/g)].map(([, op]) => op).sort(),
			]),
		);
		const registry = Object.fromEntries(
			Object.entries(operations).map(([resource, ops]) => [resource, Object.keys(ops).sort()]),
		);
		expect(listed).toEqual(registry);
	});

	test("README's AI-agent table names operations that exist and are tools", () => {
		const table = section(read('README.md'), '## AI agents')
			.split('\n')
			.filter((line) => line.startsWith('| ') && !line.startsWith('| Tool ') && !/^\| -/.test(line))
			.map((line) => line.split('|')[1].trim());
		expect(table.length).toBeGreaterThan(5);
		const names = displayNames();
		const problems: string[] = [];
		for (const cell of table) {
			// "Resume → Parse, Document → Upload", "Document → Add Tag, Remove Tag",
			// "Get Match Detail (both)": the resource carries on; "(both)" is in two resources.
			let resource = '';
			for (const part of cell.split(', ')) {
				const [given, named] = part.includes(' → ') ? part.split(' → ') : [resource, part];
				resource = given;
				const operation = named.replace(/ \(both\)$/, '').toLowerCase();
				const inResources = !named.endsWith(' (both)')
					? [resource]
					: [...names.keys()].filter((name) => names.get(name)!.operations.has(operation));
				if (named.endsWith(' (both)') && inResources.length < 2)
					problems.push(`${cell}: "${operation}" is not in two resources`);
				for (const name of inResources) {
					const found = names.get(name);
					const value = found?.operations.get(operation);
					const module = found && value ? operations[found.value][value] : undefined;
					if (!module) problems.push(`${cell}: no operation ${name} → ${operation}`);
					else if (!module.toolDescription)
						problems.push(`${cell}: ${name} → ${operation} is no tool`);
				}
			}
		}
		expect(problems).toEqual([]);
	});

	test("test/README's map names files that exist, and every workflow test", () => {
		const map = section(read('test/README.md'), '## Where a behaviour is tested');
		const named = [
			...map.matchAll(
				/`((?:unit|workflow|e2e|emulator|package|queue|browser|helpers|fixtures|live)\/[^`<>\s]*)`/g,
			),
		].map(([, path]) => path);
		expect(named.filter((path) => !existsSync(join(PROJECT_ROOT, 'test', path)))).toEqual([]);
		const workflowTests = readdirSync(join(PROJECT_ROOT, 'test', 'workflow'))
			.filter((file) => file.endsWith('.test.ts'))
			.map((file) => `workflow/${file}`);
		expect(workflowTests.filter((file) => !named.includes(file))).toEqual([]);
	});
});
