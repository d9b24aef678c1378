import type { IDataObject } from 'n8n-workflow';

import { isObject } from './values';

/**
 * What kind of document the service says it parsed. Affinda names its parsers by extractor:
 * `resume` (the legacy parser), `resume-v4` (NextGen), `resume-v4-custom_field_type` (a NextGen
 * type with custom fields: one public, real NextGen answer carried that as `extractor` and
 * `resume-v4` as its collection's extractor), `job-description`. A customer's own type may be
 * built on one of them (`baseExtractor`). So a document is a resume when its extractor, its
 * collection's extractor or that extractor's base is `resume` or starts with `resume-`; the same
 * for job descriptions.
 */
export type DocumentKind = 'resume' | 'jobDescription' | 'other';

const KIND_PREFIXES: ReadonlyArray<[DocumentKind, string]> = [
	['resume', 'resume'],
	['jobDescription', 'job-description'],
];

/** The kind an extractor identifier names, if it names one. */
function kindOfExtractor(identifier: unknown): DocumentKind | undefined {
	if (typeof identifier !== 'string') return undefined;
	const id = identifier.toLowerCase();
	return KIND_PREFIXES.find(([, prefix]) => id === prefix || id.startsWith(`${prefix}-`))?.[0];
}

/** The extractor identifiers that describe a document, an extractor object or a collection. */
function extractorNames(extractor: unknown): unknown[] {
	if (!isObject(extractor)) return [extractor];
	const base = extractor.baseExtractor;
	return [extractor.identifier, isObject(base) ? base.identifier : base];
}

/** What a document (or a collection, a document type with an extractor) is, by what the service told. */
export function documentKind(document: IDataObject): DocumentKind {
	const meta = isObject(document.meta) ? document.meta : {};
	const collection = isObject(meta.collection) ? meta.collection : {};
	const names = [
		...extractorNames(document.extractor),
		...extractorNames(collection.extractor),
		...extractorNames(document.baseExtractor),
	];
	for (const name of names) {
		const kind = kindOfExtractor(name);
		if (kind) return kind;
	}
	return 'other';
}
