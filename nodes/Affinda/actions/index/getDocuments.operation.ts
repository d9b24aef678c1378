import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_CONCURRENCY } from '../../../shared/parameters';
import { requestReturnAllOrLimit, returnAllAndLimit } from '../../helpers/paging';
import { withCandidateDetails } from '../../search/candidateDetails';
import { identifierIn, readFlag } from '../../../shared/readers';
import { PAGE_SIZE } from '../../../shared/transport/pager';
import { optionsCollection } from '../common.descriptions';
import { ServiceAnswer } from '../../../shared/output/output';
import { protectAgainstFormulasOption } from '../../../shared/output/rowOptions';
import { indexParameter, indexPath, readIndexName } from './indexProperties';

const includeDocumentDetails: INodeProperties = {
	displayName: 'Include Document Details',
	name: 'includeDocumentDetails',
	type: 'boolean',
	default: false,
	description:
		"Whether to add each document's Flat Row (the columns Document → Get gives by default: name, email, phone …): one request per document, at most 5 at once",
};

export const description: INodeProperties[] = [
	indexParameter,
	...returnAllAndLimit(PAGE_SIZE.indexDocuments),
	includeDocumentDetails,
	optionsCollection([
		protectAgainstFormulasOption({ show: { '/includeDocumentDetails': [true] } }),
	]),
];

export const toolDescription =
	'Lists the documents a search index of Affinda holds (the index is set in the node): one entry per document with its identifier, and with details on, its candidate or job columns. Use it to check what searches of that index can find, for example candidates who were hired or withdrew and should be taken out.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const index = readIndexName.call(this, itemIndex);
	const details = readFlag(
		includeDocumentDetails,
		this.getNodeParameter(includeDocumentDetails.name, itemIndex, false),
	);
	const listed = await requestReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.indexDocuments, {
		method: 'GET',
		path: `${indexPath(index)}/documents`,
	});
	const rows = listed.map((entry, position) => {
		const document = identifierIn(entry.document);
		if (document === undefined) {
			// Never a row, nor a request for /v3/documents/undefined.
			throw new NodeOperationError(
				this.getNode(),
				`Affinda's list of the documents in index "${index}" holds an entry without a document identifier (entry ${position + 1}: ${JSON.stringify(entry).slice(0, 200)})`,
				{ itemIndex },
			);
		}
		return { index, document };
	});
	const withDetails = details
		? await withCandidateDetails.call(this, itemIndex, rows, DEFAULT_CONCURRENCY, 'document')
		: rows;
	// A table of the documents' text: the router applies Protect Against Formulas to its rows.
	return new ServiceAnswer(listed, () => withDetails);
}
