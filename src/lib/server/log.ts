// One JSON line per record on stdout, filtered by LOG_LEVEL. Small on purpose: the request line
// and errors are all we log today, and any log shipper reads JSON lines.
import { writeSync } from 'node:fs';
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

let threshold: number = LEVELS.info;

export function setLogLevel(level: LogLevel): void {
	threshold = LEVELS[level];
}

// Request lines (one per request) leave in batches: one write per turn of the event loop instead
// of one per line, which under load cost more than the request itself. Every other line is
// written at once, so start-up and job lines keep their order with what else the process prints;
// request lines still pending when the process exits are written then.
let pending: string[] = [];

function flush() {
	if (pending.length === 0) return;
	const text = pending.join('');
	pending = [];
	process.stdout.write(text);
}

process.on('exit', () => {
	if (pending.length > 0) writeSync(1, pending.join(''));
});

/** The request line's fields. Method and path are the client's: they are escaped as JSON. */
export interface RequestLine {
	id: string;
	method: string;
	path: string;
	status: number;
	ms: number;
}

// The same JSON as write() makes, without building and spreading an object for every request.
function writeRequest({ id, method, path, status, ms }: RequestLine) {
	if (LEVELS.info < threshold) return;
	const line = `{"time":"${new Date().toISOString()}","level":"info","msg":"request","id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}}\n`;
	if (pending.length === 0) setImmediate(flush);
	pending.push(line);
}

function write(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown>) {
	if (LEVELS[level] < threshold) return;
	const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n';
	if (level === 'error' || level === 'warn') process.stderr.write(line);
	else process.stdout.write(line);
}

export const log = {
	debug: (msg: string, fields: Record<string, unknown> = {}) => write('debug', msg, fields),
	info: (msg: string, fields: Record<string, unknown> = {}) => write('info', msg, fields),
	warn: (msg: string, fields: Record<string, unknown> = {}) => write('warn', msg, fields),
	error: (msg: string, fields: Record<string, unknown> = {}) => write('error', msg, fields),
	/** The one line per request, at info level, written with the others of its turn. */
	request: writeRequest
};

/** An error as log fields: name, message and stack, never sent to a client. */
export function errorFields(error: unknown): Record<string, unknown> {
	if (error instanceof Error)
		return { err: error.name, message: error.message, stack: error.stack };
	return { err: String(error) };
}
