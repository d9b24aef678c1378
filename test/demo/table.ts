/** A plain-text table for the terminal, with long cells cut short by an ellipsis. */

export interface Column<Row> {
	title: string;
	value: (row: Row) => string;
	align?: 'left' | 'right';
	/** Longest cell before it is cut. */
	maxWidth?: number;
}

export function renderTable<Row>(rows: Row[], columns: Array<Column<Row>>): string {
	const cells = rows.map((row) => columns.map((column) => cut(column.value(row), column.maxWidth)));
	const widths = columns.map((column, i) =>
		Math.max(column.title.length, ...cells.map((line) => line[i].length)),
	);
	const line = (values: string[]) =>
		values
			.map((value, i) =>
				columns[i].align === 'right' ? value.padStart(widths[i]) : value.padEnd(widths[i]),
			)
			.join('  ')
			.trimEnd();
	return [
		line(columns.map((column) => column.title)),
		line(widths.map((width) => '-'.repeat(width))),
		...cells.map(line),
	].join('\n');
}

function cut(value: string, maxWidth = 40): string {
	const text = value.replace(/\s+/g, ' ').trim();
	return text.length > maxWidth ? `${text.slice(0, maxWidth - 1)}…` : text;
}
