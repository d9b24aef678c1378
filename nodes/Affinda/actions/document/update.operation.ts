import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../../shared/locator';
import { documentTypeLocator, workspaceLocator } from '../../../shared/parameters';
import {
	OUTPUT_PARAMETER,
	documentsAnswer,
	type ServiceAnswer,
} from '../../../shared/output/output';
import { ROW_OPTIONS } from '../../../shared/output/rowOptions';
import {
	invalid,
	readFlag,
	readOptionalChoice,
	readOptionalIdentifier,
} from '../../../shared/readers';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { compactOption, documentLocator, optionsCollection } from '../common.descriptions';
import { forModel, fromAI } from '../tool';
import { filledByModelAsTool } from '../tool.descriptions';
import { documentPath, readDocumentIdentifier } from './document';
import { customIdentifierOption, uploadOptions } from './upload/uploadProperties';
import { toMultipartValue } from './upload/uploadSettings';
import { byDisplayName } from '../../../shared/order';

/** Document → Update: PATCH /v3/documents/{identifier} with the DocumentUpdate fields set. */

/** The review steps: each a flag of the document, named as the service names it. */
const reviewFlags: INodeProperties[] = [
	{
		displayName: 'Validated',
		name: 'isConfirmed',
		type: 'boolean',
		default: true,
		description:
			'Whether the document is validated (confirmed by a reviewer). Validating fires the "validated" event of the Affinda triggers.',
	},
	{
		displayName: 'Rejected',
		name: 'isRejected',
		type: 'boolean',
		default: true,
		description: 'Whether the document is rejected. Rejecting fires the "rejected" event.',
	},
	{
		displayName: 'Archived',
		name: 'isArchived',
		type: 'boolean',
		default: true,
		description: 'Whether the document is archived',
	},
];

/** Upload's options that are DocumentUpdate fields too, defined once there. */
const SHARED_WITH_UPLOAD = ['expiryTime', 'fileName', 'language', 'llmHint'];

const collectionLocator: INodeProperties = resourceLocator(
	'Collection',
	'collection',
	'searchCollections',
	'Collection to move the document to; its workspace and document type come with it',
);

const updateFieldsParameter: INodeProperties = {
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		...reviewFlags,
		collectionLocator,
		{
			...customIdentifierOption,
			description: 'Your own identifier for the document, such as an ID from your ATS',
		},
		{ ...documentTypeLocator, description: 'Document type to move the document to' },
		...uploadOptions.filter((option) => SHARED_WITH_UPLOAD.includes(option.name)),
		{ ...workspaceLocator, description: 'Workspace to move the document to' },
	].sort(byDisplayName),
};

/** As a tool: the review step the model asks for, one word. */
const REVIEW_STEPS: Record<string, IDataObject> = {
	validate: { isConfirmed: true },
	reject: { isRejected: true },
	archive: { isArchived: true },
	unarchive: { isArchived: false },
};

const reviewStepParameter: INodeProperties = {
	displayName: 'Review Step',
	name: 'reviewStep',
	type: 'string',
	default: '',
	description: `What to do with the document: ${Object.keys(REVIEW_STEPS).join(', ')}. Set by the model when the node is an AI Agent's tool.`,
};

export const description: INodeProperties[] = [
	...filledByModelAsTool(
		documentLocator,
		'Identifier of the document to review, as a search, a listing or an upload returned it',
	),
	forModel(
		reviewStepParameter,
		fromAI('reviewStep', `One of ${Object.keys(REVIEW_STEPS).join(', ')}`),
	),
	updateFieldsParameter,
	OUTPUT_PARAMETER,
	optionsCollection([compactOption, ...ROW_OPTIONS]),
];

export const toolDescription =
	"Records a reviewer's decision on a parsed document in Affinda: validate it (approved: the parse is right), reject it, archive it, or unarchive it. Arguments: the document's identifier and reviewStep, one of validate, reject, archive, unarchive. Returns the document with its new state. Use it only when the user decides about a specific document.";

const BOOLEAN_FIELDS = reviewFlags.map((flag) => flag.name);
const LOCATOR_FIELDS: Record<string, INodeProperties> = {
	collection: collectionLocator,
	workspace: workspaceLocator,
	documentType: documentTypeLocator,
};

/** The DocumentUpdate body: each field the item sets, checked; nothing left unset is sent. */
function updateBody(fields: IDataObject, reviewStep: unknown): IDataObject {
	const body: IDataObject = {};
	for (const [name, value] of Object.entries(fields)) {
		const property = updateFieldsParameter.options?.find((option) => option.name === name) as
			| INodeProperties
			| undefined;
		if (!property) continue;
		if (BOOLEAN_FIELDS.includes(name)) {
			body[name] = readFlag(property, value);
		} else if (name in LOCATOR_FIELDS) {
			const identifier = readOptionalIdentifier(
				property,
				value,
				`a ${property.displayName.toLowerCase()} identifier`,
			);
			if (identifier !== undefined) body[name] = identifier;
		} else {
			const text = toMultipartValue(property, value);
			if (text !== undefined) body[name] = text;
		}
	}
	if (typeof body.language === 'string' && !/^[a-z]{2,3}(-[a-z]{2,4})?$/i.test(body.language)) {
		invalid(
			{ displayName: 'Language', name: 'language' },
			fields.language,
			'an ISO 639-1 language code such as en, or zh-cn or zh-tw for Chinese',
		);
	}
	const step = readOptionalChoice(reviewStepParameter, reviewStep, Object.keys(REVIEW_STEPS));
	if (step !== undefined) Object.assign(body, REVIEW_STEPS[step]);
	if (Object.keys(body).length === 0) {
		invalid(updateFieldsParameter, fields, 'at least one field to change');
	}
	return body;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	const body = updateBody(
		this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		this.getNodeParameter('reviewStep', itemIndex, ''),
	);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const document = await requestForItem.call(this, {
		method: 'PATCH',
		path: documentPath(identifier),
		qs: options.compact === undefined ? undefined : { compact: options.compact },
		body,
		itemIndex,
		// Setting the same values twice leaves the same document.
		idempotent: true,
	});
	return documentsAnswer(document);
}
