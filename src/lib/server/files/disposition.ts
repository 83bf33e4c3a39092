// The uploader's file name is kept only to be offered back on download: sanitised, bounded, and
// sent in Content-Disposition as RFC 6266 asks (an ASCII fallback plus RFC 5987 filename*).

const MAX_NAME = 120;

/**
 * A name safe to show and to send: no path (only what follows the last / or \), no control or
 * bidirectional-override characters, no quotes, bounded length, never empty or dot-only.
 */
export function sanitiseFileName(name: string | null | undefined, fallback = 'file'): string {
	const base = (name ?? '').split(/[\\/]/).pop() ?? '';
	const clean = base
		.normalize('NFC')
		.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"*:<>?|]/gu, '')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/^\.+/, '');
	const bounded = [...clean].slice(0, MAX_NAME).join('').trim();
	return bounded === '' ? fallback : bounded;
}

/** The name with the extension of what is actually kept (a HEIC is served as .jpg). */
export function withExtension(name: string, extension: string): string {
	const dot = name.lastIndexOf('.');
	const stem = dot > 0 ? name.slice(0, dot) : name;
	return `${stem}.${extension}`;
}

export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
	const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
	const encoded = encodeURIComponent(name).replace(
		/['()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
	);
	return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
