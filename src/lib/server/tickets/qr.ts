// A ticket's QR code as an SVG made on the server (uqr's encoder), so the pages that show it load
// no script for it. One path of horizontal runs, in module units, with the quiet zone the
// standard asks for; error correction M survives a scratched phone screen.
import { encode } from 'uqr';

const QUIET = 4;

export function qrSvg(text: string, label: string): string {
	const { data, size } = encode(text, { ecc: 'M', border: 0 });
	let path = '';
	data.forEach((row, y) => {
		for (let x = 0; x < size; x++) {
			if (!row[x]) continue;
			let end = x;
			while (end + 1 < size && row[end + 1]) end++;
			path += `M${x + QUIET} ${y + QUIET}h${end - x + 1}v1h-${end - x + 1}z`;
			x = end;
		}
	});
	const side = size + 2 * QUIET;
	const name = label.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" ` +
		`aria-label="${name}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" ` +
		`fill="#fff"/><path d="${path}" fill="#000"/></svg>`
	);
}
