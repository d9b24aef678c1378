/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// Where the reference n8n and the example workflows live.
import { join } from 'node:path';

import { PACKAGE_NAME, PROJECT_ROOT } from '../helpers/project-root';

export { PROJECT_ROOT };
export const PROJECT_PACKAGE_NAME = PACKAGE_NAME;

/** The runtime folder: its package.json and lockfile pin n8n; node_modules is installed beside them. */
export const RUNTIME_DIR = join(PROJECT_ROOT, 'test', 'n8n-runtime');

/** Example workflows users import; the e2e suite and the demo run these very files. */
export const EXAMPLES_DIR = join(PROJECT_ROOT, 'test', 'examples');
