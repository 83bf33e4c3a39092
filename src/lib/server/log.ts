// One JSON line per record on stdout, filtered by LOG_LEVEL. Small on purpose: the request line
// and errors are all we log today, and any log shipper reads JSON lines.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

let threshold: number = LEVELS.info;

export function setLogLevel(level: LogLevel): void {
	threshold = LEVELS[level];
}

function write(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown>) {
	if (LEVELS[level] < threshold) return;
	const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
	if (level === 'error' || level === 'warn') process.stderr.write(line + '\n');
	else process.stdout.write(line + '\n');
}

export const log = {
	debug: (msg: string, fields: Record<string, unknown> = {}) => write('debug', msg, fields),
	info: (msg: string, fields: Record<string, unknown> = {}) => write('info', msg, fields),
	warn: (msg: string, fields: Record<string, unknown> = {}) => write('warn', msg, fields),
	error: (msg: string, fields: Record<string, unknown> = {}) => write('error', msg, fields)
};

/** An error as log fields: name, message and stack, never sent to a client. */
export function errorFields(error: unknown): Record<string, unknown> {
	if (error instanceof Error)
		return { err: error.name, message: error.message, stack: error.stack };
	return { err: String(error) };
}
