import type { INodeProperties } from 'n8n-workflow';

import { DOCUMENT_OUTPUT_PARAMETER } from '../../../../shared/output/output';
import { ROW_OPTIONS } from '../../../../shared/output/rowOptions';
import {
	documentTypeLocator,
	whereParameter,
	workspaceLocator,
} from '../../../../shared/parameters';
import { compactOption, optionsCollection } from '../../common.descriptions';
import { filledByModel, fromAI } from '../../tool';
import { addToIndicesOption } from '../addToIndices';

/** Upload's parameters (Resume → Parse shows the same), each defined once and read through. */

/** A setting the workspace decides unless the upload says otherwise: neutral until chosen. */
export const WORKSPACE_SETTING = 'workspace';
const WORKSPACE_SETTING_CHOICES = [
	{ name: 'As the Workspace Says', value: WORKSPACE_SETTING },
	{ name: 'Off', value: 'false' },
	{ name: 'On', value: 'true' },
];

export type IfAlreadyUploadedChoice = 'uploadAgain' | 'useExisting' | 'fail';

/** Today's behaviour, and the default: a new default would change saved workflows (a version). */
export const UPLOAD_AGAIN: IfAlreadyUploadedChoice = 'uploadAgain';

export const ifAlreadyUploadedProperty: INodeProperties = {
	displayName: 'If Already Uploaded',
	name: 'ifAlreadyUploaded',
	type: 'options',
	default: UPLOAD_AGAIN,
	options: [
		{
			name: 'Upload Again',
			value: UPLOAD_AGAIN,
			description:
				'Always upload: a second document if Affinda has one with this Custom Identifier',
		},
		{
			name: 'Use the Existing Document',
			value: 'useExisting',
			description:
				'Output the document Affinda already has with this Custom Identifier, with reused: true; upload only if there is none',
		},
		{
			name: 'Fail',
			value: 'fail',
			description:
				'The item fails, naming the document Affinda already has with this Custom Identifier',
		},
	],
	description:
		'Whether to look for a document with this Custom Identifier in the workspace (or collection) first, so that running the workflow again does not upload it twice',
	// Offered once Custom Identifier, its sibling in Options, has a value: the look-up needs it.
	displayOptions: { show: { customIdentifier: [{ _cnd: { exists: true } }] } },
};

export const customIdentifierOption: INodeProperties = {
	displayName: 'Custom Identifier',
	name: 'customIdentifier',
	type: 'string',
	default: '',
	placeholder: 'e.g. candidate-4711',
	description:
		'Your own identifier for the document, such as an ID from your ATS; need not be unique',
};

export const deleteAfterParseOption: INodeProperties = {
	displayName: 'Delete After Parse',
	name: 'deleteAfterParse',
	type: 'boolean',
	default: false,
	description:
		'Whether Affinda should keep nothing once the parsed data is returned. Needs Wait for Parsing.',
};

/**
 * The upload's optional multipart fields. Each option's name is the field it fills, and its type
 * says how the value is written: the service reads every multipart value as a string.
 */
export const uploadOptions: INodeProperties[] = [
	compactOption,
	customIdentifierOption,
	deleteAfterParseOption,
	{
		displayName: 'Enable Validation Tool',
		name: 'enableValidationTool',
		type: 'boolean',
		default: false,
		description:
			"Whether the document can be reviewed in Affinda's validation tool; off parses faster",
	},
	{
		displayName: 'Expiry Time',
		name: 'expiryTime',
		type: 'dateTime',
		default: '',
		description: 'When Affinda deletes the document on its own',
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. jane-doe-resume.pdf',
		description: 'Name to give the document instead of the name of the file or URL',
	},
	{
		displayName: 'Language',
		name: 'language',
		type: 'string',
		default: '',
		placeholder: 'e.g. en',
		description:
			'Language of the document as an ISO 639-1 code (zh-cn or zh-tw for Chinese). Leave empty to detect it.',
	},
	{
		displayName: 'LLM Hint',
		name: 'llmHint',
		type: 'string',
		default: '',
		description: 'A hint added to the prompt of the language model that extracts the data',
	},
	{
		displayName: 'Low Priority',
		name: 'lowPriority',
		type: 'boolean',
		default: false,
		description:
			'Whether to parse in the low-priority queue, which has no rate limit but may be slower',
	},
	{
		displayName: 'Region Bias',
		name: 'regionBias',
		type: 'json',
		default: '',
		description:
			'Prefer locations in this region, as JSON such as {"country": "AU"}: country (ISO 3166-1 code), countries (a list of codes), squareCoordinates ([min longitude, min latitude, max longitude, max latitude]) and strict (true or false)',
	},
	{
		displayName: 'Reject Duplicates',
		name: 'rejectDuplicates',
		type: 'options',
		options: WORKSPACE_SETTING_CHOICES,
		default: WORKSPACE_SETTING,
		description:
			'Whether parsing fails, using no credit, when the file is a duplicate of an existing document',
	},
	{
		displayName: 'Use OCR',
		name: 'useOcr',
		type: 'options',
		options: WORKSPACE_SETTING_CHOICES,
		default: WORKSPACE_SETTING,
		description: 'Whether to force optical character recognition on or off',
	},
];

const sourceParameter: INodeProperties = {
	displayName: 'Document Source',
	name: 'source',
	type: 'options',
	noDataExpression: true,
	default: 'binary',
	options: [
		{
			name: 'Binary File',
			value: 'binary',
			description: 'A file from an earlier node, such as a mail attachment or a downloaded file',
		},
		{
			name: 'URL',
			value: 'url',
			description: 'A public link Affinda downloads the file from; the source to use as an AI tool',
		},
	],
};

const binaryFilesParameter: INodeProperties = {
	displayName: 'Files',
	name: 'binaryFiles',
	type: 'options',
	noDataExpression: true,
	default: 'fields',
	options: [
		{
			name: 'Named Fields',
			value: 'fields',
			description: 'The binary field (or fields) named below, one document each',
		},
		{
			name: 'All Files of the Item',
			value: 'all',
			description:
				'Every file the item carries, such as all attachments of an email, one document each',
		},
	],
	displayOptions: { show: { source: ['binary'] } },
};

export const binaryPropertyNameParameter: INodeProperties = {
	displayName: 'Input Data Field Name',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	placeholder: 'e.g. attachment_0, attachment_1',
	hint: 'The name of the input field containing the binary file data; several names separated by commas upload several files',
	displayOptions: { show: { source: ['binary'], binaryFiles: ['fields'] } },
};

export const fileTypesParameter: INodeProperties = {
	displayName: 'File Types',
	name: 'fileTypes',
	type: 'string',
	default: '',
	placeholder: 'e.g. pdf, docx',
	description:
		'Only files with these extensions or MIME types, separated by commas. Leave empty for every file.',
	displayOptions: { show: { source: ['binary'], binaryFiles: ['all'] } },
};

export const urlParameter: INodeProperties = {
	displayName: 'URL',
	name: 'url',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. https://example.com/resumes/jane-doe.pdf',
	description: 'Link to the document: PDF, Word, text, HTML, image or spreadsheet',
	displayOptions: { show: { source: ['url'] } },
};

const destinationParameter: INodeProperties = whereParameter('Destination', 'destination', {
	workspace: 'Affinda recognises the document type, or uses the one you choose',
	collection: 'An older way to choose the extractor, kept for existing setups',
});

export const workspaceParameter: INodeProperties = {
	...workspaceLocator,
	required: true,
	description: 'Workspace to parse the document in; lists the workspaces of all your organizations',
	displayOptions: { show: { destination: ['workspace'] } },
};

export const collectionParameter: INodeProperties = {
	displayName: 'Collection ID',
	name: 'collection',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. mEFayXdO',
	description: 'Identifier of the collection to parse the document in',
	displayOptions: { show: { destination: ['collection'] } },
};

export const waitParameter: INodeProperties = {
	displayName: 'Wait for Parsing',
	name: 'wait',
	type: 'boolean',
	default: true,
	description:
		'Whether to return the parsed document; otherwise return as soon as the file is uploaded, with its identifier, and fetch the data later with Get',
};

export const parsingTimeoutParameter: INodeProperties = {
	displayName: 'Parsing Timeout (Seconds)',
	name: 'parsingTimeout',
	type: 'number',
	default: 300,
	typeOptions: { minValue: 1, numberPrecision: 0 },
	description: 'How long to wait for parsing to finish before the item fails',
	displayOptions: { show: { wait: [true] } },
};

/** What the model is asked for when the node is a tool: the one argument it fills. */
const URL_FOR_MODEL =
	'An http or https link to the document file (PDF, Word, text, HTML or image) that Affinda downloads';

/** Unscoped: Resume → Parse shows the same parameters. */
export const properties: INodeProperties[] = [
	// As a tool the file comes by URL, given by the model: a tool call carries no binary file.
	...filledByModel(sourceParameter, 'url'),
	binaryFilesParameter,
	binaryPropertyNameParameter,
	fileTypesParameter,
	...filledByModel(urlParameter, fromAI('url', URL_FOR_MODEL)),
	destinationParameter,
	workspaceParameter,
	collectionParameter,
	{
		...documentTypeLocator,
		displayOptions: { show: { destination: ['workspace'] } },
	},
	waitParameter,
	parsingTimeoutParameter,
	DOCUMENT_OUTPUT_PARAMETER,
	// If Already Uploaded is no multipart field: it decides whether the upload is sent at all;
	// nor are Add to Indices (requests after the parse) and the row's options.
	optionsCollection([
		...uploadOptions,
		addToIndicesOption,
		ifAlreadyUploadedProperty,
		...ROW_OPTIONS,
	]),
];
