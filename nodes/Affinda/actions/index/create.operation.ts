import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { settle } from '../../helpers/concurrency';
import { choicesOf, readIdentifier, readOptionalChoice } from '../../../shared/readers';
import { INDICES_PATH } from '../../../shared/service';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { findIndex, INDEX_DOCUMENT_TYPES } from './indexProperties';
import { nameParameter, optionsCollection } from '../common.descriptions';

const indexNameParameter = nameParameter(
	'e.g. role-4211-data-engineer',
	"The index's name, which searches name to look in it; no two indices share a name",
);

const docTypeParameter: INodeProperties = {
	displayName: 'Document Type',
	name: 'docType',
	type: 'options',
	default: 'resumes',
	options: INDEX_DOCUMENT_TYPES,
	description:
		'What the index holds: resume searches look in resume indices, job description searches in job description indices',
};

export const description: INodeProperties[] = [
	indexNameParameter,
	docTypeParameter,
	optionsCollection(),
];

export const toolDescription =
	'Creates a search index in Affinda for resumes or job descriptions, for example for a new role; an index of that name and kind that exists already is returned instead ("created" says which). Returns the index. Use it only when the user asks for a new index; to add documents to it, use the tool that adds a document to an index.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = readIdentifier(
		indexNameParameter,
		this.getNodeParameter('name', itemIndex),
		'a name',
	);
	const docType = readOptionalChoice(
		docTypeParameter,
		this.getNodeParameter('docType', itemIndex),
		choicesOf(docTypeParameter),
	);
	const created = await settle(
		requestForItem.call(this, {
			method: 'POST',
			path: INDICES_PATH,
			body: { name, ...(docType === undefined ? {} : { docType }) },
			itemIndex,
			// Never sent twice by the node; running again is safe (an existing index is reported).
			advice: {
				rerun: 'Run again: nothing was created.',
				ifUncertain: `Affinda may have created the index "${name}": running again is safe, as an index of that name and document type is then reported with "created": false.`,
			},
		}),
	);
	if (created.ok) return { ...created.value, created: true };
	// A refusal may mean the name is taken: the existing index tells.
	const refused = created.error instanceof NodeApiError && created.error.httpCode === '400';
	const existing = refused ? await findIndex.call(this, name, itemIndex) : undefined;
	if (!existing) throw created.error;
	if (docType !== undefined && existing.docType !== docType) {
		throw new NodeOperationError(
			this.getNode(),
			`An index named "${name}" exists already, holding ${String(existing.docType)}, not ${docType}`,
			{ itemIndex, description: 'Choose another name, or use the existing index as it is.' },
		);
	}
	return { ...existing, created: false };
}
