// Upload reads its file through n8n's binary data service. When the file is not where the item's
// binary data mode says (queue mode with filesystem storage that the worker does not share), the
// error must say which mode is in use and what to change, and nothing may reach the service.
import type { IBinaryData } from 'n8n-workflow';

import { binaryDataMode } from '../../nodes/Affinda/helpers/binary';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import { documentAnswer, WORKSPACE } from '../helpers/document-answers';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

describe('Upload when n8n cannot read the binary file', () => {
	let server: RecordingServer;
	let stored: IBinaryData;

	beforeAll(async () => {
		server = await startRecordingServer(() => ({ body: documentAnswer('docA') }));
		stored = await storeBinaryFile(
			Buffer.from('Jane Doe\nPython developer'),
			'jane.txt',
			'text/plain',
		);
	});
	afterAll(async () => {
		await server.stop();
		stopN8nCoreTimers();
	});

	test("a file stored on another process's disk (filesystem mode): the error names the mode and the fix", async () => {
		// What a worker sees when the main process stored the file on its own disk.
		const elsewhere: IBinaryData = { ...stored, id: `${stored.id}-on-the-main-process` };
		const { run, error } = await runWorkflow(
			affindaWorkflow({
				resource: 'document',
				operation: 'upload',
				source: 'binary',
				binaryPropertyName: 'cv',
				workspace: { __rl: true, mode: 'id', value: WORKSPACE.identifier },
			}),
			{
				credentials: affindaCredentials(server.url),
				input: [{ json: {}, binary: { cv: elsewhere } }],
			},
		);

		expect(run.status).toBe('error');
		expect(error()?.message).toMatch(
			/^Cannot read the file in binary field "cv" \(n8n binary data mode: filesystem\): File not found/,
		);
		expect(error()?.description).toMatch(/N8N_BINARY_DATA_STORAGE_PATH/);
		expect(error()?.description).toMatch(/N8N_DEFAULT_BINARY_DATA_MODE=database \(or s3\)/);
		expect(run.data.resultData.lastNodeExecuted).toBe(AFFINDA_NODE_NAME);
		expect(server.requests).toEqual([]);
	});

	test.each([
		['filesystem-v2:workflows/1/executions/2/binary_data/abc', 'filesystem'],
		['filesystem:abc', 'filesystem'],
		['database:workflows/1/executions/2/binary_data/abc', 'database'],
		['s3:workflows/1/executions/2/binary_data/abc', 's3'],
		[undefined, 'default'],
	])('binary id %s is stored in %s mode', (id, mode) => {
		expect(binaryDataMode({ id, data: '', mimeType: 'text/plain' })).toBe(mode);
	});
});
