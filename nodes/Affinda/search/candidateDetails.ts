import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { runBounded } from '../helpers/concurrency';
import { documentRow } from '../../shared/output/documentRows';
import { documentPath } from '../../shared/service';
import { requestForItem } from '../../shared/transport/itemRequest';

/** Options → Add Candidate Details of Resume → Search. */
export const ADD_CANDIDATE_DETAILS: INodeProperties = {
	displayName: 'Add Candidate Details',
	name: 'addCandidateDetails',
	type: 'boolean',
	default: false,
	description:
		"Whether to add each candidate's contact columns (email, phone, city and the rest of a parsed resume's Flat Row) to the simplified rows: one request per candidate, as many at once as Concurrency allows",
};

/**
 * The rows with each document's Flat Row merged in (its columns the row lacks): one compact Get
 * per row (the document named by the row's `key`), at most `concurrency` at once. A failed Get
 * fails the item; no row is left half-filled. Resume → Search's candidates, Index → Get Documents.
 */
export async function withCandidateDetails(
	this: IExecuteFunctions,
	itemIndex: number,
	rows: IDataObject[],
	concurrency: number,
	key = 'identifier',
): Promise<IDataObject[]> {
	const settled = await runBounded(
		rows.length,
		concurrency,
		async (index) =>
			documentRow(
				await requestForItem.call(this, {
					method: 'GET',
					path: documentPath(String(rows[index][key])),
					qs: { compact: true },
					itemIndex,
				}),
			),
		true,
	);
	const failure = settled.find((outcome) => outcome?.ok === false);
	if (failure && !failure.ok) throw failure.error;
	return rows.map((row, index) => {
		const outcome = settled[index];
		const details = outcome?.ok ? outcome.value : {};
		return {
			...row,
			...Object.fromEntries(Object.entries(details).filter(([column]) => !(column in row))),
		};
	});
}
