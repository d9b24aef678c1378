// Documents: upload, list (paged, filtered), get, delete, update_data; and the files behind the
// `pdf` and `file` URLs, served without the API key like the service's signed links.

import type { App } from '../app';
import {
	type ApiError,
	fieldError,
	pageOf,
	pagingOf,
	queryBoolean,
	queryList,
	queryValue,
	validationError,
	type ErrorItem,
} from '../http';
import { isPdf, writePdf } from '../parsing/pdf';
import type { Router, RequestContext, Reply } from '../router';
import type { StoredDocument } from '../store';
import { updatedData } from '../update-data';
import { announce, uploadDocument } from '../uploads';
import { bool, objectOf, str, validate } from '../validation';
import { documentView } from '../views';
import type { ResthookEvent } from '../webhooks';

const DOCUMENT_STATES = ['uploaded', 'review', 'validated', 'archived', 'rejected'];
const CREATED_RANGES: Record<string, number> = {
	today: 1,
	yesterday: 2,
	week: 7,
	month: 31,
	year: 366,
};
const ORDERING_FIELDS: Record<string, (d: StoredDocument) => string> = {
	created_dt: (d) => d.createdDt,
	file_name: (d) => d.fileName ?? '',
	extractor: (d) => d.extractor,
	// The list orders by when a document was validated (`confirmedDt`) or archived (OAS3).
	validated_dt: (d) => d.confirmedDt ?? '',
	archived_dt: (d) => d.archivedDt ?? '',
};

/** Where a document stands, as the list's `state` filter reads it (the last step it reached). */
function stateOf(store: App['store'], d: StoredDocument): string {
	if (d.archivedDt !== null) return 'archived';
	if (d.rejectedDt !== null) return 'rejected';
	if (d.confirmedDt !== null) return 'validated';
	return store.isReady(d) ? 'review' : 'uploaded';
}

/**
 * What PATCH changes (DocumentUpdate, OAS3). The emulator models the review steps, moving a
 * document (collection, workspace, document type of the same kind) and the document's own labels;
 * the rest are refused as not modelled, rather than accepted and ignored.
 */
const DOCUMENT_UPDATE = objectOf({
	isConfirmed: bool,
	isRejected: bool,
	isArchived: bool,
	collection: str(),
	workspace: str(),
	documentType: str({ nullable: true }),
	fileName: str({ nullable: true }),
	customIdentifier: str({ nullable: true }),
	language: str({ nullable: true }),
	llmHint: str({ nullable: true }),
	expiryTime: str({ nullable: true }),
});
const NOT_MODELLED = ['skipParse', 'identifier', 'warningMessages'];

function enumQuery(
	ctx: RequestContext,
	name: string,
	allowed: readonly string[],
	errors: ErrorItem[],
): string | undefined {
	const value = queryValue(ctx.query, name);
	if (value !== undefined && !allowed.includes(value)) {
		errors.push({
			attr: name,
			code: 'invalid_choice',
			detail: `Select a valid choice. ${value} is not one of the available choices.`,
		});
		return undefined;
	}
	return value;
}

function booleanQuery(ctx: RequestContext, name: string, errors: ErrorItem[]): boolean | undefined {
	try {
		return queryBoolean(ctx.query, name);
	} catch {
		errors.push({ attr: name, code: 'invalid', detail: 'Must be a valid boolean.' });
		return undefined;
	}
}

/** What `search` looks in: the file name and the names of the document's tags. */
function searchable(store: App['store'], doc: StoredDocument): string[] {
	return [doc.fileName ?? '', ...store.tags.of(doc.identifier).map((tag) => tag.name)];
}

function listDocuments(app: App) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const errors: ErrorItem[] = [];
		const state = enumQuery(ctx, 'state', DOCUMENT_STATES, errors);
		const created = enumQuery(ctx, 'created_dt', Object.keys(CREATED_RANGES), errors);
		const [ready, failed, includeData, compact, count] = [
			'ready',
			'failed',
			'include_data',
			'compact',
			'count',
		].map((n) => booleanQuery(ctx, n, errors));
		const ordering = queryList(ctx.query, 'ordering');
		for (const field of ordering) {
			if (!ORDERING_FIELDS[field.replace(/^-/, '')])
				errors.push({ attr: 'ordering', code: 'invalid', detail: `Cannot order by "${field}".` });
		}
		const page = pagingOf(ctx.query, 100, errors);
		// Tags by id, any of them (as a multiple-choice filter reads a list).
		const tagIds = queryList(ctx.query, 'tags');
		for (const id of tagIds) {
			if (!/^\d+$/.test(id) || !store.tags.get(Number(id)))
				errors.push({
					attr: 'tags',
					code: 'invalid_choice',
					detail: `Select a valid choice. ${id} is not one of the available choices.`,
				});
		}
		if (errors.length > 0) throw validationError(errors);
		const tagged = tagIds.map((id) => store.tags.get(Number(id))?.documents ?? new Set<string>());

		const workspace = queryValue(ctx.query, 'workspace');
		const collection = queryValue(ctx.query, 'collection');
		const customIdentifier = queryValue(ctx.query, 'custom_identifier');
		const search = queryValue(ctx.query, 'search')?.toLowerCase();
		const exclude = new Set(queryList(ctx.query, 'exclude'));
		const now = Date.now();
		const since = created ? now - CREATED_RANGES[created] * 86_400_000 : undefined;
		let docs = store.allDocuments().filter((d) => {
			const isReady = store.isReady(d);
			return (
				(!workspace || d.workspace.identifier === workspace) &&
				(!collection || d.collection?.identifier === collection) &&
				(!state || stateOf(store, d) === state) &&
				(ready === undefined || isReady === ready) &&
				(failed === undefined || (isReady && d.failed) === failed) &&
				(!customIdentifier || d.customIdentifier === customIdentifier) &&
				(!search || searchable(store, d).some((text) => text.toLowerCase().includes(search))) &&
				(tagged.length === 0 || tagged.some((members) => members.has(d.identifier))) &&
				!exclude.has(d.identifier) &&
				(since === undefined || Date.parse(d.createdDt) >= since)
			);
		});
		if (ordering.length > 0) {
			docs = docs.slice().sort((a, b) => {
				for (const field of ordering) {
					const key = ORDERING_FIELDS[field.replace(/^-/, '')];
					const order = key(a).localeCompare(key(b)) * (field.startsWith('-') ? -1 : 1);
					if (order !== 0) return order;
				}
				return 0;
			});
		}
		const listed = pageOf(docs, page, (limit, offset) => ctx.pageUrl(limit, offset));
		return {
			status: 200,
			body: {
				...listed,
				count: count === false ? null : listed.count,
				results: listed.results.map((d) =>
					documentView(store, d, {
						origin: ctx.origin,
						includeData: includeData === true,
						compact: compact === true,
					}),
				),
			},
		};
	};
}

function getDocument(app: App) {
	return (ctx: RequestContext): Reply => {
		const doc = app.store.requireDocument(ctx.params.identifier);
		const format = queryValue(ctx.query, 'format') ?? 'json';
		if (format !== 'json') {
			throw fieldError(
				'format',
				'invalid_choice',
				format === 'xml' || format === 'hr-xml'
					? `The emulator serves format=json only, not "${format}".`
					: `"${format}" is not a valid choice.`,
			);
		}
		const errors: ErrorItem[] = [];
		const compact = booleanQuery(ctx, 'compact', errors);
		if (errors.length > 0) throw validationError(errors);
		return {
			status: 200,
			body: documentView(app.store, doc, { origin: ctx.origin, compact: compact === true }),
		};
	};
}

type DocumentUpdate = Partial<
	Record<'isConfirmed' | 'isRejected' | 'isArchived', boolean> &
		Record<'collection' | 'workspace', string> &
		Record<
			'documentType' | 'fileName' | 'customIdentifier' | 'language' | 'llmHint' | 'expiryTime',
			string | null
		>
>;

function doesNotExist(attr: string, identifier: string): ApiError {
	return fieldError(attr, 'does_not_exist', `Object with identifier=${identifier} does not exist.`);
}

/**
 * Where PATCH moves the document: a collection brings its workspace and document type; a
 * workspace must take the document's type; a document type must be of the same kind (another
 * kind would need parsing again, which the emulator does not model).
 */
function moveDocument(store: App['store'], doc: StoredDocument, update: DocumentUpdate): void {
	const collection =
		update.collection === undefined ? undefined : store.collection(update.collection);
	if (update.collection !== undefined && !collection)
		throw doesNotExist('collection', update.collection);
	const workspace =
		collection?.workspace ??
		(update.workspace === undefined ? doc.workspace : store.workspace(update.workspace));
	if (!workspace) throw doesNotExist('workspace', update.workspace as string);
	if (collection && update.workspace !== undefined && update.workspace !== workspace.identifier) {
		throw fieldError(
			'workspace',
			'invalid',
			`Collection ${collection.identifier} belongs to workspace ${workspace.identifier}.`,
		);
	}
	const typeIdentifier =
		update.documentType ?? collection?.documentType.identifier ?? doc.documentType.identifier;
	const documentType = store.documentType(typeIdentifier);
	if (!documentType) throw doesNotExist('documentType', typeIdentifier);
	if (!workspace.documentTypes.includes(documentType.identifier)) {
		throw fieldError(
			'documentType',
			'invalid',
			`Document type ${documentType.identifier} is not used in workspace ${workspace.identifier}.`,
		);
	}
	if (documentType.extractor !== doc.extractor) {
		throw fieldError(
			'documentType',
			'not_modelled',
			`The emulator does not model changing a "${doc.extractor}" document into a "${documentType.extractor}" one.`,
		);
	}
	if (collection && collection.documentType !== documentType) {
		throw fieldError(
			'documentType',
			'invalid',
			`Collection ${collection.identifier} holds ${collection.documentType.name} documents.`,
		);
	}
	doc.workspace = workspace;
	doc.documentType = documentType;
	if (collection) doc.collection = collection;
	else if (doc.collection && doc.collection.workspace !== workspace) doc.collection = null;
}

/**
 * PATCH /v3/documents/{identifier}. Validating a document stamps `confirmedDt` and fires
 * `document.validate.completed`; rejecting stamps `rejectedDt` and fires `document.rejected`
 * (D-HOOKS: both events, "manually or automatically"); false clears the stamp.
 */
function updateDocument(app: App) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const doc = store.requireDocument(ctx.params.identifier);
		const body = ctx.json();
		const errors = validate(body, DOCUMENT_UPDATE);
		for (const field of NOT_MODELLED) {
			if (typeof body === 'object' && body !== null && field in body) {
				errors.push({
					attr: field,
					code: 'not_modelled',
					detail: `The emulator does not model changing ${field}.`,
				});
			}
		}
		if (errors.length > 0) throw validationError(errors);
		const update = body as DocumentUpdate;
		if ((update.isConfirmed || update.isRejected) && !store.isReady(doc)) {
			throw fieldError(
				'non_field_errors',
				'invalid',
				`Document ${doc.identifier} is still being parsed.`,
			);
		}
		moveDocument(store, doc, update);
		const now = new Date(app.scheduler.now()).toISOString();
		const events: ResthookEvent[] = [];
		if (update.isConfirmed !== undefined) {
			if (update.isConfirmed && doc.confirmedDt === null)
				events.push('document.validate.completed');
			doc.confirmedDt = update.isConfirmed ? (doc.confirmedDt ?? now) : null;
		}
		if (update.isRejected !== undefined) {
			if (update.isRejected && doc.rejectedDt === null) events.push('document.rejected');
			doc.rejectedDt = update.isRejected ? (doc.rejectedDt ?? now) : null;
		}
		if (update.isArchived !== undefined) {
			doc.archivedDt = update.isArchived ? (doc.archivedDt ?? now) : null;
		}
		for (const field of [
			'fileName',
			'customIdentifier',
			'language',
			'llmHint',
			'expiryTime',
		] as const) {
			if (update[field] !== undefined) doc[field] = update[field];
		}
		if (doc.extractor === 'invoice' && events.includes('document.validate.completed')) {
			events.push('invoice.validate.completed');
		}
		announce(app, doc, events);
		return { status: 200, body: documentView(store, doc, { origin: ctx.origin }) };
	};
}

function updateDocumentData(app: App) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const doc = store.requireDocument(ctx.params.identifier);
		const body = ctx.json();
		if (!store.isReady(doc) || doc.failed || !doc.data) {
			throw fieldError(
				'non_field_errors',
				'invalid',
				`Document ${doc.identifier} has no parsed data to update (${doc.failed ? 'parsing failed' : 'still parsing'}).`,
			);
		}
		store.replaceData(doc, updatedData(doc, body));
		return { status: 200, body: documentView(store, doc, { origin: ctx.origin }) };
	};
}

/** The bytes behind a document's links: the upload itself, or a PDF of its text. */
function documentFile(app: App, kind: 'pdf' | 'file') {
	return (ctx: RequestContext): Reply => {
		const identifier =
			kind === 'pdf' ? ctx.params.file.replace(/\.pdf$/, '') : ctx.params.identifier;
		const doc = app.store.requireDocument(identifier);
		const original = doc.file;
		if (original && (kind === 'file' || isPdf(original.bytes))) {
			return { status: 200, bytes: original.bytes, contentType: original.contentType };
		}
		const text = (doc.data as { rawText?: string } | null)?.rawText ?? '';
		return {
			status: 200,
			bytes: writePdf(text, doc.fileName ?? doc.identifier),
			contentType: 'application/pdf',
		};
	};
}

export function registerDocumentRoutes(router: Router, app: App): void {
	router.add('POST', '/v3/documents', (ctx) => uploadDocument(app, ctx));
	router.add('GET', '/v3/documents', listDocuments(app));
	router.add('GET', '/v3/documents/{identifier}', getDocument(app));
	router.add('PATCH', '/v3/documents/{identifier}', updateDocument(app));
	router.add('DELETE', '/v3/documents/{identifier}', (ctx) => {
		app.store.deleteDocument(app.store.requireDocument(ctx.params.identifier));
		return { status: 204 };
	});
	router.add('POST', '/v3/documents/{identifier}/update_data', updateDocumentData(app));
	router.add('GET', '/media/documents/{file}', documentFile(app, 'pdf'), { public: true });
	router.add('GET', '/media/files/{identifier}/{name}', documentFile(app, 'file'), {
		public: true,
	});
}
