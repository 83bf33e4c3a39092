// Text and attribute values written into the XML documents we serve (sitemap, RSS).
const ENTITIES: Record<string, string> = {
	'<': '&lt;',
	'>': '&gt;',
	'&': '&amp;',
	"'": '&apos;',
	'"': '&quot;'
};

export function escapeXml(value: string): string {
	// XML 1.0 forbids most control characters even as references; stored text may carry them.
	return (
		value
			// eslint-disable-next-line no-control-regex
			.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
			.replace(/[<>&'"]/g, (c) => ENTITIES[c]!)
	);
}
