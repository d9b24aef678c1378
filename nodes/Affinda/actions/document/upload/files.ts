import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { binaryFileSource } from '../../../helpers/binary';
import type { FileSource } from '../../../../shared/transport/multipart';
import { binaryPropertyNameParameter, fileTypesParameter } from './uploadProperties';
import { toUrl } from './uploadSettings';
import { invalid, readNameList } from '../../../../shared/readers';

/** Choosing what an item uploads: its URL, or one file per binary field named or found. */

/** One document to upload: a file from the item's binary data, or a URL Affinda downloads. */
export type Upload = { url: string } | { file: FileSource; field: string };

type Source = 'binary' | 'url';

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
export async function readUploads(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): Promise<Upload[]> {
	const source = this.getNodeParameter('source', itemIndex) as Source;
	if (source === 'url') return [{ url: toUrl(this.getNodeParameter('url', itemIndex)) }];

	let fields: string[];
	if (this.getNodeParameter('binaryFiles', itemIndex, 'fields') === 'all') {
		const types = readNameList(
			fileTypesParameter,
			this.getNodeParameter('fileTypes', itemIndex, ''),
		);
		const binaries = (this.getInputData()[itemIndex]?.binary ?? {}) as IDataObject;
		fields = fieldsOfType(binaries, types);
		if (fields.length === 0) {
			invalid(
				fileTypesParameter,
				types.join(', '),
				`types the item's files have (it has ${Object.keys(binaries).length} file(s))`,
			);
		}
	} else {
		const value = this.getNodeParameter('binaryPropertyName', itemIndex);
		fields = readNameList(
			binaryPropertyNameParameter,
			value,
			'binary field names separated by commas',
		);
		if (fields.length === 0) {
			invalid(binaryPropertyNameParameter, value, 'at least one binary field name');
		}
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
