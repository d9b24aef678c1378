import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sanitizeFilename } from 'n8n-workflow';

import { FileOutput } from '../../helpers/binary';
import { choicesOf, invalid, readIdentifier, readOptionalChoice } from '../../../shared/readers';
import { readRequestTimeoutMs, requestForItem } from '../../../shared/transport/itemRequest';
import { affindaApiFileRequest } from '../../../shared/transport/request';
import { type FileAnswer } from '../../../shared/transport/types';
import { documentLocator, optionsCollection } from '../common.descriptions';
import { documentPath, metaOf, readDocumentIdentifier } from './document';

/** Document → Download: one of the document's files into a binary field. */

const fileParameter: INodeProperties = {
	displayName: 'File',
	name: 'file',
	type: 'options',
	default: 'redacted',
	options: [
		{
			name: 'Redacted',
			value: 'redacted',
			description:
				"A PDF of the resume without the candidate's name, contact details and other personal details, for blind review",
		},
		{
			name: 'Original File',
			value: 'original',
			description: 'The file as it was uploaded',
		},
		{
			name: 'PDF',
			value: 'pdf',
			description: 'The document as a PDF (Affinda converts other files to PDF when parsing)',
		},
	],
};

const binaryPropertyParameter: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	hint: 'The name of the output binary field to put the file in',
};

export const description: INodeProperties[] = [
	documentLocator,
	fileParameter,
	binaryPropertyParameter,
	optionsCollection(),
];

export const toolDescription =
	"Downloads one document's file from Affinda as a binary file: the redacted resume (name and contact details hidden, for blind review), the original file or its PDF, as the node's settings say. Argument: the document's identifier. Returns the file's name, type and size; the file itself goes to the next node. Use it when the user wants the file, not its data.";

type FileKind = 'redacted' | 'original' | 'pdf';

/** The link in the document's metadata that each file other than the redacted one is at. */
const LINKS: Record<Exclude<FileKind, 'redacted'>, string> = { original: 'file', pdf: 'pdf' };

/**
 * The file's name. A redacted file is named from the document's identifier only: its original
 * name usually names the candidate, which blind review must not see. The others keep the
 * document's own name (its PDF with .pdf).
 */
function fileNameFor(kind: FileKind, meta: IDataObject, answer: FileAnswer, url?: string): string {
	const identifier = String(meta.identifier);
	if (kind === 'redacted') return safeFileName(`${identifier}-redacted.pdf`, identifier);
	const given =
		typeof meta.fileName === 'string' && meta.fileName.trim() ? meta.fileName.trim() : '';
	if (kind === 'pdf') {
		return safeFileName(
			`${given.replace(/\.[A-Za-z0-9]{1,5}$/, '') || identifier}.pdf`,
			identifier,
		);
	}
	return safeFileName(given || answer.fileName || lastSegment(url) || identifier, identifier);
}

/** The link's last path segment, decoded when its escapes are valid. */
function lastSegment(url: string | undefined): string {
	const segment = url ? (new URL(url).pathname.split('/').pop() ?? '') : '';
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** The longest file name most file systems take. */
const MAX_FILE_NAME_LENGTH = 255;

/**
 * A name as the service or a link's host gave it, made safe to save: no folders (n8n's own
 * helper), no control characters (a CR/LF would split a header or a line), and at most 255
 * characters, its extension kept.
 */
function safeFileName(name: string, fallback: string): string {
	const plain = sanitizeFilename(withoutControlCharacters(name)).trim();
	if (!plain || plain === 'untitled') return fallback;
	if (plain.length <= MAX_FILE_NAME_LENGTH) return plain;
	const extension = /\.[A-Za-z0-9]{1,10}$/.exec(plain)?.[0] ?? '';
	return plain.slice(0, MAX_FILE_NAME_LENGTH - extension.length) + extension;
}

function withoutControlCharacters(text: string): string {
	return [...text].filter((character) => character >= ' ' && character !== '\u007f').join('');
}

/**
 * The type to store the file as. Redacted files and PDFs are PDFs whatever the answer says; for
 * the original, a generic type or an HTML page's type says less than the name's extension, from
 * which n8n then tells it.
 */
function mimeTypeFor(kind: FileKind, answer: FileAnswer): string | undefined {
	if (kind !== 'original') return 'application/pdf';
	const type = answer.mimeType;
	return type && !['application/octet-stream', 'text/html'].includes(type) ? type : undefined;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<FileOutput> {
	const identifier = readDocumentIdentifier.call(this, itemIndex);
	const chosen = this.getNodeParameter('file', itemIndex);
	const kind = readOptionalChoice(fileParameter, chosen, choicesOf(fileParameter)) as
		| FileKind
		| undefined;
	if (kind === undefined)
		invalid(fileParameter, chosen, `one of ${choicesOf(fileParameter).join(', ')}`);
	const field = readIdentifier(
		binaryPropertyParameter,
		this.getNodeParameter('binaryPropertyName', itemIndex),
		'the name of a binary field, such as data',
	);
	// The document's name and links; compact, as its data is not needed.
	const document = await requestForItem.call(this, {
		method: 'GET',
		path: documentPath(identifier),
		qs: { compact: true },
		itemIndex,
	});
	const meta = metaOf(document);
	let url: string | undefined;
	if (kind !== 'redacted') {
		const link = meta[LINKS[kind]];
		if (typeof link !== 'string' || !link) {
			throw new NodeOperationError(
				this.getNode(),
				`Document ${identifier} has no ${kind === 'pdf' ? 'PDF' : 'file'} to download yet`,
				{
					itemIndex,
					description:
						'Affinda gives a document its links once it is parsed. Run the item again when Document → Get shows it ready.',
				},
			);
		}
		url = link;
	}
	const answer = await affindaApiFileRequest.call(this, {
		method: 'GET',
		path: `${documentPath(identifier)}/redacted`,
		url,
		itemIndex,
		timeoutMs: readRequestTimeoutMs.call(this, itemIndex),
	});
	const fileName = fileNameFor(kind, { ...meta, identifier }, answer, url);
	const binary = await this.helpers.prepareBinaryData(
		answer.bytes,
		fileName,
		mimeTypeFor(kind, answer),
	);
	return new FileOutput(
		{
			identifier,
			file: kind,
			fileName: binary.fileName ?? fileName,
			mimeType: binary.mimeType,
			fileSize: answer.bytes.length,
		},
		{ [field]: binary },
	);
}
