/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The emulator's own speed, which tests must not assert: how long generating 10,000 resumes takes,
// and how much later than its parse delay a `wait=true` upload is answered.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import { startEmulator } from '../emulator';
import { median } from './stats';

export interface EmulatorFigures {
	generation10kMs: number;
	generationSamplesMs: number[];
	parseDelayMs: number;
	/** Answer time of a wait=true upload minus the parse delay, median of the samples. */
	waitAnswerLateMs: number;
}

export async function measureEmulator(samples = 3, uploads = 10): Promise<EmulatorFigures> {
	const generationSamplesMs: number[] = [];
	for (let sample = 0; sample < samples; sample++) {
		const emulator = await startEmulator({ resumeCount: 10_000, recordRequests: false });
		generationSamplesMs.push(emulator.stats.generationMs);
		await emulator.stop();
	}

	const parseDelayMs = 300;
	const emulator = await startEmulator({ resumeCount: 10, parseDelayMs, recordRequests: false });
	const late: number[] = [];
	try {
		const path = emulator.fixtures.sampleFiles.resumeText;
		const file = readFileSync(path);
		for (let upload = 0; upload < uploads; upload++) {
			const form = new FormData();
			form.append('file', new Blob([file], { type: 'text/plain' }), basename(path));
			form.append('workspace', emulator.fixtures.workspaces.recruitment.identifier);
			form.append('wait', 'true');
			const started = performance.now();
			const response = await fetch(`${emulator.url}/v3/documents`, {
				method: 'POST',
				headers: { authorization: `Bearer ${emulator.fixtures.key}` },
				body: form,
			});
			await response.json();
			late.push(performance.now() - started - parseDelayMs);
		}
	} finally {
		await emulator.stop();
	}
	return {
		generation10kMs: median(generationSamplesMs),
		generationSamplesMs,
		parseDelayMs,
		waitAnswerLateMs: median(late),
	};
}
