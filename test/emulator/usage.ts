// Credits used: one for each document parsed through an upload, on the day parsing finished, in
// its workspace and document type. A duplicate refused by Reject Duplicates uses none (OAS3), and
// neither does a failed parse nor a document created from data (no parsing): emulator decisions.

import type { StoredDocument } from './store';

export interface UsageEntry {
	/** YYYY-MM-DD (UTC). */
	date: string;
	workspace: string;
	documentType: string;
}

/** Every credit used since the emulator started; a deleted document's credits stay used. */
export class UsageLedger {
	readonly entries: UsageEntry[] = [];

	recordParse(doc: StoredDocument, at: number): void {
		if (doc.failed) return;
		this.entries.push({
			date: new Date(at).toISOString().slice(0, 10),
			workspace: doc.workspace.identifier,
			documentType: doc.documentType.identifier,
		});
	}
}

export interface UsageScope {
	scope: 'organization' | 'workspace' | 'documentType';
	scopeIdentifier: string;
}

/** UsageResponse (OAS3): the period's total and one item per day that used credits, oldest first. */
export function usageReport(ledger: UsageLedger, scope: UsageScope, start: string, end: string) {
	const counts = new Map<string, number>();
	for (const entry of ledger.entries) {
		if (entry.date < start || entry.date > end) continue;
		if (scope.scope === 'workspace' && entry.workspace !== scope.scopeIdentifier) continue;
		if (scope.scope === 'documentType' && entry.documentType !== scope.scopeIdentifier) continue;
		counts.set(entry.date, (counts.get(entry.date) ?? 0) + 1);
	}
	const items = [...counts.entries()]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([date, count]) => ({ date, count }));
	return { ...scope, start, end, total: items.reduce((sum, item) => sum + item.count, 0), items };
}
