import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { FileOutput } from '../../helpers/binary';
import { withItem } from '../../../shared/errors';
import { choicesOf, invalid, readIdentifier, readOptionalChoice } from '../../../shared/readers';
import { readRequestTimeoutMs, requestForItem } from '../../../shared/transport/itemRequest';
import { affindaApiFileRequest } from '../../../shared/transport/request';
import { type FileAnswer } from '../../../shared/transport/types';
import { optionsCollection } from '../common.descriptions';
import { documentLocator } from './descriptions';
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

/** The file's name: the document's own, or its PDF's. */
function fileNameFor(kind: FileKind, meta: IDataObject, answer: FileAnswer, url?: string): string {
	const given =
		typeof meta.fileName === 'string' && meta.fileName.trim() ? meta.fileName.trim() : '';
	const stem = given.replace(/\.[A-Za-z0-9]{1,5}$/, '') || String(meta.identifier);
	if (kind === 'redacted') return `${stem}-redacted.pdf`;
	if (kind === 'pdf') return `${stem}.pdf`;
	const fromLink = url ? decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') : '';
	return given || answer.fileName || fromLink || String(meta.identifier);
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
				withItem(
					`Document ${identifier} has no ${kind === 'pdf' ? 'PDF' : 'file'} to download yet`,
					itemIndex,
				),
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
	const fileName = fileNameFor(kind, meta, answer, url);
	// A generic type says nothing: n8n then tells the type by the file name.
	const mimeType =
		answer.mimeType && answer.mimeType !== 'application/octet-stream' ? answer.mimeType : undefined;
	const binary = await this.helpers.prepareBinaryData(answer.bytes, fileName, mimeType);
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
