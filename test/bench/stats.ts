// Figures from rounds: each round runs every contender once, back to back, so a ratio within a
// round compares runs that saw the same machine load. Medians and ranges are over those ratios.

export interface RatioSummary {
	median: number;
	min: number;
	max: number;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Per-round ratios a[i] / b[i], summarised. */
export function pairedRatios(numerators: number[], denominators: number[]): RatioSummary {
	const ratios = numerators.map((value, round) => value / denominators[round]);
	return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

export function formatRatio(summary: RatioSummary | undefined): string {
	if (!summary) return '—';
	const fixed = (value: number) => value.toFixed(2);
	return `${fixed(summary.median)} (${fixed(summary.min)}–${fixed(summary.max)})`;
}

/** A plain-text table with a header row, columns padded to their widest cell. */
export function formatTable(header: string[], rows: string[][]): string {
	const widths = header.map((cell, column) =>
		Math.max(cell.length, ...rows.map((row) => row[column].length)),
	);
	const line = (cells: string[]) =>
		cells
			.map((cell, column) => cell.padEnd(widths[column]))
			.join('  ')
			.trimEnd();
	return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
		'\n',
	);
}
