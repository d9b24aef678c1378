// The emulator's state: the fixed catalog (organization, workspaces, document types, indices),
// the documents (seeded and uploaded), their annotations, and the indices' members.

import {
	extractValues,
	normaliseParsed,
	rawOf,
	writePath,
	type AnnotationRecord,
	type Rectangle,
} from './annotations';
import {
	generateCustomTexts,
	parseCustomText,
	RIGHT_TO_WORK_FIELDS,
	type CustomField,
	type CustomFields,
} from './data/custom-type';
import { generateInvoices, generateJobDescriptions, generateResumes } from './data/generator';
import { monthIndex, type MonthIndex } from './data/normalise';
import { OCCUPATIONS } from './data/occupations';
import type { ExtractorName, InvoiceFields, JobDescriptionFields, ResumeData } from './data/types';
import { notFound } from './http';
import { IdentifierSource, Random } from './random';
import { buildResumeProfile, type ResumeProfile } from './ranking/profile';
import { Tags } from './tags';

export type DocumentData = ResumeData | JobDescriptionFields | InvoiceFields | CustomFields;
export type IndexDocType = 'resumes' | 'job_descriptions';

export interface OrganizationRecord {
	identifier: string;
	name: string;
	resthookSignatureKey: string;
}
export interface WorkspaceRecord {
	identifier: string;
	name: string;
	documentTypes: string[];
}
export interface DocumentTypeRecord {
	identifier: string;
	name: string;
	description: string;
	extractor: ExtractorName;
	/** How its documents look on the wire: legacy (unset), NextGen resumes, or a custom type's slugs. */
	schema?: 'nextgen' | 'custom';
	/** The extractor its documents report, when not `extractor` (NextGen: `resume-v4`). */
	wireExtractor?: string;
	baseExtractor?: string | null;
	/** A custom type's fields (its JSON schema). */
	fields?: readonly CustomField[];
}
/** A (deprecated) collection: a workspace's bucket for one document type. */
export interface CollectionRecord {
	identifier: string;
	name: string;
	workspace: WorkspaceRecord;
	documentType: DocumentTypeRecord;
}
export interface IndexRecord {
	name: string;
	docType: IndexDocType;
	/** Member identifiers in the order they were added (the order ties are ranked in). */
	documents: string[];
	members: Set<string>;
	/**
	 * What the index's searches see of a member whose data changed since it was added or last
	 * re-indexed: its data (and resume profile) as they were then. A member without one is seen as
	 * it is now. Taken when the data first changes, so unchanged members cost nothing.
	 */
	snapshots: Map<string, Snapshot>;
}

/** A document's data as an index last took it in. */
export interface Snapshot {
	data: DocumentData | null;
	profile: ResumeProfile | null;
}

/** A member of an index as its searches see it. */
export interface IndexedDocument {
	doc: StoredDocument;
	data: DocumentData | null;
	/** The resume's search profile, from that data. */
	profile(): ResumeProfile;
}

export interface StoredDocument {
	identifier: string;
	extractor: ExtractorName;
	workspace: WorkspaceRecord;
	documentType: DocumentTypeRecord;
	/** Set when uploaded into a collection. */
	collection: CollectionRecord | null;
	fileName: string | null;
	customIdentifier: string | null;
	language: string | null;
	llmHint: string | null;
	expiryTime: string | null;
	regionBias: unknown;
	createdDt: string;
	/** When parsing finished; null while the document is being parsed. Seeded documents are ready. */
	readyDt: string | null;
	/** When a person (or a rule) validated the document (`isConfirmed`); null until then. */
	confirmedDt: string | null;
	/** When it was rejected; null unless it is. */
	rejectedDt: string | null;
	/** When it was archived; null unless it is. */
	archivedDt: string | null;
	failed: boolean;
	error: { errorCode: string; errorDetail: string } | null;
	warnings: Array<{ warningCode: string; warningDetail: string }>;
	/** Uploaded bytes (absent for seeded documents, whose file is rendered from their text). */
	file: { bytes: Buffer; contentType: string; sha256: string } | null;
	data: DocumentData | null;
	/** Search profile of a resume, rebuilt after its data changes. */
	profile: ResumeProfile | null;
	annotationIds: number[] | null;
}

const EXTRACTOR_DOC_TYPE: Partial<Record<ExtractorName, IndexDocType>> = {
	resume: 'resumes',
	'job-description': 'job_descriptions',
};

export function indexDocTypeOf(extractor: ExtractorName): IndexDocType | undefined {
	return EXTRACTOR_DOC_TYPE[extractor];
}

/** Fixed catalog identifiers, the same for every seed, so example workflows can name them. */
export const CATALOG = {
	organization: { identifier: 'emuOrgan', name: 'Emulator Recruiting' },
	workspaces: {
		recruitment: { identifier: 'emuRecru', name: 'Recruitment' },
		finance: { identifier: 'emuFinan', name: 'Finance' },
	},
	documentTypes: {
		resume: { identifier: 'emuResum', name: 'Resume', extractor: 'resume' as const },
		jobDescription: {
			identifier: 'emuJobDe',
			name: 'Job Description',
			extractor: 'job-description' as const,
		},
		invoice: { identifier: 'emuInvoi', name: 'Invoice', extractor: 'invoice' as const },
	},
	collections: {
		resumes: {
			identifier: 'emuColRe',
			name: 'Resumes',
			workspace: 'recruitment',
			documentType: 'resume',
		},
		jobDescriptions: {
			identifier: 'emuColJd',
			name: 'Job Descriptions',
			workspace: 'recruitment',
			documentType: 'jobDescription',
		},
		invoices: {
			identifier: 'emuColIn',
			name: 'Invoices',
			workspace: 'finance',
			documentType: 'invoice',
		},
	},
	/** Served only when the emulator is started with `nextGen` (existing tests keep their catalog). */
	nextGen: {
		workspace: { identifier: 'emuNextG', name: 'Recruitment (NextGen)' },
		resume: {
			identifier: 'emuResNG',
			name: 'Resume (NextGen)',
			extractor: 'resume' as const,
			schema: 'nextgen' as const,
			wireExtractor: 'resume-v4',
			baseExtractor: null,
		},
		custom: {
			identifier: 'emuRtwCk',
			name: 'Right to Work Check',
			extractor: 'custom' as const,
			schema: 'custom' as const,
			wireExtractor: 'right-to-work-check',
			baseExtractor: null,
			fields: RIGHT_TO_WORK_FIELDS,
		},
	},
	indices: {
		resumes: 'all-resumes',
		techResumes: 'tech-resumes',
		newCandidates: 'new-candidates',
		jobDescriptions: 'all-job-descriptions',
	},
	user: { id: 1, name: 'Emulator User', email: 'emulator@example.com', avatar: null },
} as const;

/** Occupation codes of the "tech-resumes" index. */
const TECH_CODES = new Set(
	OCCUPATIONS.filter((o) => o.industry === 'Information Technology').map((o) => String(o.socCode)),
);

export interface StoreOptions {
	seed: number | string;
	resumeCount: number;
	jobDescriptionCount: number;
	invoiceCount: number;
	referenceMonth: MonthIndex;
	/** The NextGen workspace, with this many seeded NextGen resumes and custom documents. */
	nextGen?: { resumeCount: number; customDocumentCount: number };
}

export const DEFAULT_REFERENCE_MONTH = monthIndex(2026, 6);
const SEEDED_CREATED_MS = Date.UTC(2026, 0, 5);

export class Store {
	readonly organization: OrganizationRecord;
	readonly workspaces: WorkspaceRecord[];
	readonly documentTypes: DocumentTypeRecord[];
	readonly collections: CollectionRecord[];
	readonly indices = new Map<string, IndexRecord>();
	readonly tags = new Tags();
	private readonly documents = new Map<string, StoredDocument>();
	private documentOrder: StoredDocument[] = [];
	private readonly annotations = new Map<number, AnnotationRecord>();
	private nextAnnotationId = 1;
	/** Each document's validation result ids, by rule: a result keeps its id as it changes. */
	private readonly validationResultIds = new Map<string, number>();
	private readonly identifiers: IdentifierSource;

	constructor(readonly options: StoreOptions) {
		const { seed } = options;
		this.organization = {
			...CATALOG.organization,
			resthookSignatureKey: new Random(seed, 'resthook-signature-key').hex(32),
		};
		const types = CATALOG.documentTypes;
		this.documentTypes = [types.resume, types.jobDescription, types.invoice].map((t) => ({
			...t,
			description: `${t.name} documents`,
		}));
		this.workspaces = [
			{
				...CATALOG.workspaces.recruitment,
				documentTypes: [types.resume.identifier, types.jobDescription.identifier],
			},
			{ ...CATALOG.workspaces.finance, documentTypes: [types.invoice.identifier] },
		];
		if (options.nextGen) {
			const { workspace, resume, custom } = CATALOG.nextGen;
			this.documentTypes.push(
				{ ...resume, description: 'Resumes, parsed by NextGen' },
				{ ...custom, description: 'A custom document type' },
			);
			this.workspaces.push({ ...workspace, documentTypes: [resume.identifier, custom.identifier] });
		}
		this.collections = Object.values(CATALOG.collections).map((c) => ({
			identifier: c.identifier,
			name: c.name,
			workspace: this.workspaces.find(
				(w) => w.identifier === CATALOG.workspaces[c.workspace].identifier,
			) as WorkspaceRecord,
			documentType: this.documentTypes.find(
				(t) => t.identifier === types[c.documentType].identifier,
			) as DocumentTypeRecord,
		}));
		this.identifiers = new IdentifierSource(seed);
		for (const name of [
			CATALOG.indices.resumes,
			CATALOG.indices.techResumes,
			CATALOG.indices.newCandidates,
		]) {
			this.createIndex(name, 'resumes');
		}
		this.createIndex(CATALOG.indices.jobDescriptions, 'job_descriptions');
		this.seed();
	}

	private seed(): void {
		const generator = { seed: this.options.seed, referenceMonth: this.options.referenceMonth };
		const [recruitment, finance] = this.workspaces;
		const [resumeType, jdType, invoiceType] = this.documentTypes;
		let ordinal = 0;
		const seeded = (
			extractor: ExtractorName,
			data: DocumentData,
			stream: string,
			fileName: string,
		): StoredDocument => {
			const doc = this.addDocument({
				identifier: this.identifiers.next(stream),
				extractor,
				workspace: extractor === 'invoice' ? finance : recruitment,
				documentType:
					extractor === 'invoice' ? invoiceType : extractor === 'resume' ? resumeType : jdType,
				fileName,
				createdDt: new Date(SEEDED_CREATED_MS + ordinal * 60_000).toISOString(),
				readyDt: new Date(SEEDED_CREATED_MS + ordinal++ * 60_000).toISOString(),
				data,
			});
			return doc;
		};
		// Job descriptions and invoices first, each kind on its own identifier stream, so their
		// identifiers do not depend on how many resumes a run generates.
		generateJobDescriptions(generator, this.options.jobDescriptionCount).forEach((jd, i) => {
			const doc = seeded('job-description', jd, 'job-descriptions', `job-description-${i + 1}.pdf`);
			this.annotationsOf(doc);
			this.addToIndex(CATALOG.indices.jobDescriptions, doc);
		});
		generateInvoices(generator, this.options.invoiceCount).forEach((invoice, i) => {
			this.annotationsOf(seeded('invoice', invoice, 'invoices', `invoice-${i + 1}.pdf`));
		});
		if (this.options.nextGen) this.seedNextGen(this.options.nextGen);
		generateResumes(generator, this.options.resumeCount).forEach((resume) => {
			const name = resume.name?.raw.replace(/[^A-Za-z]+/g, '-') ?? 'resume';
			const doc = seeded('resume', resume, 'resumes', `${name}.pdf`);
			this.profileOf(doc); // now rather than in the first search
			this.addToIndex(CATALOG.indices.resumes, doc);
			if (resume.workExperience.some((w) => TECH_CODES.has(w.socCode ?? '')))
				this.addToIndex(CATALOG.indices.techResumes, doc);
		});
	}

	/** NextGen resumes and custom documents, each kind on its own identifier stream, in no index. */
	private seedNextGen(counts: NonNullable<StoreOptions['nextGen']>): void {
		const workspace = this.workspace(CATALOG.nextGen.workspace.identifier) as WorkspaceRecord;
		const type = (identifier: string) => this.documentType(identifier) as DocumentTypeRecord;
		const created = new Date(SEEDED_CREATED_MS).toISOString();
		const generator = {
			seed: `${this.options.seed}:nextgen`,
			referenceMonth: this.options.referenceMonth,
		};
		generateResumes(generator, counts.resumeCount).forEach((resume) => {
			const name = resume.name?.raw.replace(/[^A-Za-z]+/g, '-') ?? 'resume';
			this.addDocument({
				identifier: this.identifiers.next('nextgen-resumes'),
				extractor: 'resume',
				workspace,
				documentType: type(CATALOG.nextGen.resume.identifier),
				fileName: `${name}.pdf`,
				createdDt: created,
				readyDt: created,
				data: resume,
			});
		});
		generateCustomTexts(this.options.seed, counts.customDocumentCount).forEach((text, i) => {
			this.addDocument({
				identifier: this.identifiers.next('custom-documents'),
				extractor: 'custom',
				workspace,
				documentType: type(CATALOG.nextGen.custom.identifier),
				fileName: `right-to-work-${i + 1}.pdf`,
				createdDt: created,
				readyDt: created,
				data: parseCustomText(text),
			});
		});
	}

	// ---- catalog

	workspace(identifier: string): WorkspaceRecord | undefined {
		return this.workspaces.find((w) => w.identifier === identifier);
	}

	documentType(identifier: string): DocumentTypeRecord | undefined {
		return this.documentTypes.find((t) => t.identifier === identifier);
	}

	collection(identifier: string): CollectionRecord | undefined {
		return this.collections.find((c) => c.identifier === identifier);
	}

	createWorkspace(name: string, documentTypes: string[]): WorkspaceRecord {
		const workspace = { identifier: this.identifiers.next('workspaces'), name, documentTypes };
		this.workspaces.push(workspace);
		return workspace;
	}

	/** A deleted workspace takes its documents, tags and collections with it. */
	deleteWorkspace(workspace: WorkspaceRecord): void {
		for (const doc of this.allDocuments().filter((d) => d.workspace === workspace))
			this.deleteDocument(doc);
		for (const tag of this.tags.all().filter((t) => t.workspace === workspace.identifier))
			this.tags.delete(tag.id);
		this.collections.splice(
			0,
			this.collections.length,
			...this.collections.filter((c) => c.workspace !== workspace),
		);
		this.workspaces.splice(this.workspaces.indexOf(workspace), 1);
	}

	// ---- documents

	newDocumentIdentifier(): string {
		return this.identifiers.next('uploads');
	}

	addDocument(
		init: Pick<
			StoredDocument,
			'identifier' | 'extractor' | 'workspace' | 'documentType' | 'createdDt' | 'readyDt' | 'data'
		> &
			Partial<StoredDocument>,
	): StoredDocument {
		const doc: StoredDocument = {
			collection: null,
			fileName: null,
			customIdentifier: null,
			language: 'en',
			llmHint: null,
			expiryTime: null,
			regionBias: null,
			confirmedDt: null,
			rejectedDt: null,
			archivedDt: null,
			failed: false,
			error: null,
			warnings: [],
			file: null,
			profile: null,
			annotationIds: null,
			...init,
		};
		this.documents.set(doc.identifier, doc);
		this.documentOrder.push(doc);
		return doc;
	}

	document(identifier: string): StoredDocument | undefined {
		return this.documents.get(identifier);
	}

	requireDocument(identifier: string): StoredDocument {
		const doc = this.documents.get(identifier);
		if (!doc) throw notFound();
		return doc;
	}

	allDocuments(): readonly StoredDocument[] {
		return this.documentOrder;
	}

	deleteDocument(doc: StoredDocument): void {
		this.documents.delete(doc.identifier);
		this.documentOrder = this.documentOrder.filter((d) => d !== doc);
		for (const index of this.indices.values()) this.removeFromIndex(index, doc.identifier);
		this.tags.forget(doc.identifier);
		for (const id of doc.annotationIds ?? []) this.annotations.delete(id);
	}

	isReady(doc: StoredDocument): boolean {
		return doc.readyDt !== null;
	}

	/** The resume's search profile (rebuilt lazily after its data changed). */
	profileOf(doc: StoredDocument): ResumeProfile {
		if (!doc.profile)
			doc.profile = buildResumeProfile(doc.data as ResumeData, this.options.referenceMonth);
		return doc.profile;
	}

	/** Replaces a document's data (update_data); its annotations are extracted afresh. */
	replaceData(doc: StoredDocument, data: DocumentData): void {
		this.keepIndexedSnapshots(doc);
		doc.data = data;
		doc.profile = null;
		for (const id of doc.annotationIds ?? []) this.annotations.delete(id);
		doc.annotationIds = null;
	}

	// ---- annotations

	/** A document's annotations, extracted on first use (seeded resumes are many; most are never asked). */
	annotationsOf(doc: StoredDocument): AnnotationRecord[] {
		if (!doc.data) return [];
		if (!doc.annotationIds) {
			const random = new Random(this.options.seed, `annotations:${doc.identifier}`);
			doc.annotationIds = extractValues(doc.extractor, doc.data as Record<string, unknown>).map(
				(value, i) => {
					const confidence = Math.round((0.8 + random.next() * 0.2) * 100) / 100;
					const record: AnnotationRecord = {
						id: this.nextAnnotationId++,
						document: doc.identifier,
						path: value.path,
						dataPoint: value.dataPoint,
						field: value.dataPoint,
						contentType: value.contentType,
						raw: rawOf(value.parsed),
						parsed: value.parsed,
						pageIndex: 0,
						rectangles: [{ pageIndex: 0, x0: 40, y0: 60 + i * 14, x1: 400, y1: 72 + i * 14 }],
						confidence,
						classificationConfidence: confidence,
						textExtractionConfidence: 1,
						isClientVerified: false,
						isAutoVerified: confidence >= 0.95,
						parent: null,
					};
					this.annotations.set(record.id, record);
					return record.id;
				},
			);
		}
		return doc.annotationIds.map((id) => this.annotations.get(id) as AnnotationRecord);
	}

	annotation(id: number): AnnotationRecord | undefined {
		return this.annotations.get(id);
	}

	/** Applies an annotation edit; a new `parsed` writes through to the document's data. */
	updateAnnotation(
		record: AnnotationRecord,
		edit: {
			parsed?: unknown;
			raw?: string | null;
			isClientVerified?: boolean;
			pageIndex?: number | null;
			rectangles?: Rectangle[];
			dataPoint?: string;
			field?: string | null;
			parent?: number | null;
		},
	): void {
		if (edit.parsed !== undefined) {
			record.parsed = normaliseParsed(record.contentType, record.path, edit.parsed);
			if (edit.raw === undefined) record.raw = rawOf(record.parsed);
			const doc = this.documents.get(record.document);
			if (doc?.data) {
				this.keepIndexedSnapshots(doc);
				writePath(doc.data as Record<string, unknown>, record.path, record.parsed);
				doc.profile = null;
			}
		}
		if (edit.raw !== undefined) record.raw = edit.raw;
		if (edit.isClientVerified !== undefined) record.isClientVerified = edit.isClientVerified;
		if (edit.pageIndex !== undefined) record.pageIndex = edit.pageIndex;
		if (edit.rectangles !== undefined) record.rectangles = edit.rectangles;
		if (edit.dataPoint !== undefined) record.dataPoint = edit.dataPoint;
		if (edit.field !== undefined) record.field = edit.field;
		if (edit.parent !== undefined) record.parent = edit.parent;
	}

	/** The id of a document's result of a validation rule, the same every time it is asked. */
	validationResultId(doc: StoredDocument, rule: string): number {
		const key = `${doc.identifier}\u0000${rule}`;
		let id = this.validationResultIds.get(key);
		if (id === undefined) {
			id = this.validationResultIds.size + 1;
			this.validationResultIds.set(key, id);
		}
		return id;
	}

	// ---- indices

	createIndex(name: string, docType: IndexDocType): IndexRecord {
		const index: IndexRecord = {
			name,
			docType,
			documents: [],
			members: new Set(),
			snapshots: new Map(),
		};
		this.indices.set(name, index);
		return index;
	}

	requireIndex(name: string): IndexRecord {
		const index = this.indices.get(name);
		if (!index) throw notFound();
		return index;
	}

	/** Adds a document to an index; false when it is already a member. */
	addToIndex(name: string, doc: StoredDocument): boolean {
		const index = this.requireIndex(name);
		if (index.members.has(doc.identifier)) return false;
		index.members.add(doc.identifier);
		index.documents.push(doc.identifier);
		index.snapshots.delete(doc.identifier);
		return true;
	}

	/**
	 * Takes a member's current data into the index again (re_index): its searches see the document
	 * as it is now. False when the index does not hold it.
	 */
	reIndex(index: IndexRecord, identifier: string): boolean {
		if (!index.members.has(identifier)) return false;
		index.snapshots.delete(identifier);
		return true;
	}

	/** Before a document's data changes: each index holding it keeps seeing it as it was. */
	private keepIndexedSnapshots(doc: StoredDocument): void {
		for (const index of this.indices.values()) {
			if (!index.members.has(doc.identifier) || index.snapshots.has(doc.identifier)) continue;
			index.snapshots.set(doc.identifier, {
				data: doc.data === null ? null : structuredClone(doc.data),
				profile: doc.profile,
			});
		}
	}

	removeFromIndex(index: IndexRecord, identifier: string): boolean {
		index.snapshots.delete(identifier);
		if (!index.members.delete(identifier)) return false;
		index.documents = index.documents.filter((id) => id !== identifier);
		return true;
	}

	/** Documents of the given indices, each once, in index order. */
	indexedDocuments(indexNames: readonly string[]): StoredDocument[] {
		return this.indexed(indexNames).map(({ doc }) => doc);
	}

	/**
	 * Documents of the given indices, each once, in index order, as the first index holding each
	 * took it in (the data it had when added or last re-indexed).
	 */
	indexed(indexNames: readonly string[]): IndexedDocument[] {
		const out: IndexedDocument[] = [];
		// One index (the usual search) has no duplicates to skip.
		const seen = indexNames.length > 1 ? new Set<string>() : undefined;
		for (const name of indexNames) {
			const index = this.indices.get(name);
			for (const id of index?.documents ?? []) {
				if (seen) {
					if (seen.has(id)) continue;
					seen.add(id);
				}
				const doc = this.documents.get(id);
				if (doc && index) out.push(this.asIndexed(doc, index.snapshots));
			}
		}
		return out;
	}

	private asIndexed(doc: StoredDocument, snapshots: Map<string, Snapshot>): IndexedDocument {
		const snapshot = snapshots.get(doc.identifier);
		if (!snapshot) return { doc, data: doc.data, profile: () => this.profileOf(doc) };
		return {
			doc,
			data: snapshot.data,
			profile: () =>
				(snapshot.profile ??= buildResumeProfile(
					snapshot.data as ResumeData,
					this.options.referenceMonth,
				)),
		};
	}
}
