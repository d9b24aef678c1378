// POST /v3/documents: the multipart upload, checked field by field as the service's DocumentCreate
// declares it (all values arrive as strings), then parsed into a document that turns ready after
// the configured delay, firing the parse events at that moment.

import { createHash } from 'node:crypto';

import type { App } from './app';
import { parseCustomText } from './data/custom-type';
import type { ExtractorName } from './data/types';
import { fieldError, parseBooleanString, validationError, type ErrorItem } from './http';
import {
	classifyText,
	parseInvoiceText,
	parseJobDescriptionText,
} from './parsing/document-parsers';
import { extractText, SUPPORTED_EXTENSIONS } from './parsing/extract-text';
import type { MultipartFile } from './parsing/multipart';
import { parseResumeText } from './parsing/resume-parser';
import type { RequestContext, Reply } from './router';
import type { DocumentData, StoredDocument } from './store';
import { validate, type Schema } from './validation';
import { documentView } from './views';
import type { ResthookEvent } from './webhooks';

type UploadFieldKind = 'string' | 'boolean' | 'date-time' | 'json-object' | 'json-array' | 'list';

/** DocumentCreate's text fields (the file travels as a file part). */
const UPLOAD_FIELDS: Record<string, UploadFieldKind> = {
	url: 'string',
	collection: 'string',
	documentType: 'string',
	workspace: 'string',
	wait: 'boolean',
	identifier: 'string',
	customIdentifier: 'string',
	fileName: 'string',
	expiryTime: 'date-time',
	language: 'string',
	rejectDuplicates: 'boolean',
	regionBias: 'json-object',
	lowPriority: 'boolean',
	compact: 'boolean',
	deleteAfterParse: 'boolean',
	enableValidationTool: 'boolean',
	useOcr: 'boolean',
	llmHint: 'string',
	limitToExamples: 'list',
	warningMessages: 'json-array',
};

const REGION_BIAS: Schema = {
	type: 'object',
	properties: {
		country: { type: 'string', nullable: true },
		countries: { type: 'array', items: { type: 'string' }, nullable: true },
		squareCoordinates: { type: 'array', items: { type: 'number' }, nullable: true },
		strict: { type: 'boolean' },
	},
};
const WARNING_MESSAGES: Schema = {
	type: 'array',
	items: {
		type: 'object',
		properties: {
			warningCode: { type: 'string', nullable: true },
			warningDetail: { type: 'string', nullable: true },
		},
	},
};

interface UploadRequest {
	file: MultipartFile | undefined;
	text: Record<string, string>;
	booleans: Record<string, boolean>;
	limitToExamples: string[];
	regionBias: unknown;
	warningMessages: Array<{ warningCode: string; warningDetail: string }>;
}

function readUploadRequest(ctx: RequestContext): UploadRequest {
	const form = ctx.multipart();
	const errors: ErrorItem[] = [];
	const request: UploadRequest = {
		file: form.files.file,
		text: {},
		booleans: {},
		limitToExamples: [],
		regionBias: null,
		warningMessages: [],
	};
	for (const name of Object.keys(form.files)) {
		if (name !== 'file')
			errors.push({ attr: name, code: 'unknown_field', detail: `Unknown field "${name}".` });
	}
	for (const [name, values] of Object.entries(form.fields)) {
		const kind = UPLOAD_FIELDS[name];
		const value = values[0];
		if (name === 'file') {
			errors.push({
				attr: 'file',
				code: 'invalid',
				detail: 'The submitted data was not a file. Check the encoding type on the form.',
			});
		} else if (!kind) {
			errors.push({ attr: name, code: 'unknown_field', detail: `Unknown field "${name}".` });
		} else if (kind === 'list') {
			request.limitToExamples.push(...values);
		} else if (values.length > 1) {
			errors.push({ attr: name, code: 'invalid', detail: 'Give this field once.' });
		} else if (kind === 'boolean') {
			try {
				request.booleans[name] = parseBooleanString(value, name);
			} catch {
				errors.push({ attr: name, code: 'invalid', detail: 'Must be a valid boolean.' });
			}
		} else if (kind === 'json-object' || kind === 'json-array') {
			let parsed: unknown;
			try {
				parsed = JSON.parse(value);
			} catch {
				errors.push({ attr: name, code: 'invalid', detail: 'Value must be valid JSON.' });
				continue;
			}
			const problems = validate(
				parsed,
				kind === 'json-object' ? REGION_BIAS : WARNING_MESSAGES,
				name,
			);
			errors.push(...problems);
			if (problems.length === 0 && kind === 'json-object') request.regionBias = parsed;
			if (problems.length === 0 && kind === 'json-array')
				request.warningMessages = parsed as UploadRequest['warningMessages'];
		} else {
			if (kind === 'date-time' && Number.isNaN(Date.parse(value))) {
				errors.push({
					attr: name,
					code: 'invalid',
					detail:
						'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
				});
			}
			request.text[name] = value;
		}
	}
	if (!request.file && !request.text.url) {
		errors.push({
			attr: 'non_field_errors',
			code: 'invalid',
			detail: 'Please provide either a file or a URL.',
		});
	} else if (request.file && request.text.url) {
		errors.push({
			attr: 'non_field_errors',
			code: 'invalid',
			detail: 'Please provide only one of file and url.',
		});
	}
	if (!request.text.workspace && !request.text.collection) {
		errors.push({
			attr: 'non_field_errors',
			code: 'invalid',
			detail: 'Please provide either a workspace or a collection.',
		});
	}
	if (request.booleans.deleteAfterParse && request.booleans.wait === false) {
		errors.push({
			attr: 'deleteAfterParse',
			code: 'invalid',
			detail: 'deleteAfterParse is only compatible with wait=true.',
		});
	}
	if (errors.length > 0) throw validationError(errors);
	return request;
}

async function download(url: string): Promise<MultipartFile> {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
		if (!response.ok) throw new Error(`HTTP ${response.status}`);
		const bytes = Buffer.from(await response.arrayBuffer());
		const fileName = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'document');
		return {
			fileName,
			contentType: response.headers.get('content-type') ?? 'application/octet-stream',
			bytes,
		};
	} catch (error) {
		throw fieldError('url', 'invalid', `Could not download the file: ${(error as Error).message}`);
	}
}

function parseAs(extractor: ExtractorName, text: string, app: App): DocumentData {
	switch (extractor) {
		case 'resume':
			return parseResumeText(text, app.settings.referenceMonth);
		case 'job-description':
			return parseJobDescriptionText(text);
		case 'invoice':
			return parseInvoiceText(text);
		case 'custom':
			return parseCustomText(text);
	}
}

/** The events a finished parse fires, most specific last. */
function parseEvents(doc: StoredDocument, classified: boolean): ResthookEvent[] {
	const outcome = doc.failed ? 'failed' : 'succeeded';
	const events: ResthookEvent[] = [];
	if (classified) events.push(`document.classify.${outcome}`, 'document.classify.completed');
	events.push(`document.parse.${outcome}`, 'document.parse.completed');
	if (doc.extractor === 'resume') events.push(`resume.parse.${outcome}`, 'resume.parse.completed');
	if (doc.extractor === 'invoice')
		events.push(`invoice.parse.${outcome}`, 'invoice.parse.completed');
	return events;
}

export async function uploadDocument(app: App, ctx: RequestContext): Promise<Reply> {
	const { store } = app;
	const request = readUploadRequest(ctx);
	const { text, booleans } = request;

	// A collection fixes the workspace and the document type.
	const collection = text.collection ? store.collection(text.collection) : undefined;
	if (text.collection && !collection) {
		throw fieldError(
			'collection',
			'does_not_exist',
			`Object with identifier=${text.collection} does not exist.`,
		);
	}
	const workspace = collection?.workspace ?? store.workspace(text.workspace);
	if (!workspace) {
		throw fieldError(
			'workspace',
			'does_not_exist',
			`Object with identifier=${text.workspace} does not exist.`,
		);
	}
	if (collection && text.workspace && text.workspace !== collection.workspace.identifier) {
		throw fieldError(
			'workspace',
			'invalid',
			`Collection ${collection.identifier} belongs to workspace ${collection.workspace.identifier}.`,
		);
	}
	let documentType =
		collection?.documentType ??
		(text.documentType ? store.documentType(text.documentType) : undefined);
	if (
		text.documentType &&
		(documentType?.identifier !== text.documentType ||
			!workspace.documentTypes.includes(text.documentType))
	) {
		throw fieldError(
			'documentType',
			'does_not_exist',
			collection
				? `Collection ${collection.identifier} parses ${collection.documentType.name} documents, not ${text.documentType}.`
				: `Document type ${text.documentType} does not exist in workspace ${workspace.identifier}.`,
		);
	}

	const file = request.file ?? (await download(text.url));
	if (file.bytes.length === 0) throw fieldError('file', 'empty', 'The submitted file is empty.');
	if (file.bytes.length > app.settings.maxUploadBytes) {
		throw fieldError(
			'file',
			'file_too_large',
			`The file is larger than the ${Math.round(app.settings.maxUploadBytes / 1048576)} MB limit.`,
		);
	}
	const fileName = text.fileName ?? file.fileName;
	const extension = file.fileName.toLowerCase().split('.').pop() ?? '';
	const sha256 = createHash('sha256').update(file.bytes).digest('hex');

	// Classify when no document type was given, among the workspace's types.
	const content = extractText(file.fileName, file.bytes);
	const workspaceTypes = workspace.documentTypes
		.map((id) => store.documentType(id))
		.filter((t): t is NonNullable<typeof t> => !!t);
	const classified = !documentType;
	if (!documentType) {
		const kind = classifyText(
			content,
			workspaceTypes.map((t) => t.extractor),
		);
		documentType = workspaceTypes.find((t) => t.extractor === kind) ?? workspaceTypes[0];
	}

	let error: StoredDocument['error'] = null;
	if (!SUPPORTED_EXTENSIONS.includes(extension) && !content) {
		error = {
			errorCode: 'invalid_file_type',
			errorDetail: `Files of type .${extension} are not supported.`,
		};
	} else if (!content) {
		error = { errorCode: 'no_text_found', errorDetail: 'No text was found in the document.' };
	} else if (
		booleans.rejectDuplicates &&
		store.allDocuments().some((d) => d.workspace === workspace && d.file?.sha256 === sha256)
	) {
		error = {
			errorCode: 'duplicate_document_error',
			errorDetail: 'This document is a duplicate of a document already in the workspace.',
		};
	}

	const now = Date.now();
	const doc = store.addDocument({
		identifier: store.newDocumentIdentifier(),
		extractor: documentType.extractor,
		workspace,
		documentType,
		collection: collection ?? null,
		fileName,
		customIdentifier: text.customIdentifier ?? text.identifier ?? null,
		language: text.language ?? 'en',
		llmHint: text.llmHint ?? null,
		expiryTime: text.expiryTime ?? null,
		regionBias: request.regionBias,
		createdDt: new Date(now).toISOString(),
		readyDt: null,
		failed: error !== null,
		error,
		warnings: request.warningMessages,
		file: { bytes: file.bytes, contentType: file.contentType, sha256 },
		data: error ? null : parseAs(documentType.extractor, content, app),
	});
	store.annotationsOf(doc);

	// Parsing finishes on the scheduler's clock (which a test may pause): only then is the document
	// ready, its events go out, and a wait=true upload answers.
	const parsed = new Promise<void>((finished) =>
		app.scheduler.later(app.settings.parseDelayMs, () => {
			// Timers may fire a millisecond early; readyDt is never before the parse delay is over.
			doc.readyDt = new Date(Math.max(Date.now(), now + app.settings.parseDelayMs)).toISOString();
			app.usage.recordParse(doc, Date.parse(doc.readyDt));
			announceParsed(app, doc, classified);
			finished();
		}),
	);

	const compact = booleans.compact === true;
	if (booleans.wait === false) {
		return { status: 201, body: documentView(store, doc, { origin: ctx.origin, compact }) };
	}
	await parsed;
	const body = documentView(store, doc, { origin: ctx.origin, compact });
	if (booleans.deleteAfterParse) store.deleteDocument(doc);
	return { status: 200, body };
}

/** The parse events of a document that just became ready, to the subscriptions that cover it. */
function announceParsed(app: App, doc: StoredDocument, classified: boolean): void {
	announce(app, doc, parseEvents(doc, classified));
}

/**
 * Sends `events` about `doc` to the subscriptions that cover its workspace. The payload is the
 * document's metadata, not its data (SKILL).
 */
export function announce(app: App, doc: StoredDocument, events: readonly ResthookEvent[]): void {
	const { store } = app;
	const workspace = doc.workspace;
	const scope = { organization: store.organization.identifier, workspace: workspace.identifier };
	const payload = {
		identifier: doc.identifier,
		customIdentifier: doc.customIdentifier,
		ready: store.isReady(doc),
		failed: doc.failed,
		fileName: doc.fileName,
		extractor: doc.extractor,
		documentType: doc.documentType.identifier,
		workspace: { identifier: workspace.identifier, name: workspace.name },
		errorCode: doc.error?.errorCode ?? null,
		errorDetail: doc.error?.errorDetail ?? null,
	};
	for (const event of events) app.webhooks.emit(event, scope, payload);
}
