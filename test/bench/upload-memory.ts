/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- measures memory in a child process */
// How much memory uploading many large files costs the node: the growth of what the process keeps
// alive (JS heap plus buffers, sampled right after a garbage collection every 25 ms) while 200
// files of 1 MB go out (Wait off), above what it held before. Garbage not yet collected is left
// out: how much of it piles up is the collector's choice, not the node's. Measured in a process of
// its own (n8n-core in-process, the package from dist/) so that nothing else allocates meanwhile;
// the sink that receives the files runs in the parent.
//
// V8 frees the memory of dead buffers on a background thread after a collection, so a sample taken
// right after one still counts buffers that are already garbage: decoding a file from the item's
// base64 makes them fast enough that this was most of the figure (about 5x one file at
// Concurrency 5, against 1.5x once they are freed). The child therefore frees them before the
// collection returns (--no-concurrent-array-buffer-sweeping); `countDeadBuffers` measures the
// default way, for comparison.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import '../helpers/jest/setup-env';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';
import { runWorkflow, stopN8nCoreTimers, storeBinaryFile } from '../helpers/n8n-in-process';

export interface UploadMemory {
	mode: 'filesystem' | 'memory';
	files: number;
	fileBytes: number;
	/** Peak of live heap + array buffers during the run, above the level before it. */
	peakGrowthBytes: number;
	/** The same, in files: the figure the target (≤ 3) is about. */
	peakGrowthInFiles: number;
	/** Whether dead buffers V8 had not yet freed were counted (V8's default background freeing). */
	deadBuffersCounted: boolean;
}

const SAMPLE_EVERY_MS = 25;

/** V8 flag: a collection frees dead buffers before it returns, not on a background thread after. */
const FREE_BUFFERS_IN_COLLECTION = '--no-concurrent-array-buffer-sweeping';

/** Heap and buffers still in use, garbage collected first. */
function live(): number {
	(globalThis as { gc?: () => void }).gc?.();
	const { heapUsed, arrayBuffers } = process.memoryUsage();
	return heapUsed + arrayBuffers;
}

/**
 * What the process holds at rest: the median of samples over half a second. One sample alone
 * varies by megabytes (a collection right after a run may not yet have freed everything).
 */
async function settledLevel(): Promise<number> {
	const samples: number[] = [];
	for (let sample = 0; sample < 20; sample++) {
		samples.push(live());
		await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
	}
	return samples.sort((a, b) => a - b)[samples.length >> 1];
}

async function measure(
	mode: UploadMemory['mode'],
	sinkUrl: string,
	key: string,
	files: number,
	fileBytes: number,
): Promise<UploadMemory> {
	const content = (index: number) => Buffer.alloc(fileBytes, `resume ${index} `);
	const input: INodeExecutionData[] = [];
	for (let index = 0; index < files; index++) {
		const binary: IBinaryData =
			mode === 'filesystem'
				? await storeBinaryFile(content(index), `resume-${index}.txt`, 'text/plain')
				: {
						data: content(index).toString('base64'),
						mimeType: 'text/plain',
						fileName: `resume-${index}.txt`,
					};
		input.push({ json: { index }, binary: { data: binary } });
	}
	const workflow = affindaWorkflow(
		{
			resource: 'document',
			operation: 'upload',
			source: 'binary',
			binaryPropertyName: 'data',
			destination: 'workspace',
			workspace: { __rl: true, mode: 'id', value: 'emuRecru' },
			wait: false,
		},
		{ typeVersion: 1 },
	);
	const credentials = affindaCredentials(sinkUrl, key);
	// Once first, so that code n8n and the node load on first use is not counted as growth.
	await runWorkflow(workflow, { credentials, input: input.slice(0, 5) });
	const before = await settledLevel();
	let peak = before;
	const sampler = setInterval(() => (peak = Math.max(peak, live())), SAMPLE_EVERY_MS);
	try {
		const run = await runWorkflow(workflow, { credentials, input });
		const uploaded = run.output(AFFINDA_NODE_NAME).length;
		if (uploaded !== files)
			throw new Error(`${uploaded} of ${files} uploaded: ${run.error()?.message}`);
	} finally {
		clearInterval(sampler);
	}
	return {
		mode,
		files,
		fileBytes,
		peakGrowthBytes: peak - before,
		peakGrowthInFiles: (peak - before) / fileBytes,
		deadBuffersCounted: !process.execArgv.includes(FREE_BUFFERS_IN_COLLECTION),
	};
}

/** Runs the measurement in a fresh Node process with the garbage collector exposed. */
export async function measureUploadMemory(
	mode: UploadMemory['mode'],
	sinkUrl: string,
	key: string,
	{ files = 200, fileBytes = 1024 * 1024, countDeadBuffers = false } = {},
): Promise<UploadMemory> {
	const v8Flags = countDeadBuffers ? ['--expose-gc'] : ['--expose-gc', FREE_BUFFERS_IN_COLLECTION];
	const { stdout } = await promisify(execFile)(
		process.execPath,
		[...v8Flags, __filename, mode, sinkUrl, key, String(files), String(fileBytes)],
		{ maxBuffer: 1024 * 1024 },
	);
	return JSON.parse(stdout.trim().split('\n').pop() as string) as UploadMemory;
}

if (require.main === module) {
	const [mode, sinkUrl, key, files, fileBytes] = process.argv.slice(2);
	measure(mode as UploadMemory['mode'], sinkUrl, key, Number(files), Number(fileBytes))
		.then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
		.catch((error: Error) => {
			process.stderr.write(`${error.stack ?? String(error)}\n`);
			process.exitCode = 1;
		})
		.finally(() => stopN8nCoreTimers());
}
