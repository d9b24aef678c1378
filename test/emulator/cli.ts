/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// npm run emulator -- --port 4010 --key test-key --seed 1 [more flags: --help]
// Prints "Affinda emulator listening on <url> ..." once ready; stops cleanly on SIGINT/SIGTERM.

import { parseArgs } from 'node:util';

import { startEmulator, type EmulatorOptions } from './index';

const HELP = `Local emulator of the Affinda service (127.0.0.1 only).

  --port <n>              port to listen on (default 4010; 0 picks a free one)
  --key <key>             API key expected as "Authorization: Bearer <key>" (default test-key)
  --seed <seed>           seed of the generated data and of fault decisions (default 1)
  --resumes <n>           seeded resumes (default 10000)
  --job-descriptions <n>  seeded job descriptions (default 200)
  --parse-delay <ms>      upload-to-ready delay (default 300)
  --nextgen               also serve the NextGen workspace (NextGen resumes, a custom type)
  --latency <ms>          added to every answer
  --latency-jitter <ms>   up to this much more, drawn per request
  --rate-limit <n>        requests per second before 429 + Retry-After
  --error-rate <0..1>     share of requests answered 500/503
  --drop-rate <0..1>      share of connections closed without an answer
  --log                   print one line per request
  --help                  this text`;

function numberFlag(
	values: Record<string, unknown>,
	name: string,
	min = 0,
	max = Number.MAX_SAFE_INTEGER,
): number | undefined {
	const raw = values[name];
	if (raw === undefined) return undefined;
	const value = Number(raw);
	if (!Number.isFinite(value) || value < min || value > max) {
		throw new Error(`--${name} must be a number from ${min} to ${max}, not "${String(raw)}".`);
	}
	return value;
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			port: { type: 'string' },
			key: { type: 'string' },
			seed: { type: 'string' },
			resumes: { type: 'string' },
			'job-descriptions': { type: 'string' },
			'parse-delay': { type: 'string' },
			latency: { type: 'string' },
			'latency-jitter': { type: 'string' },
			'rate-limit': { type: 'string' },
			'error-rate': { type: 'string' },
			'drop-rate': { type: 'string' },
			log: { type: 'boolean' },
			nextgen: { type: 'boolean' },
			help: { type: 'boolean' },
		},
	});
	if (values.help) {
		process.stdout.write(`${HELP}\n`);
		return;
	}
	const seedText = values.seed ?? '1';
	const options: EmulatorOptions = {
		port: numberFlag(values, 'port', 0, 65535) ?? 4010,
		key: values.key ?? 'test-key',
		// A numeric seed stays a number, so `--seed 1` reproduces startEmulator({ seed: 1 }).
		seed: /^-?\d+$/.test(seedText) ? Number(seedText) : seedText,
		resumeCount: numberFlag(values, 'resumes'),
		jobDescriptionCount: numberFlag(values, 'job-descriptions'),
		parseDelayMs: numberFlag(values, 'parse-delay'),
		nextGen: values.nextgen === true,
		faults: {
			latencyMs: numberFlag(values, 'latency'),
			latencyJitterMs: numberFlag(values, 'latency-jitter'),
			rateLimitPerSecond: numberFlag(values, 'rate-limit', 1),
			errorRate: numberFlag(values, 'error-rate', 0, 1),
			dropRate: numberFlag(values, 'drop-rate', 0, 1),
		},
		// A long-running emulator keeps no request log in memory.
		recordRequests: false,
		onRequest: values.log
			? (r) => process.stdout.write(`${new Date().toISOString()} ${r.method} ${r.path}\n`)
			: undefined,
	};
	const emulator = await startEmulator(options);
	process.stdout.write(
		`Affinda emulator listening on ${emulator.url} (key ${options.key}, seed ${String(options.seed)}, ` +
			`${emulator.stats.resumeCount} resumes generated in ${Math.round(emulator.stats.generationMs)} ms)\n`,
	);
	const stop = (signal: string): void => {
		process.stdout.write(`Affinda emulator stopping (${signal})\n`);
		void emulator.stop().then(() => process.exit(0));
	};
	process.once('SIGINT', () => stop('SIGINT'));
	process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: Error) => {
	process.stderr.write(`affinda emulator: ${error.message}\n`);
	process.exit(1);
});
