import type { IDataObject } from 'n8n-workflow';
import { isSafeObjectProperty } from 'n8n-workflow';

import { certifications, educationItems, occupation, workHistoryItems } from './cv';
import { jsonResumeItems } from './jsonResume';
import * as job from './jobDescription';
import { documentKind, type DocumentKind } from './kind';
import { simplifyDocument } from './parsedData';
import * as resume from './resume';
import { Evidence, isObject, plain, text } from './values';

/**
 * Every row table, and the one place Output is applied. A Flat Row is made here for whatever
 * the service hands back: a document (its columns per kind), a ranked search result (a candidate
 * or a job description), a pair's match score, a list of suggestions. An operation returns a
 * `ServiceAnswer`; the router applies the item's Output to it (`shapeOutput`), as it applies
 * pairing, and the triggers shape the document they fetch with `documentShaper`.
 */

/**
 * What Output offers: a Flat Row, Parsed Data (documents only), Affinda's answer unchanged, or,
 * for resumes, their work history, education or JSON Resume (items of their own).
 */
export type OutputChoice = 'row' | 'document' | 'raw' | ResumeOutput;

/** The outputs made of a resume's career: any number of items per document, per the table. */
export type ResumeOutput = 'workHistory' | 'education' | 'jsonResume';

const RESUME_OUTPUTS: Record<ResumeOutput, (document: IDataObject) => IDataObject[]> = {
	workHistory: workHistoryItems,
	education: educationItems,
	jsonResume: jsonResumeItems,
};

/** Whether an Output value is one made of resumes (it needs their parsed data). */
export function isResumeOutput(choice: unknown): choice is ResumeOutput {
	return typeof choice === 'string' && choice in RESUME_OUTPUTS;
}

/**
 * Documents. The columns of a Flat Row, per kind of document: the one table the panel's Include Fields, the
 * row reader and the README's samples are made from. A column `byDefault` is in every row of its
 * kind; the others join when Include Fields names them. A column the document has no value for is
 * null, never missing, so that spreadsheet columns stay aligned.
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

/** What Include Fields offers: every column some kind leaves out by default, once. */
export function includableColumns(): Column[] {
	const byName = new Map<string, Column>();
	for (const column of [...RESUME_COLUMNS, ...JOB_DESCRIPTION_COLUMNS])
		if (!column.byDefault && !byName.has(column.name)) byName.set(column.name, column);
	return [...byName.values()];
}

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
			if (NOT_A_COLUMN.has(slug) || cells.has(slug) || !isSafeObjectProperty(slug)) continue;
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

/**
 * Ranked search results (Resume → Search, Job Description → Search). Each result scores the
 * criteria in parts (`jobTitle`, `skills` …, each `{label, value, score}`); a row holds a score for
 * the parts that were searched only.
 */

/** Which scores of a result answer what was searched: components, and custom data points by slug. */
export interface Searched {
	components: readonly string[];
	customData: readonly string[];
}

/** A component's score, or null when the service did not score it. */
export function scoreOf(component: unknown): number | null {
	if (!isObject(component)) return null;
	return typeof component.score === 'number' ? component.score : null;
}

/**
 * What the service returned in words beside each score, as row columns: the column, then the
 * result's component whose `value` it holds (the skills' value lists the skills that matched).
 */
const VALUE_COLUMNS = {
	jobTitle: 'jobTitle',
	location: 'location',
	experience: 'experience',
	matchedSkills: 'skills',
} as const;

/** "1 years" reads "1 year"; "11 years", "0.1 years" and every other plural stay as they are. */
const ONE_YEARS = /(^|[^\d.])1 years\b/g;

/** The result's values in words, one column each, null where the service sent none. */
function valuesOf(result: IDataObject): IDataObject {
	const row: IDataObject = {};
	for (const [column, component] of Object.entries(VALUE_COLUMNS)) {
		const scored = result[component];
		const value = (isObject(scored) ? scored.value : null) ?? null;
		row[column] =
			column === 'experience' && typeof value === 'string'
				? value.replace(ONE_YEARS, (_match, before: string) => `${before}1 year`)
				: value;
	}
	return row;
}

/** Who or what was ranked, then the overall score: a candidate's (named as in a Parse row) or a job description's. */
function candidateStart(result: IDataObject): IDataObject {
	return { fullName: result.name ?? null, score: result.score ?? null };
}

function jobDescriptionStart(result: IDataObject): IDataObject {
	const jobTitle = result.jobTitle as IDataObject | undefined;
	return {
		jobTitle: jobTitle?.value ?? null,
		organization: result.organizationName ?? null,
		score: result.score ?? null,
	};
}

/** One `<criterion>Score` column per criterion searched; a slug's clashing name gets `customData.`. */
function withScores(row: IDataObject, result: IDataObject, searched: Searched): IDataObject {
	for (const component of searched.components) {
		row[`${component}Score`] = scoreOf(result[component]);
	}
	const customData = (result.customData ?? {}) as IDataObject;
	for (const slug of searched.customData) {
		const column = `${slug}Score`;
		row[column in row ? `customData.${column}` : column] = scoreOf(customData[slug]);
	}
	return row;
}

/**
 * A candidate's Flat Row: who, the overall score, the values in words, a score for each
 * criterion searched, then the resume's identifier and PDF link.
 */
export function candidateRow(result: IDataObject, searched: Searched): IDataObject {
	const row = withScores({ ...candidateStart(result), ...valuesOf(result) }, result, searched);
	return { ...row, identifier: result.identifier, pdf: result.pdf ?? null };
}

/**
 * A job description's Flat Row: its title and organization, the overall score, its values in
 * words, a score for each of `components` the result has and each custom data point it scored,
 * then its identifier and PDF link.
 */
export function jobDescriptionRow(result: IDataObject, components: readonly string[]): IDataObject {
	const searched: Searched = {
		components: components.filter((component) => component in result),
		customData: Object.keys((result.customData ?? {}) as IDataObject),
	};
	const row = withScores({ ...jobDescriptionStart(result), ...valuesOf(result) }, result, searched);
	return { ...row, identifier: result.identifier, pdf: result.pdf ?? null };
}

/** A row of a tool's answer: what a model needs to name, rank and look up a candidate. */
export function candidateToolRow(result: IDataObject, searched: Searched): IDataObject {
	return { ...withScores(candidateStart(result), result, searched), identifier: result.identifier };
}

/** A row of a tool's answer of job descriptions: title, organization, scores, identifier. */
export function jobDescriptionToolRow(result: IDataObject, searched: Searched): IDataObject {
	return {
		...withScores(jobDescriptionStart(result), result, searched),
		identifier: result.identifier,
	};
}

/**
 * A pair's match score (Resume → Get Match Score): the two documents, the score, then each
 * component's score (`skillsScore` …) the answer details, in the order of `components`.
 */
export function matchScoreRow(
	pair: { resume: unknown; jobDescription: unknown },
	answer: IDataObject,
	components: readonly string[],
): IDataObject {
	const details = (answer.details ?? {}) as IDataObject;
	const row: IDataObject = {
		resume: pair.resume as string,
		jobDescription: pair.jobDescription as string,
		score: answer.score ?? null,
	};
	for (const component of components) {
		if (component in details) row[`${component}Score`] = scoreOf(details[component]);
	}
	return row;
}

/** Suggestions (Resume → Suggest): one row, what was given and the list, ready to feed a search. */
export function suggestionsRow(kind: string, given: string[], suggestions: string[]): IDataObject {
	return { [kind]: given, suggestions };
}

/**
 * Output applied. An operation hands the router a `ServiceAnswer`: Affinda's answer (Raw
 * Response; a list is one item per entry) and how its row table (and, for documents, Parsed Data)
 * reads it. Anything else an operation returns (a file, a tool's compact answer) is output as it is.
 */

type Items = IDataObject | IDataObject[];

/** The row options of a Flat Row, for the operations whose rows take them (documents). */
export interface OutputSettings {
	choice: OutputChoice;
	rowOptions: RowOptions;
}

export class ServiceAnswer {
	constructor(
		/** Raw Response: the answer unchanged. */
		readonly raw: Items,
		/** Flat Row, possibly after more requests (Add Candidate Details). */
		readonly row: (options: RowOptions) => Items | Promise<Items>,
		/** Parsed Data, where the operation offers it. */
		readonly document?: () => Items,
		/** The documents, for the outputs made of resumes, where the operation offers them. */
		readonly documents?: IDataObject[],
	) {}
}

/**
 * A resume output whose answer held documents it cannot be made of (not resumes, not parsed):
 * the items of the others, and a refusal for each of those, in the answer's order. The router
 * fails the item on the first refusal, or, with Continue on Fail, outputs the items and an
 * error item per refusal.
 */
export class RefusedDocuments {
	constructor(
		readonly items: IDataObject[],
		readonly refusals: Error[],
	) {}
}

/** A resume output of each document: its items, or its refusal kept aside. */
function resumeOutput(
	documents: IDataObject[],
	choice: ResumeOutput,
): IDataObject[] | RefusedDocuments {
	const items: IDataObject[] = [];
	const refusals: Error[] = [];
	for (const document of documents) {
		try {
			items.push(...RESUME_OUTPUTS[choice](document));
		} catch (error) {
			refusals.push(error as Error);
		}
	}
	return refusals.length === 0 ? items : new RefusedDocuments(items, refusals);
}

/** What Output makes of a document: a row, Parsed Data, or the answer unchanged. */
export function documentShaper(
	choice: OutputChoice,
	rowOptions: RowOptions = DEFAULT_ROW_OPTIONS,
): (document: IDataObject) => IDataObject {
	if (choice === 'raw') return (document) => document;
	if (choice === 'document') return simplifyDocument;
	return (document) => protectedRows(documentRow(document, rowOptions), rowOptions);
}

/**
 * A CV is text anyone writes: "=HYPERLINK(…)" as a name becomes a live formula once a row is
 * appended to a sheet as typed. Text starting as a formula does is written with a leading `'`,
 * which spreadsheets show as text; a phone number or a number (+61 412 345 678, -3) stays.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
// Linear: the run before the first digit holds no digit, so each character has one place to go
// (two stars over one shared class backtrack quadratically on a long run that ends badly).
const PHONE_OR_NUMBER = /^[+-]?[\s().\-/]*\d[\d\s().\-/]*$/;

function protectedCell(value: unknown): unknown {
	if (typeof value === 'string') {
		return FORMULA_START.test(value) && !PHONE_OR_NUMBER.test(value) ? `'${value}` : value;
	}
	return Array.isArray(value) ? value.map(protectedCell) : value;
}

/** Rows (one or several) with Protect Against Formulas applied, when it is on. */
function protectedRows<T extends Items>(rows: T, options: RowOptions): T {
	if (options.protectAgainstFormulas === false) return rows;
	const one = (row: IDataObject): IDataObject => {
		const out: IDataObject = {};
		for (const [column, value] of Object.entries(row)) out[column] = protectedCell(value) as never;
		return out;
	};
	return (Array.isArray(rows) ? rows.map(one) : one(rows as IDataObject)) as T;
}

/**
 * Documents as a service answer; `added` (e.g. `reused`) joins each item whatever Output says.
 */
export function documentsAnswer(documents: Items, added: IDataObject = {}): ServiceAnswer {
	const each = (choice: OutputChoice, options?: RowOptions) => () => {
		const shape = documentShaper(choice, options);
		const one = (document: IDataObject) => ({ ...shape(document), ...added });
		return Array.isArray(documents) ? documents.map(one) : one(documents);
	};
	// A resume output has exactly its columns: `added` is about the document, not its positions.
	return new ServiceAnswer(
		Object.keys(added).length === 0 ? documents : each('raw')(),
		(options) => each('row', options)(),
		each('document'),
		Array.isArray(documents) ? documents : [documents],
	);
}

/** The item's output as Output asks; what is not a service answer passes unchanged. */
export async function shapeOutput<T>(
	value: T | ServiceAnswer,
	{ choice, rowOptions }: OutputSettings,
): Promise<Exclude<T, ServiceAnswer> | Items | RefusedDocuments> {
	if (!(value instanceof ServiceAnswer)) return value as Exclude<T, ServiceAnswer>;
	if (choice === 'raw') return value.raw;
	if (choice === 'document' && value.document) return value.document();
	if (isResumeOutput(choice) && value.documents) return resumeOutput(value.documents, choice);
	return protectedRows(await value.row(rowOptions), rowOptions ?? DEFAULT_ROW_OPTIONS);
}
