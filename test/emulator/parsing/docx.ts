/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// DOCX with zlib alone: a DOCX is a zip holding word/document.xml. We write a minimal one (one
// paragraph per line, headings in bold) and read paragraphs' text back out of any DOCX.

import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
	name: string;
	data: Buffer;
}

/** A zip archive of the entries, deflated (also the e2e suite's zip of CVs). */
export function writeZip(entries: ZipEntry[]): Buffer {
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	for (const entry of entries) {
		const name = Buffer.from(entry.name, 'utf8');
		const compressed = deflateRawSync(entry.data);
		const crc = crc32(entry.data);
		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4); // version needed
		local.writeUInt16LE(0x0800, 6); // UTF-8 names
		local.writeUInt16LE(8, 8); // deflate
		local.writeUInt16LE(0, 10); // time
		local.writeUInt16LE(0x5a21, 12); // date: 2025-01-01
		local.writeUInt32LE(crc, 14);
		local.writeUInt32LE(compressed.length, 18);
		local.writeUInt32LE(entry.data.length, 22);
		local.writeUInt16LE(name.length, 26);
		local.writeUInt16LE(0, 28);
		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4);
		central.writeUInt16LE(20, 6);
		central.writeUInt16LE(0x0800, 8);
		central.writeUInt16LE(8, 10);
		central.writeUInt16LE(0, 12);
		central.writeUInt16LE(0x5a21, 14);
		central.writeUInt32LE(crc, 16);
		central.writeUInt32LE(compressed.length, 20);
		central.writeUInt32LE(entry.data.length, 24);
		central.writeUInt16LE(name.length, 28);
		central.writeUInt32LE(offset, 42);
		locals.push(local, name, compressed);
		centrals.push(central, name);
		offset += local.length + name.length + compressed.length;
	}
	const directory = Buffer.concat(centrals);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(entries.length, 8);
	end.writeUInt16LE(entries.length, 10);
	end.writeUInt32LE(directory.length, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, directory, end]);
}

/** One file of a zip archive, or undefined when absent. Throws when the archive is damaged. */
function readZipEntry(zip: Buffer, wanted: string): Buffer | undefined {
	const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	if (endAt < 0) throw new Error('Not a zip archive.');
	const count = zip.readUInt16LE(endAt + 10);
	let at = zip.readUInt32LE(endAt + 16);
	for (let i = 0; i < count; i++) {
		if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Damaged zip directory.');
		const method = zip.readUInt16LE(at + 10);
		const size = zip.readUInt32LE(at + 20);
		const nameLength = zip.readUInt16LE(at + 28);
		const extraLength = zip.readUInt16LE(at + 30);
		const commentLength = zip.readUInt16LE(at + 32);
		const localAt = zip.readUInt32LE(at + 42);
		const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
		if (name === wanted) {
			const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
			const data = zip.subarray(dataAt, dataAt + size);
			if (method === 0) return Buffer.from(data);
			if (method === 8) return inflateRawSync(data);
			throw new Error(`Unsupported zip compression method ${method}.`);
		}
		at += 46 + nameLength + extraLength + commentLength;
	}
	return undefined;
}

const escapeXml = (s: string): string =>
	s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A DOCX of `text`, a paragraph per line; upper-case lines (headings) in bold. */
export function writeDocx(text: string): Buffer {
	const paragraphs = text.split(/\r?\n/).map((line) => {
		const heading = line.length > 2 && line === line.toUpperCase() && /[A-Z]/.test(line);
		const props = heading ? '<w:rPr><w:b/></w:rPr>' : '';
		return `<w:p><w:r>${props}<w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`;
	});
	const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}"><w:body>${paragraphs.join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`;
	const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
	const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
	return writeZip([
		{ name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
		{ name: '_rels/.rels', data: Buffer.from(rels) },
		{ name: 'word/document.xml', data: Buffer.from(document) },
	]);
}

export function isZip(bytes: Buffer): boolean {
	return bytes.readUInt32LE(0) === 0x04034b50;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(s: string): string {
	return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
		if (entity[0] === '#')
			return String.fromCodePoint(
				entity[1] === 'x' || entity[1] === 'X'
					? parseInt(entity.slice(2), 16)
					: Number(entity.slice(1)),
			);
		return ENTITIES[entity] ?? whole;
	});
}

/** The paragraphs of a DOCX, one per line. Throws when the file is not a readable DOCX. */
export function readDocxText(docx: Buffer): string {
	const xml = readZipEntry(docx, 'word/document.xml');
	if (!xml) throw new Error('No word/document.xml in the archive.');
	let out = '';
	const pattern = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<\/w:p>|<w:tab\/>|<w:br\/>/g;
	const source = xml.toString('utf8');
	let m: RegExpExecArray | null;
	while ((m = pattern.exec(source)) !== null) {
		if (m[1] !== undefined) out += decodeXml(m[1]);
		else out += m[0] === '<w:tab/>' ? '\t' : '\n';
	}
	return out.trim();
}
