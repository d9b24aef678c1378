import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { binaryFileSource } from '../../helpers/binary';
import { Waiting } from '../../helpers/concurrency';
import {
	invalid,
	isBlank,
	readFlag,
	readIdentifier,
	readJsonObject,
	readNameList,
	readOptionalIdentifier,
	readOptionalText,
	readWholeNumber,
} from '../../helpers/parameters';
import { readRequestTimeoutMs } from '../../helpers/request';
import {
	affindaApiRequest,
	MultipartBody,
	type FileSource,
	type MultipartPart,
} from '../../../shared';
import { optionsCollection, simplifyParameter } from '../common.descriptions';
import { compactOption, documentTypeLocator, workspaceLocator } from './descriptions';
import { DOCUMENTS_PATH, documentOutput, UPLOAD_ADVICE } from './document';
import { assertParsed, parsingTimedOut, waitUntilParsed } from './parsing';

/** A setting the workspace decides unless the upload says otherwise: neutral until chosen. */
const WORKSPACE_SETTING = 'workspace';
const WORKSPACE_SETTING_CHOICES = [
	{ name: 'As the Workspace Says', value: WORKSPACE_SETTING },
	{ name: 'Off', value: 'false' },
	{ name: 'On', value: 'true' },
];

/**
 * The upload's optional multipart fields. Each option's name is the field it fills, and its type
 * says how the value is written: the service reads every multipart value as a string.
 */
const uploadOptions: INodeProperties[] = [
	compactOption,
	{
		displayName: 'Custom Identifier',
		name: 'customIdentifier',
		type: 'string',
		default: '',
		placeholder: 'e.g. candidate-4711',
		description:
			'Your own identifier for the document, such as an ID from your ATS; need not be unique',
	},
	{
		displayName: 'Delete After Parse',
		name: 'deleteAfterParse',
		type: 'boolean',
		default: false,
		description:
			'Whether Affinda should keep nothing once the parsed data is returned. Needs Wait for Parsing.',
	},
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

/** Unscoped: Resume → Parse shows the same parameters. */
export const properties: INodeProperties[] = [
	{
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
				description:
					'A public link Affinda downloads the file from; the source to use as an AI tool',
			},
		],
	},
	{
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
	},
	{
		displayName: 'Input Data Field Name',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		placeholder: 'e.g. attachment_0, attachment_1',
		hint: 'The name of the input field containing the binary file data; several names separated by commas upload several files',
		displayOptions: { show: { source: ['binary'], binaryFiles: ['fields'] } },
	},
	{
		displayName: 'File Types',
		name: 'fileTypes',
		type: 'string',
		default: '',
		placeholder: 'e.g. pdf, docx',
		description:
			'Only files with these extensions or MIME types, separated by commas. Leave empty for every file.',
		displayOptions: { show: { source: ['binary'], binaryFiles: ['all'] } },
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/resumes/jane-doe.pdf',
		description: 'Link to the document: PDF, Word, text, HTML, image or spreadsheet',
		displayOptions: { show: { source: ['url'] } },
	},
	{
		displayName: 'Destination',
		name: 'destination',
		type: 'options',
		noDataExpression: true,
		default: 'workspace',
		options: [
			{
				name: 'Workspace',
				value: 'workspace',
				description: 'Affinda recognises the document type, or uses the one you choose',
			},
			{
				name: 'Collection',
				value: 'collection',
				description: 'An older way to choose the extractor, kept for existing setups',
			},
		],
	},
	{
		...workspaceLocator,
		required: true,
		description:
			'Workspace to parse the document in; lists the workspaces of all your organizations',
		displayOptions: { show: { destination: ['workspace'] } },
	},
	{
		displayName: 'Collection ID',
		name: 'collection',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. mEFayXdO',
		description: 'Identifier of the collection to parse the document in',
		displayOptions: { show: { destination: ['collection'] } },
	},
	{
		...documentTypeLocator,
		displayOptions: { show: { destination: ['workspace'] } },
	},
	{
		displayName: 'Wait for Parsing',
		name: 'wait',
		type: 'boolean',
		default: true,
		description:
			'Whether to return the parsed document; otherwise return as soon as the file is uploaded, with its identifier, and fetch the data later with Get',
	},
	{
		displayName: 'Parsing Timeout (Seconds)',
		name: 'parsingTimeout',
		type: 'number',
		default: 300,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		description: 'How long to wait for parsing to finish before the item fails',
		displayOptions: { show: { wait: [true] } },
	},
	simplifyParameter,
	optionsCollection(uploadOptions),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['upload'] } },
	properties,
);

type Source = 'binary' | 'url';
type Destination = 'workspace' | 'collection';

function toRegionBias(property: INodeProperties, value: unknown): string {
	const allowed =
		'a JSON object with country (text), countries (a list of text), squareCoordinates (4 numbers) or strict (true or false)';
	const bias = readJsonObject(property, value, allowed);
	const { country, countries, squareCoordinates, strict } = bias;
	const isText = (entry: unknown) => typeof entry === 'string';
	if (
		(country !== undefined && !isText(country)) ||
		(countries !== undefined && !(Array.isArray(countries) && countries.every(isText))) ||
		(squareCoordinates !== undefined &&
			!(
				Array.isArray(squareCoordinates) &&
				squareCoordinates.length === 4 &&
				squareCoordinates.every((entry) => Number.isFinite(entry))
			)) ||
		(strict !== undefined && typeof strict !== 'boolean')
	) {
		invalid(property, value, allowed);
	}
	return JSON.stringify(bias);
}

function toDateTime(property: INodeProperties, value: unknown): string {
	// An expression such as {{ $now.plus(30, 'days') }} yields a Luxon DateTime.
	const toISO = (value as { toISO?: unknown } | null)?.toISO;
	const text = typeof toISO === 'function' ? String(toISO.call(value)) : String(value).trim();
	if (Number.isNaN(Date.parse(text))) invalid(property, value, 'an ISO 8601 date and time');
	return text;
}

/** The multipart value of one option, or undefined to leave the field out. */
function toMultipartValue(property: INodeProperties, value: unknown): string | undefined {
	// Left empty, or left to the workspace: nothing is sent.
	if (isBlank(value) || value === WORKSPACE_SETTING) return undefined;
	if (property.type === 'boolean' || property.type === 'options') {
		return String(readFlag(property, value));
	}
	if (property.type === 'json') return toRegionBias(property, value);
	if (property.type === 'dateTime') return toDateTime(property, value);
	return readOptionalText(property, value);
}

function toUrl(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	const protocol = URL.canParse(text) ? new URL(text).protocol : undefined;
	if (protocol !== 'http:' && protocol !== 'https:') {
		invalid({ displayName: 'URL', name: 'url' }, value, 'an http or https link to the document');
	}
	return text;
}

/** One document to upload: a file from the item's binary data, or a URL Affinda downloads. */
type Upload = { url: string } | { file: FileSource; field: string };

/** Binary fields of the item whose file type is one of `types` (extensions or MIME types). */
function fieldsOfType(binaries: IDataObject, types: string[]): string[] {
	const wanted = types.map((type) => type.toLowerCase().replace(/^\./, ''));
	return Object.keys(binaries).filter((field) => {
		if (wanted.length === 0) return true;
		const binary = binaries[field] as IDataObject;
		const extension = String(binary.fileExtension ?? binary.fileName ?? '')
			.toLowerCase()
			.split('.')
			.pop();
		const mimeType = String(binary.mimeType ?? '').toLowerCase();
		return wanted.some((type) => type === extension || type === mimeType);
	});
}

/** What the item asks to upload: its URL, or one file per binary field named or found. */
async function readUploads(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): Promise<Upload[]> {
	const source = this.getNodeParameter('source', itemIndex) as Source;
	if (source === 'url') return [{ url: toUrl(this.getNodeParameter('url', itemIndex)) }];

	let fields: string[];
	if (this.getNodeParameter('binaryFiles', itemIndex, 'fields') === 'all') {
		const fileTypes = { displayName: 'File Types', name: 'fileTypes' };
		const types = readNameList(fileTypes, this.getNodeParameter('fileTypes', itemIndex, ''));
		const binaries = (this.getInputData()[itemIndex]?.binary ?? {}) as IDataObject;
		fields = fieldsOfType(binaries, types);
		if (fields.length === 0) {
			invalid(
				fileTypes,
				types.join(', '),
				`types the item's files have (it has ${Object.keys(binaries).length} file(s))`,
			);
		}
	} else {
		const parameter = { displayName: 'Input Data Field Name', name: 'binaryPropertyName' };
		const value = this.getNodeParameter('binaryPropertyName', itemIndex);
		fields = readNameList(parameter, value, 'binary field names separated by commas');
		if (fields.length === 0) invalid(parameter, value, 'at least one binary field name');
	}
	// Checked with the other options when the form is built; here only its text matters.
	const customFileName =
		typeof options.fileName === 'string' && options.fileName.trim() !== ''
			? options.fileName.trim()
			: undefined;
	const uploads: Upload[] = [];
	for (const field of fields) {
		const binary = this.helpers.assertBinaryData(itemIndex, field);
		// One file may take the File Name option; several keep their own names.
		const fileName = (fields.length === 1 ? customFileName : undefined) ?? binary.fileName;
		uploads.push({
			file: await binaryFileSource(this, itemIndex, field, fileName || 'document'),
			field,
		});
	}
	return uploads;
}

/** The file (or URL), then where to parse it, how, and the options that are set. */
function buildUploadBody(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: Upload,
	wait: boolean,
	options: IDataObject,
): MultipartBody {
	const parts: MultipartPart[] = [];
	const field = (name: string, value: string) => parts.push({ name, value });
	if ('url' in upload) field('url', upload.url);
	else parts.push({ name: 'file', file: upload.file });
	const destination = this.getNodeParameter('destination', itemIndex) as Destination;
	if (destination === 'collection') {
		const value = this.getNodeParameter('collection', itemIndex);
		field(
			'collection',
			readIdentifier(
				{ displayName: 'Collection ID', name: 'collection' },
				value,
				'a collection identifier',
			),
		);
	} else {
		const value = this.getNodeParameter('workspace', itemIndex);
		field(
			'workspace',
			readIdentifier(
				{ displayName: 'Workspace', name: 'workspace' },
				value,
				'a workspace identifier',
			),
		);
		const documentType = readOptionalIdentifier(
			documentTypeLocator,
			this.getNodeParameter('documentType', itemIndex, ''),
			'a document type identifier',
		);
		if (documentType !== undefined) field('documentType', documentType);
	}
	field('wait', String(wait));

	for (const property of uploadOptions) {
		if (options[property.name] === undefined) continue;
		const value = toMultipartValue(property, options[property.name]);
		if (value !== undefined) field(property.name, value);
	}
	return new MultipartBody(parts);
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject[] | Waiting<IDataObject[]>> {
	const wait = readFlag(
		{ displayName: 'Wait for Parsing', name: 'wait' },
		this.getNodeParameter('wait', itemIndex),
	);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const deleteAfterParse = { displayName: 'Delete After Parse', name: 'deleteAfterParse' };
	const deleting =
		options.deleteAfterParse !== undefined && readFlag(deleteAfterParse, options.deleteAfterParse);
	if (deleting && !wait) {
		invalid(
			deleteAfterParse,
			options.deleteAfterParse,
			'off unless Wait for Parsing is on, or nothing would be left to fetch',
		);
	}
	const timeoutSeconds = wait
		? readWholeNumber(
				{ displayName: 'Parsing Timeout (Seconds)', name: 'parsingTimeout' },
				this.getNodeParameter('parsingTimeout', itemIndex),
				{ min: 1 },
			)
		: 0;
	const requestTimeoutMs = readRequestTimeoutMs.call(this, itemIndex);
	const uploads = await readUploads.call(this, itemIndex, options);
	const settings = { wait, timeoutSeconds, requestTimeoutMs, options };
	if (wait && uploads.length === 1) {
		// Once the file is sent, waiting for it to be parsed no longer holds back the next item.
		const sending = sendUpload.call(this, itemIndex, uploads[0], settings);
		await Promise.race([sending.sent, sending.document.catch(() => undefined)]);
		return new Waiting(sending.document.then((document) => [document]));
	}
	const documents: IDataObject[] = [];
	for (const upload of uploads) {
		try {
			documents.push(await sendUpload.call(this, itemIndex, upload, settings).document);
		} catch (error) {
			// The documents already made stay; say which, so a re-run does not make them twice.
			throw alreadyUploaded.call(this, error, uploads, documents, itemIndex);
		}
	}
	return documents;
}

interface UploadSettings {
	wait: boolean;
	timeoutSeconds: number;
	requestTimeoutMs: number;
	options: IDataObject;
}

/** One file's upload: when its body has been sent, and the (parsed) document it makes. */
function sendUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: Upload,
	settings: UploadSettings,
): { sent: Promise<void>; document: Promise<IDataObject> } {
	const body = buildUploadBody.call(this, itemIndex, upload, settings.wait, settings.options);
	return { sent: body.whenSent(), document: uploadOne.call(this, itemIndex, body, settings) };
}

async function uploadOne(
	this: IExecuteFunctions,
	itemIndex: number,
	body: MultipartBody,
	{ wait, timeoutSeconds, requestTimeoutMs, options }: UploadSettings,
): Promise<IDataObject> {
	const startedAt = Date.now();
	// With Wait for Parsing the service answers once parsing is done: Parsing Timeout bounds it.
	const deadline = wait ? startedAt + timeoutSeconds * 1000 : undefined;
	let document = await affindaApiRequest.call(this, {
		method: 'POST',
		path: DOCUMENTS_PATH,
		body,
		itemIndex,
		advice: UPLOAD_ADVICE,
		timeoutMs: wait ? timeoutSeconds * 1000 : requestTimeoutMs,
		deadline,
		deadlineError: () => parsingTimedOut.call(this, { itemIndex, timeoutSeconds }),
	});
	if (wait) {
		// The service may answer before it has finished parsing; then look until it has.
		document = await waitUntilParsed.call(this, document, {
			itemIndex,
			deadline: deadline ?? startedAt,
			timeoutSeconds,
			requestTimeoutMs,
			qs: options.compact === undefined ? undefined : { compact: options.compact },
		});
	}
	assertParsed.call(this, document, itemIndex);
	return documentOutput.call(this, itemIndex, document);
}

/**
 * When one file of several fails, the error also names the documents the earlier files made,
 * so that nobody uploads them again by re-running the item.
 */
function alreadyUploaded(
	this: IExecuteFunctions,
	error: unknown,
	uploads: Upload[],
	documents: IDataObject[],
	itemIndex: number,
): unknown {
	if (documents.length === 0 || !(error instanceof Error)) return error;
	const failed = uploads[documents.length];
	const made = documents
		.map((document, index) => {
			const upload = uploads[index];
			const name = 'file' in upload ? upload.file.fileName : upload.url;
			return `${name} → ${String(document.identifier ?? (document.meta as IDataObject)?.identifier)}`;
		})
		.join(', ');
	return new NodeOperationError(
		this.getNode(),
		`${error.message.replace(/ \[item \d+\]$/, '')} (file ${'field' in failed ? failed.field : 'url'}) [item ${itemIndex}]`,
		{
			itemIndex,
			description: `The item's earlier files were uploaded and parsed: ${made}. Re-run only the files that failed, or set Reject Duplicates, so that they are not made twice.`,
		},
	);
}
