/** Documents as the service describes them, and a reader for the multipart bodies the node sends. */
import type { IDataObject } from 'n8n-workflow';

import type { RecordedRequest } from './recording-server';

export const WORKSPACE = { identifier: 'wsRecruit', name: 'Recruiting' };

/** A `Document` answer: a parsed resume unless `meta` or the rest say otherwise. */
export function documentAnswer(
	identifier: string,
	{ meta = {}, ...rest }: { meta?: IDataObject } & IDataObject = {},
): IDataObject {
	return {
		extractor: 'resume',
		meta: {
			identifier,
			customIdentifier: null,
			fileName: 'jane-doe.pdf',
			ready: true,
			readyDt: '2026-11-22T06:00:05Z',
			failed: false,
			language: 'en',
			pdf: `https://files.example/${identifier}.pdf`,
			pages: [{ id: 1, pageIndex: 0, height: 842, width: 595, rotation: 0 }],
			isOcrd: false,
			reviewUrl: `https://app.affinda.example/review/${identifier}`,
			documentType: 'dtResume',
			workspace: WORKSPACE,
			createdDt: '2026-11-22T06:00:00Z',
			isConfirmed: false,
			isRejected: false,
			isArchived: false,
			...meta,
		},
		data: {
			name: { raw: 'Jane Doe', first: 'Jane', last: 'Doe' },
			emails: ['jane@example.com'],
			skills: [{ name: 'Python' }],
		},
		error: { errorCode: null, errorDetail: null },
		warnings: [],
		...rest,
	};
}

/** The same document before parsing has finished: no data yet. */
export function pendingAnswer(identifier: string): IDataObject {
	return documentAnswer(identifier, { meta: { ready: false, readyDt: null }, data: {} });
}

export function failedAnswer(
	identifier: string,
	errorCode: string,
	errorDetail: string,
): IDataObject {
	return documentAnswer(identifier, {
		meta: { ready: true, failed: true, errorCode, errorDetail },
		data: {},
		error: { errorCode, errorDetail },
	});
}

/** What Output → Parsed Data keeps of `documentAnswer(identifier)`. */
export function simplified(identifier: string): IDataObject {
	const { meta, extractor, data } = documentAnswer(identifier) as {
		meta: IDataObject;
	} & IDataObject;
	return {
		identifier,
		customIdentifier: null,
		fileName: meta.fileName,
		extractor,
		documentType: meta.documentType,
		workspace: WORKSPACE,
		ready: true,
		failed: false,
		reviewUrl: meta.reviewUrl,
		data,
	};
}

/** An error answer in the service's shape, `{type, errors: [{attr, code, detail}]}`. */
export function serviceError(
	status: number,
	code: string,
	detail: string,
	attr: string | null = null,
) {
	const type =
		status >= 500 ? 'server_error' : status === 400 ? 'validation_error' : 'client_error';
	return { status, body: { type, errors: [{ attr, code, detail }] } };
}

export interface MultipartFile {
	fileName: string;
	type: string;
	content: Buffer;
}

/** The parts of a multipart request, read from its bytes as any server would read them. */
export async function multipartOf(
	request: RecordedRequest,
): Promise<{ fields: Record<string, string>; files: Record<string, MultipartFile> }> {
	const form = await new Response(new Uint8Array(request.raw), {
		headers: { 'content-type': String(request.headers['content-type']) },
	}).formData();
	const fields: Record<string, string> = {};
	const files: Record<string, MultipartFile> = {};
	for (const [name, value] of form) {
		if (typeof value === 'string') fields[name] = value;
		else {
			files[name] = {
				fileName: value.name,
				type: value.type,
				content: Buffer.from(await value.arrayBuffer()),
			};
		}
	}
	return { fields, files };
}
