// A small iCalendar (RFC 5545) reader for tests: unfolds lines, splits names, parameters and
// values, unescapes TEXT and nests components. Strict where our output must be: a line that is
// not `NAME[;PARAM=…]:VALUE` or an unbalanced BEGIN/END throws.

export interface Property {
	name: string;
	params: Record<string, string>;
	value: string;
}

export interface Component {
	type: string;
	properties: Property[];
	components: Component[];
}

export function unfold(text: string): string[] {
	if (/(?<!\r)\n/.test(text)) throw new Error('lines must end with CRLF');
	return text
		.replace(/\r\n[ \t]/g, '')
		.split('\r\n')
		.filter((line) => line !== '');
}

export function unescapeText(value: string): string {
	return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

function parseLine(line: string): Property {
	const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^;:,"]*))*):(.*)$/.exec(line);
	if (!match) throw new Error(`not a content line: ${line}`);
	const params: Record<string, string> = {};
	for (const p of match[2]!.split(';').slice(1)) {
		const [k, v = ''] = p.split('=');
		params[k!.toUpperCase()] = v.replace(/^"|"$/g, '');
	}
	return { name: match[1]!.toUpperCase(), params, value: match[3]! };
}

export function parseICalendar(text: string): Component {
	const stack: Component[] = [];
	let root: Component | undefined;
	for (const line of unfold(text)) {
		const prop = parseLine(line);
		if (prop.name === 'BEGIN') {
			const c: Component = { type: prop.value, properties: [], components: [] };
			stack.at(-1)?.components.push(c);
			stack.push(c);
			root ??= c;
		} else if (prop.name === 'END') {
			const open = stack.pop();
			if (open?.type !== prop.value) throw new Error(`END:${prop.value} closes ${open?.type}`);
		} else {
			const current = stack.at(-1);
			if (!current) throw new Error(`property outside a component: ${line}`);
			current.properties.push(prop);
		}
	}
	if (!root || stack.length > 0) throw new Error('unbalanced calendar');
	return root;
}

export function prop(c: Component, name: string): Property | undefined {
	return c.properties.find((p) => p.name === name);
}

export function text(c: Component, name: string): string | undefined {
	const p = prop(c, name);
	return p && unescapeText(p.value);
}

/** `20261205T190000` for an instant as Oslo's wall clock shows it, computed with Intl. */
export function osloBasic(iso: string): string {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-GB', {
			timeZone: 'Europe/Oslo',
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit'
		})
			.formatToParts(new Date(iso))
			.map((p) => [p.type, p.value])
	);
	return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}
