// Annotations: one per extracted value of a document, each pointing at the value's place (path) in
// the document's data. Editing an annotation's `parsed` writes through to the data, so the
// document, and for resumes the search profile, show the edit.

import { placeLocation, classificationForTitle, managementLevelForTitle } from './data/normalise';
import { CUSTOM_DATA_POINTS, type ExtractorName, type JobDescriptionFields } from './data/types';
import type { ErrorItem } from './http';
import { validate, type Schema } from './validation';

export type DataPath = ReadonlyArray<string | number>;

/** The service's AnnotationContentType values. */
export type ContentType =
	| 'text'
	| 'integer'
	| 'float'
	| 'decimal'
	| 'date'
	| 'datetime'
	| 'daterange'
	| 'boolean'
	| 'enum'
	| 'location'
	| 'phonenumber'
	| 'json'
	| 'table'
	| 'expectedremuneration'
	| 'jobtitle'
	| 'language'
	| 'skill'
	| 'yearsexperience'
	| 'group'
	| 'table_deprecated'
	| 'url'
	| 'image'
	| 'docclf';

/** An extracted value before it is given an annotation id. */
export interface ExtractedValue {
	path: DataPath;
	dataPoint: string;
	contentType: ContentType;
	parsed: unknown;
}

export interface Rectangle {
	pageIndex?: number;
	x0: number;
	y0: number;
	x1: number;
	y1: number;
}

export interface AnnotationRecord {
	id: number;
	document: string;
	path: DataPath;
	dataPoint: string;
	field: string | null;
	contentType: ContentType;
	raw: string | null;
	parsed: unknown;
	pageIndex: number | null;
	rectangles: Rectangle[];
	confidence: number;
	classificationConfidence: number;
	textExtractionConfidence: number;
	isClientVerified: boolean;
	isAutoVerified: boolean;
	parent: number | null;
}

export function readPath(data: unknown, path: DataPath): unknown {
	let at = data as Record<string | number, unknown> | undefined;
	for (const key of path) at = at?.[key] as Record<string | number, unknown> | undefined;
	return at;
}

export function writePath(data: Record<string, unknown>, path: DataPath, value: unknown): void {
	let at = data as Record<string | number, unknown>;
	for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
	at[path[path.length - 1]] = value;
}

function listValues(
	base: string,
	dataPoint: string,
	contentType: ContentType,
	values: unknown[] | undefined,
	inner: string[] = [],
): ExtractedValue[] {
	return (values ?? []).map((_, i) => ({
		path: [base, i, ...inner],
		dataPoint,
		contentType,
		parsed: undefined,
	}));
}

/** Where a document kind's values live in its data, and what kind of value each is. */
function extractedPaths(extractor: ExtractorName, data: Record<string, unknown>): ExtractedValue[] {
	const one = (key: string, contentType: ContentType): ExtractedValue[] =>
		data[key] === null || data[key] === undefined
			? []
			: [{ path: [key], dataPoint: key, contentType, parsed: undefined }];
	switch (extractor) {
		case 'resume':
			return [
				...one('name', 'json'),
				...listValues('emails', 'emails', 'text', data.emails as unknown[]),
				...listValues(
					'phoneNumbers',
					'phoneNumbers',
					'phonenumber',
					data.phoneNumbers as unknown[],
				),
				...one('location', 'location'),
				...one('totalYearsExperience', 'integer'),
				...listValues('workExperience', 'jobTitle', 'jobtitle', data.workExperience as unknown[], [
					'jobTitle',
				]),
				...listValues('education', 'educationOrganization', 'text', data.education as unknown[], [
					'organization',
				]),
				...listValues('skills', 'skills', 'skill', data.skills as unknown[], ['name']),
				...listValues('languages', 'languages', 'language', data.languages as unknown[]),
				...CUSTOM_DATA_POINTS.flatMap((point) =>
					one(
						point.slug,
						point.type === 'boolean' ? 'boolean' : point.type === 'text' ? 'text' : point.type,
					),
				),
			];
		case 'job-description':
			return [
				...one('jobTitle', 'jobtitle'),
				...[
					'contactEmail',
					'contactName',
					'contactPhone',
					'jobType',
					'organizationName',
					'organizationWebsite',
					'educationLevel',
					'educationAccreditation',
				].flatMap((k) => one(k, 'text')),
				...one('startDate', 'date'),
				...one('endDate', 'date'),
				...listValues('languages', 'languages', 'language', data.languages as unknown[]),
				...listValues('skills', 'skills', 'skill', data.skills as unknown[]),
				...one('location', 'location'),
				...one('expectedRemuneration', 'expectedremuneration'),
				...one('yearsExperience', 'yearsexperience'),
				...listValues('certifications', 'certifications', 'text', data.certifications as unknown[]),
			];
		case 'custom':
			// A customer's type: each field under its slug.
			return Object.keys(data)
				.filter((key) => key !== 'rawText')
				.flatMap((key) => {
					const value = data[key];
					const object = typeof value === 'object' && value !== null;
					return one(key, object ? ('label' in value ? 'enum' : 'location') : 'text');
				});
		case 'invoice':
			return [
				...['invoiceNumber', 'supplierName', 'customerName', 'currency'].flatMap((k) =>
					one(k, 'text'),
				),
				...['invoiceDate', 'dueDate'].flatMap((k) => one(k, 'date')),
				...['subtotal', 'totalTax', 'totalAmount'].flatMap((k) => one(k, 'decimal')),
			];
	}
}

export function extractValues(
	extractor: ExtractorName,
	data: Record<string, unknown>,
): ExtractedValue[] {
	return extractedPaths(extractor, data).map((v) => ({ ...v, parsed: readPath(data, v.path) }));
}

export function rawOf(parsed: unknown): string | null {
	if (parsed === null || parsed === undefined) return null;
	if (typeof parsed === 'object') {
		const o = parsed as Record<string, unknown>;
		return String(o.raw ?? o.rawInput ?? o.name ?? JSON.stringify(parsed));
	}
	return String(parsed);
}

const nullableObject: Schema = {
	type: 'object',
	properties: {},
	additionalProperties: { type: 'any' },
	nullable: true,
};
const rangeObject: Schema = {
	type: 'object',
	nullable: true,
	properties: {
		minimum: { type: 'number', nullable: true },
		maximum: { type: 'number', nullable: true },
		currency: { type: 'string', nullable: true },
		unit: { type: 'string', nullable: true },
	},
};

/** What an annotation's `parsed` may be, by content type (strings stand for a text edit). */
const PARSED_SCHEMAS: Partial<Record<ContentType, Schema>> = {
	text: { type: 'string', nullable: true },
	date: { type: 'string', nullable: true, format: 'date-time' },
	skill: { type: 'string', nullable: true },
	language: { type: 'string', nullable: true },
	phonenumber: { type: 'string', nullable: true },
	integer: { type: 'integer', minimum: 0, nullable: true },
	decimal: { type: 'number', nullable: true },
	float: { type: 'number', nullable: true },
	boolean: { type: 'boolean', nullable: true },
	location: {
		type: 'anyOf',
		options: [{ type: 'string' }, nullableObject],
		description: 'a location object or an address string',
	},
	jobtitle: {
		type: 'anyOf',
		options: [{ type: 'string' }, nullableObject],
		description: 'a job title object or a job title string',
	},
	expectedremuneration: rangeObject,
	yearsexperience: rangeObject,
	json: nullableObject,
};

/** Checks a new `parsed` against the annotation's content type. */
export function parsedErrors(contentType: ContentType, parsed: unknown, attr: string): ErrorItem[] {
	const schema = PARSED_SCHEMAS[contentType];
	return schema ? validate(parsed, schema, attr) : [];
}

/** The value to store for an edited `parsed`: strings become structured where the type is. */
export function normaliseParsed(
	contentType: ContentType,
	path: DataPath,
	parsed: unknown,
): unknown {
	// A resume's workExperience[i].jobTitle is a plain string; a job description's jobTitle is an object.
	const nested = path.length > 1;
	if (typeof parsed === 'string' && contentType === 'location') return placeLocation(parsed);
	if (contentType === 'jobtitle' && nested && parsed && typeof parsed === 'object') {
		return String((parsed as { name?: unknown }).name ?? '');
	}
	if (typeof parsed === 'string' && contentType === 'jobtitle' && !nested) {
		const title: JobDescriptionFields['jobTitle'] = {
			name: parsed,
			managementLevel: managementLevelForTitle(parsed),
			classification: classificationForTitle(parsed),
		};
		return title;
	}
	if (contentType === 'date' && typeof parsed === 'string') return parsed.slice(0, 10);
	return parsed;
}
