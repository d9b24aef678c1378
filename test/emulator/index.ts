/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The local emulator of the Affinda service: startEmulator() for tests (port 0, in-process), and
// cli.ts for a standing one. See README.md beside this file.

import type { AddressInfo } from 'node:net';

import { App } from './app';
import { monthIndex } from './data/normalise';
import { CUSTOM_DATA_POINTS, type JobDescriptionFields, type ResumeData } from './data/types';
import { FaultInjector, type FaultOptions } from './faults';
import { Router } from './router';
import { sampleFilePaths, type SampleFileName } from './sample-files';
import { Scheduler } from './scheduler';
import { registerAnnotationRoutes } from './routes/annotations';
import { registerCatalogRoutes } from './routes/catalog';
import { registerDocumentRoutes } from './routes/documents';
import { registerLifecycleRoutes } from './routes/lifecycle';
import { registerResthookRoutes } from './routes/resthooks';
import { registerMatchRoutes } from './routes/match';
import { registerSearchRoutes } from './routes/search';
import { registerTagRoutes } from './routes/tags';
import { createEmulatorServer, type ReceivedRequest } from './server';
import { CATALOG, DEFAULT_REFERENCE_MONTH, Store } from './store';
import { Webhooks, type WebhookDelivery } from './webhooks';

export type { FaultOptions } from './faults';
export type { ReceivedMultipart, ReceivedRequest } from './server';
export type { WebhookDelivery } from './webhooks';
export { signatureHeader, signBody, verifySignature } from './webhooks';
export { SAMPLE_FILES, type SampleFileName } from './sample-files';

export interface EmulatorOptions {
	/** 0 (default) picks a free port. The emulator listens on 127.0.0.1 only. */
	port?: number;
	/** The API key every request must carry as `Authorization: Bearer <key>`. Default 'test-key'. */
	key?: string;
	/** Seed of every generated record, identifier and fault decision. Default 1. */
	seed?: number | string;
	/** Seeded resumes, all in the index "all-resumes". Default 10000. */
	resumeCount?: number;
	/** Seeded job descriptions, all in "all-job-descriptions". Default 200. */
	jobDescriptionCount?: number;
	/** Seeded invoices (for annotation operations). Default 3. */
	invoiceCount?: number;
	/** Milliseconds from upload to ready (wait=false answers at once; wait=true after this). Default 300. */
	parseDelayMs?: number;
	faults?: FaultOptions;
	/** Keep `received` (default true; benchmarks may turn it off). */
	recordRequests?: boolean;
	/** Called with every request as it arrives (the CLI's --log). */
	onRequest?: (request: ReceivedRequest) => void;
	/** Delays before retrying a failed webhook delivery. Default [100, 500, 2500]. */
	webhookRetryDelaysMs?: number[];
	/** "Today" for generated careers and recent-graduate checks, as YYYY-MM. Default 2026-06. */
	referenceMonth?: string;
	/** Largest accepted upload. Default 20 MB, the service's limit. */
	maxUploadBytes?: number;
	/**
	 * Also serve the workspace "Recruitment (NextGen)": resumes in NextGen's schema and a custom
	 * document type keyed by field slugs. `true` seeds 3 of each; off by default, so that the
	 * catalog other tests rely on stays as it is.
	 */
	nextGen?: boolean | { resumeCount?: number; customDocumentCount?: number };
}

export interface SeededResume {
	identifier: string;
	name: string;
	jobTitle: string;
}

export interface SeededJobDescription {
	identifier: string;
	jobTitle: string;
	organizationName: string;
}

/** Well-known names and identifiers tests can rely on. */
export interface EmulatorFixtures {
	key: string;
	organization: { identifier: string; name: string; resthookSignatureKey: string };
	workspaces: {
		recruitment: { identifier: string; name: string };
		finance: { identifier: string; name: string };
	};
	documentTypes: {
		resume: { identifier: string; name: string };
		jobDescription: { identifier: string; name: string };
		invoice: { identifier: string; name: string };
	};
	/** Collections (deprecated in the service, still accepted by uploads), one per document type. */
	collections: {
		resumes: { identifier: string; name: string };
		jobDescriptions: { identifier: string; name: string };
		invoices: { identifier: string; name: string };
	};
	indices: { resumes: string; techResumes: string; newCandidates: string; jobDescriptions: string };
	/** The first ten seeded resumes. */
	resumes: SeededResume[];
	/** The first ten seeded job descriptions. */
	jobDescriptions: SeededJobDescription[];
	/** Seeded invoices with their annotation ids (non-resume documents to edit through annotations). */
	invoices: Array<{ identifier: string; annotationIds: number[] }>;
	customDataPoints: ReadonlyArray<{ slug: string; label: string; type: string }>;
	/** With the `nextGen` option: its workspace, types and seeded documents. */
	nextGen?: {
		workspace: { identifier: string; name: string };
		documentTypes: {
			resume: { identifier: string; name: string };
			custom: { identifier: string; name: string };
		};
		resumes: string[];
		customDocuments: string[];
	};
	/** Absolute paths of the sample files in test/fixtures/ (resumes as .txt, .pdf, .docx; a job description; an invoice). */
	sampleFiles: Record<SampleFileName, string>;
}

export interface Emulator {
	/** e.g. http://127.0.0.1:4010 (no trailing slash). */
	url: string;
	port: number;
	fixtures: EmulatorFixtures;
	/** Every request, in arrival order (faulted ones included). */
	received: ReceivedRequest[];
	clearReceived(): void;
	/** Every handshake and event POST made to subscribers. */
	webhookDeliveries: WebhookDelivery[];
	/** Changes faults for the rest of the run (the fault sequence restarts). */
	setFaults(faults: FaultOptions): void;
	/**
	 * The emulator's clock for parsing, webhook deliveries and rate-limit windows. While paused,
	 * nothing it schedules happens and the clock stands still: an uploaded document stays unparsed
	 * (and a wait=true upload unanswered), and requests stay in one rate-limit window, until
	 * resume(), however long the test takes. Requests are still answered.
	 */
	clock: { pause(): void; resume(): void; readonly paused: boolean };
	/** Timings of start-up, for benchmarks. */
	stats: { generationMs: number; resumeCount: number; jobDescriptionCount: number };
	/** The state itself, for tests that need to look behind the API. Not a stable interface. */
	store: Store;
	stop(): Promise<void>;
}

function parseReferenceMonth(value: string | undefined): number {
	if (!value) return DEFAULT_REFERENCE_MONTH;
	const m = /^(\d{4})-(\d{2})$/.exec(value);
	if (!m) throw new Error(`referenceMonth must look like 2026-06, not "${value}".`);
	return monthIndex(Number(m[1]), Number(m[2]));
}

function fixturesOf(store: Store, key: string): EmulatorFixtures {
	const docs = store.allDocuments();
	return {
		key,
		organization: { ...store.organization },
		workspaces: CATALOG.workspaces,
		documentTypes: {
			resume: {
				identifier: CATALOG.documentTypes.resume.identifier,
				name: CATALOG.documentTypes.resume.name,
			},
			jobDescription: {
				identifier: CATALOG.documentTypes.jobDescription.identifier,
				name: CATALOG.documentTypes.jobDescription.name,
			},
			invoice: {
				identifier: CATALOG.documentTypes.invoice.identifier,
				name: CATALOG.documentTypes.invoice.name,
			},
		},
		collections: {
			resumes: {
				identifier: CATALOG.collections.resumes.identifier,
				name: CATALOG.collections.resumes.name,
			},
			jobDescriptions: {
				identifier: CATALOG.collections.jobDescriptions.identifier,
				name: CATALOG.collections.jobDescriptions.name,
			},
			invoices: {
				identifier: CATALOG.collections.invoices.identifier,
				name: CATALOG.collections.invoices.name,
			},
		},
		indices: { ...CATALOG.indices },
		resumes: docs
			.filter((d) => d.extractor === 'resume')
			.slice(0, 10)
			.map((d) => ({
				identifier: d.identifier,
				name: (d.data as ResumeData).name?.raw ?? '',
				jobTitle: store.profileOf(d).currentTitle,
			})),
		jobDescriptions: docs
			.filter((d) => d.extractor === 'job-description')
			.slice(0, 10)
			.map((d) => {
				const jd = d.data as JobDescriptionFields;
				return {
					identifier: d.identifier,
					jobTitle: jd.jobTitle?.name ?? '',
					organizationName: jd.organizationName ?? '',
				};
			}),
		invoices: docs
			.filter((d) => d.extractor === 'invoice')
			.map((d) => ({
				identifier: d.identifier,
				annotationIds: store.annotationsOf(d).map((a) => a.id),
			})),
		customDataPoints: CUSTOM_DATA_POINTS,
		nextGen: store.options.nextGen
			? {
					workspace: { ...CATALOG.nextGen.workspace },
					documentTypes: {
						resume: {
							identifier: CATALOG.nextGen.resume.identifier,
							name: CATALOG.nextGen.resume.name,
						},
						custom: {
							identifier: CATALOG.nextGen.custom.identifier,
							name: CATALOG.nextGen.custom.name,
						},
					},
					resumes: docs
						.filter((d) => d.documentType.identifier === CATALOG.nextGen.resume.identifier)
						.map((d) => d.identifier),
					customDocuments: docs
						.filter((d) => d.documentType.identifier === CATALOG.nextGen.custom.identifier)
						.map((d) => d.identifier),
				}
			: undefined,
		sampleFiles: sampleFilePaths(),
	};
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const key = options.key ?? 'test-key';
	const seed = options.seed ?? 1;
	const referenceMonth = parseReferenceMonth(options.referenceMonth);
	const started = process.hrtime.bigint();
	const store = new Store({
		seed,
		resumeCount: options.resumeCount ?? 10_000,
		jobDescriptionCount: options.jobDescriptionCount ?? 200,
		invoiceCount: options.invoiceCount ?? 3,
		referenceMonth,
		nextGen: options.nextGen
			? {
					resumeCount: (options.nextGen === true ? undefined : options.nextGen.resumeCount) ?? 3,
					customDocumentCount:
						(options.nextGen === true ? undefined : options.nextGen.customDocumentCount) ?? 3,
				}
			: undefined,
	});
	const generationMs = Number(process.hrtime.bigint() - started) / 1e6;

	const scheduler = new Scheduler();
	const webhooks = new Webhooks(
		seed,
		() => store.organization.resthookSignatureKey,
		{ retryDelaysMs: options.webhookRetryDelaysMs ?? [100, 500, 2500], deactivateAfterFailures: 3 },
		scheduler,
	);
	const maxUploadBytes = options.maxUploadBytes ?? 20 * 1024 * 1024;
	const app = new App(
		store,
		webhooks,
		{
			parseDelayMs: options.parseDelayMs ?? 300,
			referenceMonth,
			maxUploadBytes,
		},
		scheduler,
	);
	const router = new Router();
	registerSearchRoutes(router, app);
	registerMatchRoutes(router, app);
	registerDocumentRoutes(router, app);
	registerLifecycleRoutes(router, app);
	registerAnnotationRoutes(router, app);
	registerCatalogRoutes(router, app);
	registerResthookRoutes(router, app);
	registerTagRoutes(router, app);

	const faults = new FaultInjector(seed, options.faults ?? {}, () => scheduler.now());
	const received: ReceivedRequest[] = [];
	let url = '';
	const server = createEmulatorServer({
		router,
		key,
		faults,
		received,
		recordRequests: options.recordRequests !== false,
		onRequest: options.onRequest,
		origin: () => url,
		// Multipart framing adds a little to the largest file.
		maxBodyBytes: maxUploadBytes + 1024 * 1024,
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	const port = (server.address() as AddressInfo).port;
	url = `http://127.0.0.1:${port}`;

	let stopping: Promise<void> | undefined;
	return {
		url,
		port,
		fixtures: fixturesOf(store, key),
		received,
		clearReceived: () => {
			received.length = 0;
		},
		webhookDeliveries: webhooks.deliveries,
		setFaults: (next) => faults.configure(next),
		clock: {
			pause: () => scheduler.pause(),
			resume: () => scheduler.resume(),
			get paused() {
				return scheduler.isPaused;
			},
		},
		stats: {
			generationMs,
			resumeCount: store.options.resumeCount,
			jobDescriptionCount: store.options.jobDescriptionCount,
		},
		store,
		stop: () => {
			stopping ??= new Promise<void>((resolve) => {
				scheduler.stop();
				webhooks.stop();
				server.close(() => resolve());
				server.closeAllConnections();
			});
			return stopping;
		},
	};
}
