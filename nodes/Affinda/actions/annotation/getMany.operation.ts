import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readReturnAllOrLimit, returnAllAndLimit } from '../../helpers/paging';
import { readOptionalText } from '../../../shared/readers';
import { ANNOTATIONS_PATH } from '../../../shared/service';
import { readRequestTimeoutMs } from '../../../shared/transport/itemRequest';
import { affindaApiRequestAllPages, PAGE_SIZE } from '../../../shared/transport/pager';
import { documentLocator, optionsCollection } from '../common.descriptions';
import { ServiceAnswer } from '../../../shared/output/output';
import { protectAgainstFormulasOption } from '../../../shared/output/rowOptions';
import { readDocumentIdentifier } from '../document/document';
import { filledByModelAsTool } from '../tool.descriptions';

export const toolDescription =
	"Lists the parsed values (annotations) of a document in Affinda, each with its annotation id, field, value, raw text, confidence, whether a person verified it and its page. Argument: document, the document's identifier. Use it to find the annotation id the tool that corrects an annotation needs, or to see which values are uncertain.";

const fieldFilter: INodeProperties = {
	displayName: 'Field Name or ID',
	name: 'field',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getAnnotationFields', loadOptionsDependsOn: ['identifier'] },
	default: '',
	description:
		'Only the annotations of this field (e.g. emails). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const description: INodeProperties[] = [
	...filledByModelAsTool(
		{ ...documentLocator, description: 'The parsed document whose annotations to get' },
		'Identifier of the document whose parsed values to list',
	),
	...returnAllAndLimit(PAGE_SIZE.annotations),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [fieldFilter],
	},
	optionsCollection([protectAgainstFormulasOption(undefined)]),
];

/** An annotation's field: its `field`, or else its data point (what older documents name). */
export function annotationField(annotation: IDataObject): IDataObject[string] {
	return annotation.field ?? annotation.dataPoint ?? null;
}

/** Every annotation of the document, following `next` (the service takes no page size here). */
export async function readAnnotations(
	this: IExecuteFunctions,
	document: string,
	itemIndex: number,
	max?: number,
): Promise<IDataObject[]> {
	return await affindaApiRequestAllPages.call(
		this,
		{
			method: 'GET',
			path: ANNOTATIONS_PATH,
			qs: { document },
			itemIndex,
			timeoutMs: readRequestTimeoutMs.call(this, itemIndex),
		},
		max,
	);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const document = readDocumentIdentifier.call(this, itemIndex);
	const max = readReturnAllOrLimit.call(this, itemIndex, PAGE_SIZE.annotations);
	const field = readOptionalText(
		fieldFilter,
		this.getNodeParameter(`filters.${fieldFilter.name}`, itemIndex, ''),
	);
	// The service filters by document only: with a field, every page is read and then filtered.
	const annotations = await readAnnotations.call(
		this,
		document,
		itemIndex,
		field === undefined ? max : undefined,
	);
	const kept = annotations
		.filter((annotation) => field === undefined || annotationField(annotation) === field)
		.slice(0, max);
	// A table of the CV's text (value, raw): the router applies Protect Against Formulas to it.
	return new ServiceAnswer(kept, () =>
		kept.map((annotation) => ({
			id: annotation.id,
			field: annotationField(annotation),
			value: annotation.parsed ?? null,
			raw: annotation.raw ?? null,
			confidence: annotation.confidence ?? null,
			isVerified: annotation.isVerified ?? null,
			isClientVerified: annotation.isClientVerified ?? null,
			page: annotation.pageIndex ?? null,
		})),
	);
}
