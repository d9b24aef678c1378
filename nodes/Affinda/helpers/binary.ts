import type { IBinaryData, IBinaryKeyData, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FileSource } from '../../shared/transport/multipart';

/**
 * What makes a stored file readable, per n8n binary data mode. In queue mode the worker running an
 * execution is often not the process that stored the file (the main process received the webhook).
 */
const MODE_ADVICE: Record<string, string> = {
	filesystem:
		'In filesystem mode each n8n process reads files from its own disk, so in queue mode a worker cannot read a file the main process or another worker stored. Give every main and worker process the same storage at N8N_BINARY_DATA_STORAGE_PATH, or set N8N_DEFAULT_BINARY_DATA_MODE=database (or s3) on all of them.',
	database:
		"In database mode the file is kept in n8n's database until the execution is pruned. Every main and worker process must use the same database (the same DB_* settings).",
	s3: 'In S3 mode every main and worker process needs the same N8N_EXTERNAL_STORAGE_S3_* settings and access to the bucket.',
	default:
		'In the default mode the file travels inside the execution data; it was lost before it reached this node.',
};

/** The mode a binary was stored in, from its id (`filesystem-v2:…`, `database:…`, `s3:…`; none in memory). */
export function binaryDataMode(binary: IBinaryData): string {
	const prefix = binary.id?.split(':')[0];
	return prefix ? prefix.replace(/-v\d+$/, '') : 'default';
}

/**
 * Bytes read at a time. n8n's HTTP helper reads up to 16 chunks ahead of the connection, so the
 * chunk bounds what each upload holds in flight (about 512 kB, whatever the file's size). Measured
 * on 200 uploads of 1 MB: 16 kB chunks took 1.3× as long as 32 kB (many more small reads and
 * writes), 64 kB chunks saved another 10 % but double what is held.
 */
const CHUNK_BYTES = 32 * 1024;

/** Base64 text for about CHUNK_BYTES: a multiple of 4 characters, so that each piece decodes alone. */
const CHUNK_BASE64 = Math.floor(CHUNK_BYTES / 3) * 4;

/**
 * The input item's file, to be streamed into a request a chunk at a time from where n8n keeps it:
 * disk, database or S3 through n8n (never `binary.data`, which is empty in those modes), or, in
 * memory mode, the item's base64 text, decoded piece by piece. Whether n8n can read it is checked
 * now, so that nothing reaches the service when it cannot: the error names the binary data mode
 * and what to change, instead of n8n's bare "File not found".
 */
export async function binaryFileSource(
	context: IExecuteFunctions,
	itemIndex: number,
	field: string,
	fileName: string,
): Promise<FileSource> {
	const binary = context.helpers.assertBinaryData(itemIndex, field);
	const contentType = binary.mimeType || 'application/octet-stream';
	try {
		const { id } = binary;
		if (!id) return await inItem(context, itemIndex, field, binary, { fileName, contentType });
		const { fileSize } = await context.helpers.getBinaryMetadata(id);
		return {
			fileName,
			contentType,
			size: fileSize,
			open: async () =>
				(await context.helpers.getBinaryStream(id, CHUNK_BYTES)) as AsyncIterable<Uint8Array>,
		};
	} catch (error) {
		const mode = binaryDataMode(binary);
		// A missing metadata file says what n8n's own read would: the file is not there.
		const reason =
			(error as { code?: unknown }).code === 'ENOENT' ? 'File not found' : (error as Error).message;
		throw new NodeOperationError(
			context.getNode(),
			`Cannot read the file in binary field "${field}" (n8n binary data mode: ${mode}): ${reason}`,
			{ itemIndex, description: MODE_ADVICE[mode] ?? MODE_ADVICE.default },
		);
	}
}

/** Memory mode: the file is the item's base64 text. */
async function inItem(
	context: IExecuteFunctions,
	itemIndex: number,
	field: string,
	binary: IBinaryData,
	names: { fileName: string; contentType: string },
): Promise<FileSource> {
	const text = binary.data;
	if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
		// Not plain base64 (line breaks, URL-safe letters): n8n decodes it whole, as it reads it.
		const content = await context.helpers.getBinaryDataBuffer(itemIndex, field);
		return { ...names, size: content.length, open: async () => once(content) };
	}
	return {
		...names,
		size: Buffer.byteLength(text, 'base64'),
		open: async () => decodedInPieces(text),
	};
}

async function* once(content: Buffer): AsyncGenerator<Uint8Array> {
	yield content;
}

async function* decodedInPieces(text: string): AsyncGenerator<Uint8Array> {
	for (let at = 0; at < text.length; at += CHUNK_BASE64) {
		yield Buffer.from(text.slice(at, at + CHUNK_BASE64), 'base64');
	}
}

/** An item's output that carries a file (Document → Download): its JSON and its binary fields. */
export class FileOutput {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}
