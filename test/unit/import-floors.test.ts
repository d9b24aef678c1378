// The shared floors (CONTRIBUTING's layers): each module loads only what lies below it, as the
// import closure says (test/helpers/import-closure.ts: the relative requires tsc leaves, followed
// file by file). The transport loads no Output and no parameter definition; Output loads no
// parameter definition, locator or trigger setting; an operation that offers no Output loads no
// Output module.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

import { importClosure } from '../helpers/import-closure';
import { PROJECT_ROOT } from '../helpers/project-root';

const OUTPUT = 'nodes/shared/output/';
const isOutput = (file: string) => file.startsWith(OUTPUT);

interface Property {
	name: string;
	options?: Property[];
}

/**
 * An operation offers Output when its parameters include one named `output`, or, without one, a
 * part of it in its Options (Protect Against Formulas, applied to its rows by the router).
 */
function offersOutput(file: string): boolean {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(join(PROJECT_ROOT, file)) as { description?: Property[] };
	return (module.description ?? []).some(
		(property) =>
			property.name === 'output' ||
			(property.name === 'options' &&
				(property.options ?? []).some((option) => option.name === 'protectAgainstFormulas')),
	);
}

function sourcesUnder(folder: string): string[] {
	return readdirSync(join(PROJECT_ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourcesUnder(path);
		return entry.name.endsWith('.ts') ? [relative('.', path)] : [];
	});
}

describe('the floors of nodes/shared', () => {
	test('the transport loads the plain helpers and the credential only: no Output, no parameter definition', () => {
		const { files } = importClosure('nodes/shared/transport');
		expect(
			files.filter(
				(file) =>
					!file.startsWith('nodes/shared/transport/') &&
					!['nodes/shared/errors.ts', 'nodes/shared/readers.ts'].includes(file) &&
					!file.startsWith('credentials/'),
			),
		).toEqual([]);
	});

	test('Output loads no parameter definition, locator, trigger setting or node code', () => {
		const above = sourcesUnder(OUTPUT).flatMap((file) =>
			importClosure(file).files.filter(
				(loaded) =>
					[
						'nodes/shared/parameters.ts',
						'nodes/shared/locator.ts',
						'nodes/shared/triggerSettings.ts',
					].includes(loaded) ||
					(!loaded.startsWith('nodes/shared/') && !loaded.startsWith('credentials/')),
			),
		);
		expect(above).toEqual([]);
	});

	test('the parameter definitions load no Output and no trigger setting', () => {
		const { files } = importClosure('nodes/shared/parameters.ts');
		expect(files.filter((file) => isOutput(file) || file.endsWith('triggerSettings.ts'))).toEqual(
			[],
		);
	});

	test('an operation that offers no Output loads no Output module', () => {
		const operations = sourcesUnder('nodes/Affinda/actions').filter((file) =>
			file.endsWith('.operation.ts'),
		);
		const withoutOutput = operations.filter((file) => !offersOutput(file));
		expect(withoutOutput).toContain('nodes/Affinda/actions/tag/delete.operation.ts');
		expect(operations.length - withoutOutput.length).toBeGreaterThan(5);
		const loaded = Object.fromEntries(
			withoutOutput
				.map((file) => [file, importClosure(file).files.filter(isOutput)] as const)
				.filter(([, output]) => output.length > 0),
		);
		expect(loaded).toEqual({});
	});
});
