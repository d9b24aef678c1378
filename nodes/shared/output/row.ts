import type { IDataObject } from 'n8n-workflow';

import { COLUMNS, type Column } from './columns';
import { documentKind } from './kind';
import { Evidence, isObject, plain } from './values';

/** How a row is made: what Include Fields, Custom Data Points, Lists As and Confidence Threshold say. */
export interface RowOptions {
	include: readonly string[];
	/** Custom data points (slugs) to add as columns. */
	customDataPoints: readonly string[];
	listsAs: 'text' | 'array';
	/** Set: the row gets `needsReview` and `lowConfidenceFields`. */
	threshold?: number;
}

export const DEFAULT_ROW_OPTIONS: RowOptions = {
	include: [],
	customDataPoints: [],
	listsAs: 'text',
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
function cellValue(value: unknown, listsAs: RowOptions['listsAs']): unknown {
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
			if (NOT_A_COLUMN.has(slug) || cells.has(slug)) continue;
			for (const [name, cell] of fieldCells(slug, value, options)) cells.set(name, cell);
		}
	}
	columns.filter((column) => !column.byDefault && include.has(column.name)).forEach(add);
	for (const slug of options.customDataPoints) {
		if (cells.has(slug)) continue;
		// Asked for by slug, a data point is one column, whatever its shape.
		const evidence = new Evidence();
		const value = plain(source.data[slug], evidence);
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
