/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// n8n-core writes its settings under N8N_USER_FOLDER and starts timers; keep both out of the way.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'affinda-jest-'));
process.env.N8N_ENCRYPTION_KEY ??= 'affinda-test-encryption-key';
process.env.N8N_LOG_CRON_ACTIVE_INTERVAL ??= '0';
process.env.N8N_LOG_LEVEL ??= 'silent';
