import type { IDataObject } from 'n8n-workflow';

import { certifications, occupation } from './cv';
import * as job from './jobDescription';
import { documentKind, type DocumentKind } from './kind';
import * as resume from './resume';
import { Evidence, isFieldName, isObject, plain, text } from './values';

/**
 * A document's Flat Row. The columns per kind of document: the one table the panel's Include
 * Fields, the row reader and the README's samples are made from. A column `byDefault` is in every
 * row of its kind; the others join when Include Fields names them. A column the document has no
 * value for is null, never missing, so that spreadsheet columns stay aligned.
 */

export interface Source {
	data: IDataObject;
	meta: IDataObject;
}

export interface Column {
	name: string;
	/** For Include Fields; columns in every row need none. */
	displayName?: string;
	description: string;
	byDefault: boolean;
	/** A list: one cell of text joined by ", ", or an array (Lists As). */
	list?: true;
	read: (source: Source, evidence: Evidence) => unknown;
}

const fromData =
	(reader: (data: IDataObject, evidence: Evidence) => unknown) =>
	({ data }: Source, evidence: Evidence) =>
		reader(data, evidence);

/** An identifier or name the metadata gives as text or as `{identifier, name}`. */
function metaText(key: string) {
	return ({ meta }: Source) => {
		const value = meta[key];
		return isObject(value) ? text(value.identifier) : text(value);
	};
}

const IDENTIFIER: Column = {
	name: 'identifier',
	description: "The document's identifier in Affinda",
	byDefault: true,
	read: metaText('identifier'),
};

/** Columns every kind can add. */
const META: Column[] = [
	{
		name: 'fileName',
		displayName: 'File Name',
		description: 'The name of the uploaded file',
		byDefault: false,
		read: metaText('fileName'),
	},
	{
		name: 'customIdentifier',
		displayName: 'Custom Identifier',
		description: 'The identifier given at upload (e.g. an ATS ID)',
		byDefault: false,
		read: metaText('customIdentifier'),
	},
	{
		name: 'documentType',
		displayName: 'Document Type',
		description: "The document type's identifier",
		byDefault: false,
		read: metaText('documentType'),
	},
	{
		name: 'workspace',
		displayName: 'Workspace',
		description: "The workspace's identifier",
		byDefault: false,
		read: metaText('workspace'),
	},
];

const city: Column = {
	name: 'city',
	description: 'City of the address',
	byDefault: true,
	read: fromData((data, evidence) => resume.locationPart(data, 'city', evidence)),
};
const country: Column = {
	name: 'country',
	displayName: 'Country',
	description: 'Country of the address',
	byDefault: false,
	read: fromData((data, evidence) => resume.locationPart(data, 'country', evidence)),
};

export const RESUME_COLUMNS: readonly Column[] = [
	IDENTIFIER,
	{
		name: 'fullName',
		description: 'First, middle and last name',
		byDefault: true,
		read: fromData(resume.fullName),
	},
	{
		name: 'firstName',
		description: 'First name',
		byDefault: true,
		read: fromData(resume.firstName),
	},
	{
		name: 'lastName',
		description: 'Last (family) name',
		byDefault: true,
		read: fromData(resume.lastName),
	},
	{
		name: 'email',
		description: 'The first e-mail address',
		byDefault: true,
		read: fromData(resume.email),
	},
	{
		name: 'phone',
		description: 'The first phone number',
		byDefault: true,
		read: fromData(resume.phone),
	},
	city,
	{
		name: 'currentJobTitle',
		description: 'Title of the current job, else of the latest',
		byDefault: true,
		read: fromData(resume.currentJobTitle),
	},
	{
		name: 'totalYearsExperience',
		description: 'Years of work experience (a number)',
		byDefault: true,
		read: fromData(resume.totalYearsExperience),
	},
	{
		name: 'skills',
		description: 'Skill names, each once',
		byDefault: true,
		list: true,
		read: fromData(resume.skills),
	},
	country,
	{
		name: 'currentEmployer',
		displayName: 'Current Employer',
		description: 'Employer of the current (else latest) job',
		byDefault: false,
		read: fromData(resume.currentEmployer),
	},
	{
		name: 'highestDegree',
		displayName: 'Highest Degree',
		description: 'The degree of the highest education level',
		byDefault: false,
		read: fromData(resume.highestDegree),
	},
	{
		name: 'languages',
		displayName: 'Languages',
		description: 'Languages spoken (resumes) or asked for (job descriptions)',
		byDefault: false,
		list: true,
		read: fromData(resume.languages),
	},
	{
		name: 'linkedin',
		displayName: 'LinkedIn',
		description: 'LinkedIn profile address',
		byDefault: false,
		read: fromData(resume.linkedin),
	},
	{
		name: 'emails',
		displayName: 'All Emails',
		description: 'Every e-mail address',
		byDefault: false,
		list: true,
		read: fromData(resume.emails),
	},
	{
		name: 'phones',
		displayName: 'All Phones',
		description: 'Every phone number',
		byDefault: false,
		list: true,
		read: fromData(resume.phones),
	},
	{
		name: 'summary',
		displayName: 'Summary',
		description: "The candidate's summary",
		byDefault: false,
		read: fromData(resume.summary),
	},
	{
		name: 'certifications',
		displayName: 'Certifications',
		description: 'Certification names, each once',
		byDefault: false,
		list: true,
		read: fromData(certifications),
	},
	{
		name: 'occupation',
		displayName: 'Occupation',
		description:
			"Affinda's normalised job title of the current (else latest) position; NextGen: only where the account maps job titles",
		byDefault: false,
		read: fromData(occupation),
	},
	...META,
];

export const JOB_DESCRIPTION_COLUMNS: readonly Column[] = [
	IDENTIFIER,
	{ name: 'jobTitle', description: 'The job title', byDefault: true, read: fromData(job.jobTitle) },
	{
		name: 'organization',
		description: 'The hiring organization',
		byDefault: true,
		read: fromData(job.organization),
	},
	city,
	{
		name: 'yearsExperienceMin',
		description: 'Years of experience asked for, at least',
		byDefault: true,
		read: fromData(job.yearsExperience('minimum')),
	},
	{
		name: 'yearsExperienceMax',
		description: 'Years of experience asked for, at most',
		byDefault: true,
		read: fromData(job.yearsExperience('maximum')),
	},
	{
		name: 'skills',
		description: 'Skills asked for',
		byDefault: true,
		list: true,
		read: fromData(job.names('skills')),
	},
	country,
	{
		name: 'languages',
		description: 'Languages asked for',
		byDefault: false,
		list: true,
		read: fromData(job.names('languages')),
	},
	...META,
];

/** Any other document type: these, then each top-level field of its data (row.ts). */
const OTHER_COLUMNS: readonly Column[] = [
	IDENTIFIER,
	{ ...(META.find((c) => c.name === 'documentType') as Column), byDefault: true },
	...META.filter((c) => c.name !== 'documentType'),
];

export const COLUMNS: Record<DocumentKind, readonly Column[]> = {
	resume: RESUME_COLUMNS,
	jobDescription: JOB_DESCRIPTION_COLUMNS,
	other: OTHER_COLUMNS,
};

/** How a row is made: what Include Fields, Custom Data Points, Lists As and Confidence Threshold say. */
export interface RowOptions {
	include: readonly string[];
	/** Custom data points (slugs) to add as columns. */
	customDataPoints: readonly string[];
	listsAs: 'text' | 'array';
	/** Set: the row gets `needsReview` and `lowConfidenceFields`. */
	threshold?: number;
	/** Text a spreadsheet would run as a formula is written with a leading `'` (unless false). */
	protectAgainstFormulas?: boolean;
}

export const DEFAULT_ROW_OPTIONS: RowOptions = {
	include: [],
	customDataPoints: [],
	listsAs: 'text',
	protectAgainstFormulas: true,
};

/** The whole text of the document: in Parsed Data, never in a row. */
const NOT_A_COLUMN = new Set(['rawText', 'redactedText']);

interface Cell {
	value: unknown;
	evidence: Evidence;
	/** The name lowConfidenceFields uses: the column's, or the slug it came from. */
	flagAs: string;
}

function capitalised(key: string): string {
	return key.charAt(0).toUpperCase() + key.slice(1);
}

/** A value as a cell: lists joined (or kept), an object within a list as JSON text. */
export function cellValue(value: unknown, listsAs: RowOptions['listsAs']): unknown {
	if (value === undefined) return null;
	if (!Array.isArray(value)) return value;
	if (listsAs === 'array') return value;
	return value
		.filter((entry) => entry !== null && entry !== undefined)
		.map((entry) => (typeof entry === 'object' ? JSON.stringify(entry) : String(entry)))
		.join(', ');
}

/** A top-level field as cells: its value, or an object's values one level down in camelCase. */
function fieldCells(slug: string, value: unknown, options: RowOptions): Array<[string, Cell]> {
	const evidence = new Evidence();
	const inner = plain(value, evidence);
	if (!isObject(inner))
		return [[slug, { value: cellValue(inner, options.listsAs), evidence, flagAs: slug }]];
	return Object.entries(inner).map(([key, entry]) => [
		`${slug}${capitalised(key)}`,
		{
			value: cellValue(
				isObject(entry) && options.listsAs === 'text' ? JSON.stringify(entry) : entry,
				options.listsAs,
			),
			evidence,
			flagAs: slug,
		},
	]);
}

/**
 * A document as one flat row: the columns of its kind (resume, job description, or any other
 * type's top-level fields), then the custom data points asked for, then, with a threshold,
 * whether a person should look at it.
 */
export function documentRow(
	document: IDataObject,
	options: RowOptions = DEFAULT_ROW_OPTIONS,
): IDataObject {
	const kind = documentKind(document);
	const source = {
		data: isObject(document.data) ? document.data : {},
		meta: isObject(document.meta) ? document.meta : {},
	};
	const include = new Set(options.include);
	const cells = new Map<string, Cell>();
	const add = (column: Column) => {
		const evidence = new Evidence();
		const value = column.read(source, evidence);
		cells.set(column.name, {
			value: column.list ? cellValue(value, options.listsAs) : (value ?? null),
			evidence,
			flagAs: column.name,
		});
	};
	const columns = COLUMNS[kind];
	columns.filter((column) => column.byDefault).forEach(add);
	if (kind === 'other') {
		for (const [slug, value] of Object.entries(source.data)) {
			if (NOT_A_COLUMN.has(slug) || cells.has(slug) || !isFieldName(slug)) continue;
			for (const [name, cell] of fieldCells(slug, value, options)) cells.set(name, cell);
		}
	}
	columns.filter((column) => !column.byDefault && include.has(column.name)).forEach(add);
	for (const slug of options.customDataPoints) {
		if (cells.has(slug)) continue;
		// Asked for by slug, a data point is one column, whatever its shape.
		const evidence = new Evidence();
		// The document's own field only: never one its prototype offers (toString).
		const value = plain(Object.hasOwn(source.data, slug) ? source.data[slug] : undefined, evidence);
		cells.set(slug, { value: cellValue(value ?? null, options.listsAs), evidence, flagAs: slug });
	}
	const row: IDataObject = {};
	for (const [name, cell] of cells) row[name] = cell.value as IDataObject[string];
	if (options.threshold !== undefined) {
		const threshold = options.threshold;
		const low = new Set<string>();
		for (const cell of cells.values()) {
			const { confidence, verified } = cell.evidence;
			if (!verified && confidence !== null && confidence < threshold) low.add(cell.flagAs);
		}
		row.needsReview = low.size > 0;
		row.lowConfidenceFields = options.listsAs === 'array' ? [...low] : [...low].join(', ');
	}
	return row;
}
