// An uploaded file's text, by what the file is: PDF and DOCX through our small readers, plain text
// and HTML directly. Images and legacy formats have no text without OCR, which the emulator lacks.

import { isZip, readDocxText } from './docx';
import { isPdf, readPdfText } from './pdf';

export type FileKind = 'pdf' | 'docx' | 'text' | 'html' | 'rtf' | 'image' | 'other';

export const SUPPORTED_EXTENSIONS = [
	'pdf',
	'doc',
	'docx',
	'txt',
	'rtf',
	'html',
	'htm',
	'png',
	'jpg',
	'jpeg',
	'tif',
	'tiff',
	'odt',
	'xls',
	'xlsx',
];

export function fileKind(fileName: string, bytes: Buffer): FileKind {
	const extension = fileName.toLowerCase().split('.').pop() ?? '';
	if (isPdf(bytes)) return 'pdf';
	if (bytes.length >= 4 && isZip(bytes) && extension === 'docx') return 'docx';
	if (['png', 'jpg', 'jpeg', 'tif', 'tiff'].includes(extension)) return 'image';
	if (extension === 'html' || extension === 'htm') return 'html';
	if (extension === 'rtf') return 'rtf';
	if (extension === 'txt' || (extension !== 'doc' && !bytes.subarray(0, 512).includes(0)))
		return 'text';
	return 'other';
}

function htmlText(html: string): string {
	return html
		.replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
		.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
		.replace(/<[^>]+>/g, '')
		.replace(/&nbsp;/g, ' ')
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>');
}

function rtfText(rtf: string): string {
	return rtf
		.replace(/\\par[d]?/g, '\n')
		.replace(/\{\\\*[^{}]*\}|\\[a-z]+-?\d* ?|[{}]/gi, '')
		.trim();
}

/** The file's text ('' when it has none we can read). */
export function extractText(fileName: string, bytes: Buffer): string {
	try {
		switch (fileKind(fileName, bytes)) {
			case 'pdf':
				return readPdfText(bytes);
			case 'docx':
				return readDocxText(bytes);
			case 'html':
				return htmlText(bytes.toString('utf8')).trim();
			case 'rtf':
				return rtfText(bytes.toString('latin1'));
			case 'text':
				return bytes
					.toString('utf8')
					.replace(/^\uFEFF/, '')
					.trim();
			default:
				return '';
		}
	} catch {
		return '';
	}
}
