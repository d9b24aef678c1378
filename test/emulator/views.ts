// Records as the service shows them on the wire (Organization, Workspace, DocumentType, Index,
// Document, Annotation, ResthookSubscription), in its field names.

import { readPath, type AnnotationRecord } from './annotations';
import {
	CATALOG,
	type CollectionRecord,
	type DocumentTypeRecord,
	type IndexRecord,
	type Store,
	type StoredDocument,
	type WorkspaceRecord,
} from './store';
import { nextGenResume, valuesOnly } from './nextgen';
import type { Subscription } from './webhooks';
import { tagView } from './tags';

export function organizationView(store: Store) {
	return {
		identifier: store.organization.identifier,
		name: store.organization.name,
		userRole: 'admin',
		avatar: null,
		resthookSignatureKey: store.organization.resthookSignatureKey,
		isTrial: false,
		validationToolConfig: null,
		showCustomFieldCreation: false,
	};
}

/**
 * The extractor a document type's documents report: the kind's own name, except NextGen resumes
 * (`resume-v4`) and custom types (their own identifier), as CONTRACT.md says.
 */
export function wireExtractor(type: DocumentTypeRecord): string {
	return type.wireExtractor ?? type.extractor;
}

/** A collection as workspaces and documents list it. */
function collectionSummary(collection: CollectionRecord) {
	const extractor = wireExtractor(collection.documentType);
	return {
		identifier: collection.identifier,
		name: collection.name,
		extractor: {
			identifier: extractor,
			name: collection.documentType.name,
			namePlural: `${collection.documentType.name}s`,
			baseExtractor: collection.documentType.baseExtractor ?? null,
			validatable: extractor === 'invoice',
			createdDt: '2026-01-01T00:00:00Z',
		},
		validationRules: [],
		autoRefreshValidationResults: false,
	};
}

export function collectionView(store: Store, collection: CollectionRecord) {
	return {
		...collectionSummary(collection),
		workspace: {
			identifier: collection.workspace.identifier,
			name: collection.workspace.name,
			organization: organizationView(store),
		},
		documentType: collection.documentType.identifier,
		unvalidatedDocsCount: store.allDocuments().filter((d) => d.collection === collection).length,
		confirmedDocsCount: 0,
	};
}

export function workspaceView(store: Store, workspace: WorkspaceRecord) {
	const docs = store.allDocuments().filter((d) => d.workspace === workspace);
	return {
		identifier: workspace.identifier,
		organization: organizationView(store),
		name: workspace.name,
		visibility: 'organization',
		collections: store.collections.filter((c) => c.workspace === workspace).map(collectionSummary),
		documentTypes: workspace.documentTypes,
		rejectInvalidDocuments: false,
		rejectDuplicates: false,
		members: [CATALOG.user],
		unvalidatedDocsCount: docs.length,
		confirmedDocsCount: 0,
		ingestEmail: `${workspace.identifier.toLowerCase()}@ingest.emulator.example.com`,
		whitelistIngestAddresses: null,
		documentSplitter: null,
	};
}

export function documentTypeView(store: Store, type: Store['documentTypes'][number]) {
	return {
		identifier: type.identifier,
		name: type.name,
		description: type.description,
		ingest_email: `${type.identifier.toLowerCase()}@ingest.emulator.example.com`,
		organization: store.organization.identifier,
	};
}

export function indexView(index: IndexRecord) {
	return { name: index.name, docType: index.docType, user: CATALOG.user };
}

export function annotationView(record: AnnotationRecord) {
	return {
		id: record.id,
		rectangle: record.rectangles[0] ?? null,
		rectangles: record.rectangles,
		document: record.document,
		pageIndex: record.pageIndex,
		raw: record.raw,
		parsed: record.parsed,
		confidence: record.confidence,
		classificationConfidence: record.classificationConfidence,
		textExtractionConfidence: record.textExtractionConfidence,
		isVerified: record.isClientVerified || record.isAutoVerified,
		isClientVerified: record.isClientVerified,
		isAutoVerified: record.isAutoVerified,
		dataPoint: record.dataPoint,
		field: record.field,
		contentType: record.contentType,
		parent: record.parent,
	};
}

export function subscriptionView(store: Store, subscription: Subscription) {
	const workspace = subscription.workspace ? store.workspace(subscription.workspace) : undefined;
	return {
		id: subscription.id,
		event: subscription.event,
		organization: organizationView(store),
		workspace: workspace
			? {
					identifier: workspace.identifier,
					name: workspace.name,
					organization: organizationView(store),
				}
			: null,
		targetUrl: subscription.targetUrl,
		active: subscription.active,
		autoDeactivated: subscription.autoDeactivated,
		autoDeactivateReason: subscription.autoDeactivateReason,
		version: subscription.version,
	};
}

export function mediaUrl(origin: string, doc: StoredDocument, kind: 'pdf' | 'file'): string {
	return kind === 'pdf'
		? `${origin}/media/documents/${doc.identifier}.pdf`
		: `${origin}/media/files/${doc.identifier}/${encodeURIComponent(doc.fileName ?? `${doc.identifier}.pdf`)}`;
}

/**
 * The document's data: a resume's ResumeData as it is; other kinds (job descriptions, invoices)
 * with each value wrapped in its annotation, unless compact.
 */
function dataView(store: Store, doc: StoredDocument, compact: boolean): Record<string, unknown> {
	const data = doc.data as Record<string, unknown>;
	if (doc.documentType.schema === 'nextgen') {
		const annotated = nextGenResume(store, doc, annotationView);
		return compact ? (valuesOnly(annotated) as Record<string, unknown>) : annotated;
	}
	if (doc.extractor === 'resume' || compact) return data;
	const byPath = new Map(store.annotationsOf(doc).map((a) => [a.path.join('.'), a]));
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(data)) {
		if (key === 'rawText') out[key] = value;
		else if (Array.isArray(value))
			out[key] = value.map((_, i) => wrap(byPath.get(`${key}.${i}`), readPath(data, [key, i])));
		else out[key] = value === null ? null : wrap(byPath.get(key), value);
	}
	return out;
}

function wrap(annotation: AnnotationRecord | undefined, value: unknown): unknown {
	return annotation ? annotationView(annotation) : value;
}

export interface DocumentViewOptions {
	origin: string;
	compact?: boolean;
	/** Lists leave data out unless include_data=true. */
	includeData?: boolean;
}

export function documentView(store: Store, doc: StoredDocument, options: DocumentViewOptions) {
	const ready = store.isReady(doc);
	const meta = {
		identifier: doc.identifier,
		customIdentifier: doc.customIdentifier,
		fileName: doc.fileName,
		ready,
		readyDt: doc.readyDt,
		failed: ready && doc.failed,
		expiryTime: doc.expiryTime,
		language: doc.language,
		pdf: ready && !doc.failed ? mediaUrl(options.origin, doc, 'pdf') : null,
		parentDocument: null,
		childDocuments: [],
		pages:
			ready && !doc.failed
				? [
						{
							id: 1,
							pageIndex: 0,
							image: null,
							imageTranslated: null,
							height: 842,
							width: 595,
							rotation: 0,
						},
					]
				: [],
		isOcrd: false,
		ocrConfidence: null,
		reviewUrl: null,
		documentType: doc.documentType.identifier,
		collection: doc.collection ? collectionSummary(doc.collection) : null,
		workspace: { identifier: doc.workspace.identifier, name: doc.workspace.name },
		archivedDt: doc.archivedDt,
		isArchived: doc.archivedDt !== null,
		skipParse: false,
		confirmedDt: doc.confirmedDt,
		confirmedBy: doc.confirmedDt === null ? null : CATALOG.user,
		isConfirmed: doc.confirmedDt !== null,
		rejectedDt: doc.rejectedDt,
		rejectedBy: doc.rejectedDt === null ? null : CATALOG.user,
		archivedBy: doc.archivedDt === null ? null : CATALOG.user,
		isRejected: doc.rejectedDt !== null,
		createdDt: doc.createdDt,
		errorCode: ready ? (doc.error?.errorCode ?? null) : null,
		errorDetail: ready ? (doc.error?.errorDetail ?? null) : null,
		file: mediaUrl(options.origin, doc, 'file'),
		html: null,
		llmHint: doc.llmHint,
		tags: store.tags.of(doc.identifier).map(tagView),
		createdBy: CATALOG.user,
		sourceEmail: null,
		sourceEmailAddress: null,
		regionBias: doc.regionBias,
	};
	const view: Record<string, unknown> = { extractor: wireExtractor(doc.documentType), meta };
	if (options.includeData !== false) {
		// Until parsing finishes the service returns an empty data object (wait=false uploads).
		view.data =
			ready && doc.data && !doc.failed ? dataView(store, doc, options.compact === true) : {};
	}
	view.error = { errorCode: meta.errorCode, errorDetail: meta.errorDetail };
	view.warnings = doc.warnings;
	return view;
}
