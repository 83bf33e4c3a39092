// Where the streams of a PDF are, read from its bytes without parsing it (pdf-safety.ts and
// pdf-limits.ts look at them before any PDF library does).
// Each stream's data runs from the end of the line after `stream` to `endstream`; its dictionary
// is the text since the `obj` keyword before it. A direct /Length is used when it lands on
// `endstream`; otherwise the next `endstream` bounds the data and the extent is not certain.
// The line after `stream` may end in CR LF, LF or a lone CR: PDF libraries accept all three.

export interface StreamSpan {
	dictionary: string;
	start: number;
	end: number;
	/** The dictionary's direct /Length ends exactly where `endstream` begins. */
	certain: boolean;
}

const STREAM = /stream(\r\n|\r|\n)/g;

/** The streams of `text`, a PDF's bytes as latin1. */
export function* pdfStreams(text: string): Generator<StreamSpan> {
	STREAM.lastIndex = 0;
	for (let match = STREAM.exec(text); match; match = STREAM.exec(text)) {
		const before = text.slice(Math.max(0, match.index - 4096), match.index);
		if (!/>>\s*$/.test(before)) continue; // "stream" inside other text, e.g. "endstream"
		const start = match.index + match[0].length;
		const obj = before.lastIndexOf('obj');
		const dictionary = obj < 0 ? before : before.slice(obj);
		const length = /\/Length\s+(\d+)\s*(?!\d|\s*\d+\s+R)/.exec(dictionary);
		const declared = length ? start + Number(length[1]) : -1;
		const certain = declared >= start && /^\s*endstream/.test(text.slice(declared, declared + 12));
		const end = certain ? declared : text.indexOf('endstream', start);
		if (end < 0) return;
		yield { dictionary, start, end, certain };
		STREAM.lastIndex = end;
	}
}
