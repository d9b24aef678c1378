import type { IExecuteFunctions } from 'n8n-workflow';

import { documentTypeLocator } from '../../../../shared/parameters';
import { readOptionalIdentifier } from '../../../../shared/readers';
import { MultipartBody, type MultipartPart } from '../../../../shared/transport/multipart';
import type { Upload } from './files';
import { uploadOptions } from './uploadProperties';
import { readDestination, toMultipartValue, type UploadSettings } from './uploadSettings';

/** The multipart body of one upload: the file (or URL), then where to parse it, how, and the options that are set. */
export function buildUploadBody(
	this: IExecuteFunctions,
	itemIndex: number,
	upload: Upload,
	{ wait, options }: Pick<UploadSettings, 'wait' | 'options'>,
): MultipartBody {
	const parts: MultipartPart[] = [];
	const field = (name: string, value: string) => parts.push({ name, value });
	if ('url' in upload) field('url', upload.url);
	else parts.push({ name: 'file', file: upload.file });
	const destination = readDestination.call(this, itemIndex);
	if ('collection' in destination) {
		field('collection', destination.collection);
	} else {
		field('workspace', destination.workspace);
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
