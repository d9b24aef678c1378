/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// Just enough PDF, with zlib alone: write a plain text document (Helvetica, Flate-compressed pages)
// and read the text back out of simple-font PDFs like it. PDFs whose fonts need a ToUnicode map
// (CID fonts) yield no text, and the upload then fails with no_text_found, as a scanned image would.

import { deflateSync, inflateSync } from 'node:zlib';

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const LINE_HEIGHT = 14;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LINE_HEIGHT);
const WRAP_AT = 95;

function escapePdfString(text: string): string {
	// WinAnsi covers Latin-1; anything else becomes "?".
	return text.replace(/[^\x20-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

function wrap(line: string): string[] {
	if (line.length <= WRAP_AT) return [line];
	const out: string[] = [];
	let rest = line;
	while (rest.length > WRAP_AT) {
		const cut = rest.lastIndexOf(' ', WRAP_AT);
		const at = cut > 20 ? cut : WRAP_AT;
		out.push(rest.slice(0, at));
		rest = rest.slice(at).trimStart();
	}
	out.push(rest);
	return out;
}

/** A PDF of `text`, one line per line; upper-case lines (section headings) set in bold. */
export function writePdf(text: string, title = 'Document'): Buffer {
	const lines = text.split(/\r?\n/).flatMap(wrap);
	const pages: string[][] = [];
	for (let i = 0; i < Math.max(1, lines.length); i += LINES_PER_PAGE)
		pages.push(lines.slice(i, i + LINES_PER_PAGE));

	const objects: Buffer[] = [];
	const add = (body: string | Buffer): number =>
		objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'));
	add('<< /Type /Catalog /Pages 2 0 R >>');
	add(''); // 2: the page tree, filled in below once the page objects are numbered
	add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
	add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
	add(`<< /Title (${escapePdfString(title)}) /Producer (affinda-emulator) >>`);
	const kids: number[] = [];
	for (const pageLines of pages) {
		const ops = [`BT /F1 11 Tf ${LINE_HEIGHT} TL ${MARGIN} ${PAGE_HEIGHT - MARGIN} Td`];
		for (const line of pageLines) {
			const heading = line.length > 2 && line === line.toUpperCase() && /[A-Z]/.test(line);
			ops.push(`${heading ? '/F2' : '/F1'} 11 Tf (${escapePdfString(line)}) Tj T*`);
		}
		ops.push('ET');
		const content = deflateSync(Buffer.from(ops.join('\n'), 'latin1'));
		const contentId = add(
			Buffer.concat([
				Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
				content,
				Buffer.from('\nendstream', 'latin1'),
			]),
		);
		kids.push(
			add(
				`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
			),
		);
	}
	objects[1] = Buffer.from(
		`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
		'latin1',
	);

	const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
	let offset = chunks[0].length;
	const offsets: number[] = [];
	objects.forEach((body, i) => {
		offsets.push(offset);
		const chunk = Buffer.concat([
			Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
			body,
			Buffer.from('\nendobj\n', 'latin1'),
		]);
		chunks.push(chunk);
		offset += chunk.length;
	});
	const xref = [
		`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
		...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
	].join('');
	chunks.push(
		Buffer.from(
			`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
			'latin1',
		),
	);
	return Buffer.concat(chunks);
}

export function isPdf(bytes: Buffer): boolean {
	return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** The decoded bytes of every stream in the file (Flate streams inflated, others as stored). */
function streams(pdf: Buffer): Buffer[] {
	const out: Buffer[] = [];
	let at = 0;
	for (;;) {
		const start = pdf.indexOf('stream', at, 'latin1');
		if (start < 0) break;
		// Skip "endstream" and words that merely end in "stream".
		if (pdf.subarray(start - 3, start).toString('latin1') === 'end') {
			at = start + 6;
			continue;
		}
		let dataStart = start + 6;
		if (pdf[dataStart] === 0x0d) dataStart++;
		if (pdf[dataStart] === 0x0a) dataStart++;
		const end = pdf.indexOf('endstream', dataStart, 'latin1');
		if (end < 0) break;
		const dictStart = pdf.lastIndexOf('<<', start, 'latin1');
		const dict = dictStart >= 0 ? pdf.subarray(dictStart, start).toString('latin1') : '';
		let data = pdf.subarray(dataStart, end);
		const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(dict);
		if (length && Number(length[1]) <= data.length) data = data.subarray(0, Number(length[1]));
		if (/\/FlateDecode/.test(dict)) {
			try {
				out.push(inflateSync(data));
			} catch {
				// A damaged or differently filtered stream: skip it.
			}
		} else if (!/\/Filter/.test(dict)) {
			out.push(data);
		}
		at = end + 9;
	}
	return out;
}

/** Reads a literal string starting just after "(", returning its bytes and where it ended. */
function literalString(ops: string, from: number): { text: string; end: number } {
	let depth = 1;
	let text = '';
	let i = from;
	for (; i < ops.length && depth > 0; i++) {
		const c = ops[i];
		if (c === '\\') {
			const n = ops[++i];
			const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
			if (n in escapes) text += escapes[n];
			else if (/[0-7]/.test(n)) {
				let octal = n;
				while (octal.length < 3 && /[0-7]/.test(ops[i + 1])) octal += ops[++i];
				text += String.fromCharCode(parseInt(octal, 8));
			} else if (n === '\r' || n === '\n') {
				if (n === '\r' && ops[i + 1] === '\n') i++;
			} else text += n;
		} else if (c === '(') {
			depth++;
			text += c;
		} else if (c === ')') {
			depth--;
			if (depth > 0) text += c;
		} else text += c;
	}
	return { text, end: i };
}

/** Text of one content stream: shows strings from Tj/TJ/'/" and breaks lines on line moves. */
function contentText(ops: string): string {
	let out = '';
	let pending: string[] = [];
	const operands: string[] = [];
	let i = 0;
	const newline = (): void => {
		if (!out.endsWith('\n') && out !== '') out += '\n';
	};
	while (i < ops.length) {
		const c = ops[i];
		if (c === '(') {
			const s = literalString(ops, i + 1);
			pending.push(s.text);
			i = s.end;
		} else if (c === '<' && ops[i + 1] !== '<') {
			const end = ops.indexOf('>', i);
			const hex = ops.slice(i + 1, end).replace(/\s+/g, '');
			pending.push(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1'));
			i = end + 1;
		} else if (c === '[' || c === ']' || c === '<' || c === '>' || /\s/.test(c)) {
			i++;
		} else if (c === '%') {
			const end = ops.indexOf('\n', i);
			i = end < 0 ? ops.length : end;
		} else {
			const m = /^[^\s()<>[\]/%]+|^\/[^\s()<>[\]/%]*/.exec(ops.slice(i, i + 64));
			const word = m ? m[0] : c;
			i += word.length;
			if (/^[-+]?\d*\.?\d+$/.test(word)) {
				// Inside TJ arrays a large negative kern is a word gap.
				if (Number(word) < -200 && pending.length > 0) pending.push(' ');
				operands.push(word);
				continue;
			}
			switch (word) {
				case 'Tj':
				case 'TJ':
					out += pending.join('');
					break;
				case "'":
				case '"':
					newline();
					out += pending.join('');
					break;
				case 'Td':
				case 'TD':
					if (Number(operands[operands.length - 1] ?? 0) !== 0) newline();
					break;
				case 'T*':
				case 'ET':
					newline();
					break;
			}
			pending = [];
			operands.length = 0;
		}
	}
	return out;
}

/** Composite (CID) fonts show glyph ids, not characters: without their ToUnicode maps, only junk. */
const COMPOSITE_FONT = /\/Subtype\s*\/Type0\b/;

/** The text of a PDF, page content in file order ('' when its fonts hide the characters). */
export function readPdfText(pdf: Buffer): string {
	const decoded = streams(pdf).map((s) => s.toString('latin1'));
	if (COMPOSITE_FONT.test(pdf.toString('latin1')) || decoded.some((s) => COMPOSITE_FONT.test(s)))
		return '';
	return decoded
		.filter((s) => /\bBT\b/.test(s) && /T[jJ]/.test(s))
		.map((ops) => contentText(ops).trim())
		.join('\n')
		.replace(/[ \t]+\n/g, '\n')
		.trim();
}
