// The shared floors (CONTRIBUTING's layers): each module loads only what lies below it, as the
// import closure says (test/helpers/import-closure.ts: the relative requires tsc leaves, followed
// file by file). The transport loads no Output and no parameter definition; Output loads no
// parameter definition, locator or trigger setting.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

import { importClosure } from '../helpers/import-closure';
import { PROJECT_ROOT } from '../helpers/project-root';

const OUTPUT = 'nodes/shared/output/';
const isOutput = (file: string) => file.startsWith(OUTPUT);

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
});
