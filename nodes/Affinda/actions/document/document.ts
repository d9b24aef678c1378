import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readIdentifier } from '../../../shared/readers';
import { describeAnswer } from '../../../shared/listAnswers';
import { DOCUMENTS_PATH, metaOf, parseFailureOf } from '../../../shared/service';
import { affindaApiRequest } from '../../../shared/transport/request';
import { type RequestAdvice } from '../../../shared/transport/types';
import { documentLocator } from '../common.descriptions';

/** What the document operations share at run time: paths, identifiers and the output shape. */

export { DOCUMENTS_PATH, documentPath, metaOf, parseFailureOf } from '../../../shared/service';

/** The Document parameter of Get, Delete and Update Data. */
export function readDocumentIdentifier(this: IExecuteFunctions, itemIndex: number): string {
	return readIdentifier(
		documentLocator,
		this.getNodeParameter('identifier', itemIndex),
		'a document identifier',
	);
}

/**
 * An upload is the one request that creates something, so it is never sent twice by the node
 * after a fault that leaves open whether the document was created, and no advice re-runs it.
 */
export const UPLOAD_ADVICE: RequestAdvice = {
	rerun:
		'Nothing was uploaded for this item. To upload only the items that failed, set Settings → On Error to "Continue (using error output)" and run the items of the error output through this node again: Retry On Fail or running the workflow again would upload the other items a second time, unless they have a Custom Identifier and If Already Uploaded → Use the Existing Document.',
	ifUncertain:
		'The document may have been created. Set Options → Custom Identifier (e.g. an ATS id) and If Already Uploaded → Use the Existing Document before running the item again: the node then looks for the document first and uploads only if Affinda has none. Without one, look for it with Document → Get Many (Filters → Custom Identifier, or Search by file name); Reject Duplicates makes Affinda refuse a file it already has without using a credit. Run only the failed items again (Settings → On Error → "Continue (using error output)"), never the whole node.',
};

/** Parsing is over, one way or the other. */
export function isSettled(document: IDataObject): boolean {
	return metaOf(document).ready === true || parseFailureOf(document) !== undefined;
}

/**
 * The newest document with a Custom Identifier (and the filters in `qs`), whole, or undefined:
 * the look-up that keeps Upload and Create From Data from making a document twice. `oldest`
 * asks for the first one made instead. A document that does not carry the identifier asked for
 * is never taken for it: the answer is an error that says what came.
 */
export async function newestWithCustomIdentifier(
	this: IExecuteFunctions,
	itemIndex: number,
	customIdentifier: string,
	{
		qs = {},
		advice,
		timeoutMs,
		oldest = false,
	}: { qs?: IDataObject; advice: RequestAdvice; timeoutMs?: number; oldest?: boolean },
): Promise<IDataObject | undefined> {
	const answer = await affindaApiRequest.call(this, {
		method: 'GET',
		path: DOCUMENTS_PATH,
		qs: {
			custom_identifier: customIdentifier,
			...qs,
			ordering: oldest ? 'created_dt' : '-created_dt',
			limit: 1,
			// The document whole, as Get answers it: reused, it is the item's output.
			include_data: true,
		},
		itemIndex,
		advice,
		timeoutMs,
	});
	const lookUp = `the look-up of Custom Identifier "${customIdentifier}"`;
	const fail = (what: string) =>
		new NodeOperationError(this.getNode(), `Affinda's answer to ${lookUp} ${what}`, {
			itemIndex,
			description: advice.rerun,
		});
	if (!Array.isArray(answer.results)) throw fail('is not a list of documents');
	const found = answer.results[0] as IDataObject | undefined;
	if (found === undefined) return undefined;
	const meta = metaOf(found);
	if (typeof meta.identifier !== 'string' || !meta.identifier) {
		throw fail(`holds ${describeAnswer(found)}, not a document with an identifier`);
	}
	if (meta.customIdentifier !== customIdentifier) {
		throw fail(
			`named document ${meta.identifier}, whose Custom Identifier is ${JSON.stringify(meta.customIdentifier ?? null)}: the service did not filter by it`,
		);
	}
	return found;
}

/** The created document's identifier, or an error that says what the service answered instead. */
export function createdIdentifier(
	this: IExecuteFunctions,
	answer: IDataObject,
	itemIndex: number,
	request: string,
): string {
	const identifier = metaOf(answer).identifier;
	if (typeof identifier === 'string' && identifier) return identifier;
	throw new NodeOperationError(
		this.getNode(),
		`Affinda's answer to ${request} has no document identifier (meta.identifier): it was ${describeAnswer(answer)}`,
		{
			itemIndex,
			description:
				'The document may have been created. Look for it with Document → Get Many (newest first) before running the item again.',
		},
	);
}
