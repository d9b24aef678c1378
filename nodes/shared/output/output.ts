import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { invalid } from '../readers';
import { metaOf, parseFailureOf } from '../service';
import { educationItems, workHistoryItems } from './cv';
import { DEFAULT_ROW_OPTIONS, documentRow, type RowOptions } from './documentRows';
import { jsonResumeItems } from './jsonResume';
import { readProtectAgainstFormulas, readRowOptions } from './rowOptions';

/**
 * The Output contract, in one place: what Output offers (its choices and the parameter), the
 * reader of an item's Output and row options, and Output applied, Protect Against Formulas
 * included. An operation returns a `ServiceAnswer`; the router reads the item's Output before any
 * request and applies it to the answer (`shapeOutput`), as it applies pairing; the triggers shape
 * the document they fetch with `documentShaper`. The row tables are documentRows.ts (documents)
 * and rankedRows.ts (search results, match scores, suggestions); the row's options rowOptions.ts.
 */

/**
 * What Output offers: a Flat Row, Parsed Data (documents only), Affinda's answer unchanged, or,
 * for resumes, their work history, education or JSON Resume (items of their own).
 */
export type OutputChoice = 'row' | 'document' | 'raw' | ResumeOutput;

/** The outputs made of a resume's career: any number of items per document, per the table. */
export type ResumeOutput = 'workHistory' | 'education' | 'jsonResume';

/** Each resume output's items, and whether they are a table's rows (formula-protected) or data. */
const RESUME_OUTPUTS: Record<
	ResumeOutput,
	{ items: (document: IDataObject) => IDataObject[]; table: boolean }
> = {
	workHistory: { items: workHistoryItems, table: true },
	education: { items: educationItems, table: true },
	jsonResume: { items: jsonResumeItems, table: false },
};

/** Whether an Output value is one made of resumes (it needs their parsed data). */
export function isResumeOutput(choice: unknown): choice is ResumeOutput {
	return typeof choice === 'string' && choice in RESUME_OUTPUTS;
}

/**
 * Output, defined once for every operation that hands over what the service returned: each
 * value has the same name and meaning everywhere; an operation says what its Flat Row (and its
 * Raw Response) hold.
 */

const OUTPUT_OPTIONS: Record<OutputChoice, INodePropertyOptions> = {
	row: {
		name: 'Flat Row',
		value: 'row',
		description:
			'One flat object per document (name, email, phone, city, current job title, years of experience, skills …), ready for a spreadsheet or CRM',
	},
	document: {
		name: 'Parsed Data',
		value: 'document',
		description: "The document's metadata and its parsed data as Affinda returns it",
	},
	raw: { name: 'Raw Response', value: 'raw', description: "Affinda's answer, unchanged" },
	workHistory: {
		name: 'Work History',
		value: 'workHistory',
		description:
			"One item per position of each resume, most recent first: job title, employer, location, dates, whether current, months, description (an ATS's Experience table)",
	},
	education: {
		name: 'Education',
		value: 'education',
		description:
			'One item per degree of each resume, most recent first: institution, degree, level, dates, grade, location',
	},
	jsonResume: {
		name: 'JSON Resume',
		value: 'jsonResume',
		description:
			'One JSON Resume document (jsonresume.org) per resume: basics, work, education, skills, languages, certificates',
	},
};

/**
 * An operation's Output: the values it offers (Flat Row first, the default), each described as
 * `descriptions` says where the shared wording does not fit.
 */
export function outputParameter(
	choices: readonly OutputChoice[],
	descriptions: Partial<Record<OutputChoice, string>> = {},
): INodeProperties {
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: choices.map((choice) => ({
			...OUTPUT_OPTIONS[choice],
			description: descriptions[choice] ?? OUTPUT_OPTIONS[choice].description,
		})),
		default: 'row',
		description: 'What each output item holds',
	};
}

/** The Output of the operations that hand over documents. */
export const OUTPUT_PARAMETER = outputParameter(['row', 'document', 'raw']);

/**
 * The Output of the operations that read parsed documents (Get, Get Many, Upload, Parse): also
 * the outputs made of resumes. The options in alphabetical order, as n8n lists them.
 */
export const DOCUMENT_OUTPUT_PARAMETER = outputParameter([
	'education',
	'row',
	'jsonResume',
	'document',
	'raw',
	'workHistory',
]);

/** Output, checked: a value from an expression that the operation does not offer is refused. */
export function readOutput(value: unknown, parameter = OUTPUT_PARAMETER): OutputChoice {
	const given = value ?? parameter.default;
	const offered = (parameter.options as INodePropertyOptions[]).map((option) => option.value);
	if (offered.includes(given as string)) return given as OutputChoice;
	const allowed = offered.map((choice) => `"${String(choice)}"`).join(', ');
	return invalid(parameter, given, allowed.replace(/, ([^,]*)$/, ' or $1'));
}

/**
 * An item's Output and, for a Flat Row, the row's options (Options): read, and refused if bad,
 * before any request. The router reads them for every operation; `parameter` is its Output, if
 * it has one (without, its rows are its one shape, and only Protect Against Formulas applies);
 * `includeFields` is the operation's own Include Fields, when it has columns of its own.
 */
export function readOutputSettings(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter: INodeProperties | undefined,
	includeFields?: INodeProperties,
): OutputSettings {
	const choice =
		parameter === undefined
			? 'row'
			: readOutput(this.getNodeParameter('output', itemIndex, parameter.default), parameter);
	const options = this.getNodeParameter('options', itemIndex, {});
	if (choice === 'row' && parameter !== undefined)
		return { choice, rowOptions: readRowOptions(options, includeFields) };
	const table = choice === 'row' || (isResumeOutput(choice) && RESUME_OUTPUTS[choice].table);
	return {
		choice,
		rowOptions: table
			? { ...DEFAULT_ROW_OPTIONS, protectAgainstFormulas: readProtectAgainstFormulas(options) }
			: DEFAULT_ROW_OPTIONS,
	};
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
		/** Flat Row, from what the operation fetched before: shaping sends no request. */
		readonly row: (options: RowOptions) => Items,
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
	rowOptions: RowOptions,
): IDataObject[] | RefusedDocuments {
	const { items: itemsOf, table } = RESUME_OUTPUTS[choice];
	const items: IDataObject[] = [];
	const refusals: Error[] = [];
	for (const document of documents) {
		try {
			const made = itemsOf(document);
			items.push(...(table ? protectedRows(made, rowOptions) : made));
		} catch (error) {
			refusals.push(error as Error);
		}
	}
	return refusals.length === 0 ? items : new RefusedDocuments(items, refusals);
}

/**
 * Parsed Data, for every node. At most ten fields: the metadata a workflow routes on, and the
 * parsed data (or, for a document that failed, why).
 */
export function simplifyDocument(document: IDataObject): IDataObject {
	const meta = metaOf(document);
	const failure = parseFailureOf(document);
	return {
		identifier: meta.identifier,
		customIdentifier: meta.customIdentifier ?? null,
		fileName: meta.fileName ?? null,
		extractor: document.extractor ?? null,
		documentType: meta.documentType ?? null,
		workspace: meta.workspace ?? null,
		ready: meta.ready ?? false,
		failed: failure !== undefined,
		reviewUrl: meta.reviewUrl ?? null,
		...(failure ? { error: failure } : { data: document.data ?? null }),
	};
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
	if (isResumeOutput(choice) && value.documents)
		return resumeOutput(value.documents, choice, rowOptions);
	return protectedRows(value.row(rowOptions), rowOptions ?? DEFAULT_ROW_OPTIONS);
}
