/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// Where the sample files live, whether this runs compiled (from node_modules/.cache/...) or
// through ts-jest (from test/emulator/).
import { join } from 'node:path';

import { PROJECT_ROOT } from '../helpers/project-root';

export function fixturesDir(): string {
	return join(PROJECT_ROOT, 'test', 'fixtures');
}
