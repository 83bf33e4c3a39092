// The type of an assistant document (purpose 'document'), from its bytes: PDF (with the same
// structure and safety rules as every PDF, sniff.ts and pdf-safety.ts), a Word document (DOCX),
// or UTF-8 text. Plain text and Markdown have alike bytes, so between those two only, and only
// there, the uploader's file name decides (.md/.markdown is Markdown); it never makes bytes that
// are not valid text acceptable.
// A DOCX is a ZIP ending where the file ends whose entries hold `[Content_Types].xml` and
// `word/document.xml`; refused: any other ZIP (unsupported_type), a macro-enabled document
// (vbaProject.bin, or a macroEnabled content type: unsafe_document) and encrypted entries
// (unsafe_document). An encrypted Word file is not a ZIP at all (an OLE container) and is
// refused as unsupported_type.
import { sniff } from './sniff';
import { FileRefused } from './types';
import { readZipEntry, zipEntries } from './zip';

export type DocumentType = 'pdf' | 'docx' | 'text' | 'markdown';

export const DOCUMENT_MIME_TYPES: Record<DocumentType, string> = {
	pdf: 'application/pdf',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	text: 'text/plain; charset=utf-8',
	markdown: 'text/markdown; charset=utf-8'
};

export const DOCUMENT_EXTENSIONS: Record<DocumentType, string> = {
	pdf: 'pdf',
	docx: 'docx',
	text: 'txt',
	markdown: 'md'
};

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const ZIP_END = Buffer.from('PK\x05\x06', 'latin1');
const CONTENT_TYPES_LIMIT = 1024 * 1024;

/** The document type `bytes` are; throws FileRefused for anything else. */
export function sniffDocument(bytes: Buffer, name?: string | null): DocumentType {
	if (bytes.subarray(0, 5).equals(PDF_HEADER)) {
		sniff(bytes); // structure ends where the file ends; no polyglot
		return 'pdf';
	}
	if (bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04') {
		checkDocx(bytes);
		return 'docx';
	}
	if (isText(bytes)) {
		if (bytes.includes(PDF_HEADER) || bytes.includes(ZIP_END)) {
			throw new FileRefused('polyglot', 'a text that also holds a PDF or ZIP header');
		}
		return /\.(md|markdown)$/i.test((name ?? '').trim()) ? 'markdown' : 'text';
	}
	throw new FileRefused('unsupported_type', 'not PDF, DOCX, plain text or Markdown');
}

function checkDocx(bytes: Buffer): void {
	const entries = zipEntries(bytes);
	if (!entries) throw new FileRefused('unreadable', 'a damaged ZIP, or data after its end');
	const names = new Set(entries.map((e) => e.name));
	if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) {
		throw new FileRefused('unsupported_type', 'a ZIP archive that is not a Word document');
	}
	if (entries.some((e) => e.encrypted)) {
		throw new FileRefused('unsafe_document', 'a Word document with encrypted parts');
	}
	if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name))) {
		throw new FileRefused('unsafe_document', 'a macro-enabled Word document');
	}
	const types = readZipEntry(
		bytes,
		entries.find((e) => e.name === '[Content_Types].xml')!,
		CONTENT_TYPES_LIMIT
	);
	if (!types) throw new FileRefused('unreadable', 'a Word document whose parts cannot be read');
	if (/macroEnabled/i.test(types.toString('utf8'))) {
		throw new FileRefused('unsafe_document', 'a macro-enabled Word document');
	}
}

/** Valid UTF-8 (a BOM allowed) with no NUL byte: what a text editor writes. */
function isText(bytes: Buffer): boolean {
	if (bytes.includes(0)) return false;
	try {
		new TextDecoder('utf-8', { fatal: true }).decode(bytes);
		return true;
	} catch {
		return false;
	}
}
