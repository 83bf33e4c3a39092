// Starts the built server (build/, from `npm run build`) on a free port with its own database
// file, for integration tests that speak real HTTP to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The public, anonymous and sign-in rate limits out of the way, for tests that send many requests
 * from one address and are not about throttling.
 */
export const NO_RATE_LIMITS = {
	RATE_LIMIT_PUBLIC: '100000/60',
	RATE_LIMIT_ANONYMOUS: '100000/60',
	RATE_LIMIT_AUTH: '100000/60'
};

export interface TestServer {
	url: string;
	dbFile: string;
	/** The server's process id (for /proc/<pid>/status). */
	pid: number;
	/** How the server ended, or null while it runs. */
	exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
	/** Everything the server printed so far (stdout and stderr). */
	output(): string;
	stop(): Promise<void>;
	/** Kills the process with SIGKILL (a crash: no shutdown, no cleanup); its files stay. */
	kill(): Promise<void>;
}

/**
 * A DATABASE_FILE given in `env` is the caller's and survives stop(); otherwise a temporary one.
 * `script` is serve.js (the built server) unless a test is about another entry point (start.js).
 * `nodeArgs` go to node before the script: `--max-old-space-size=192` runs it as `npm start` does.
 */
export async function startServer(
	env: Record<string, string> = {},
	script = 'scripts/serve.js',
	nodeArgs: string[] = []
): Promise<TestServer> {
	const ownsData = !env.DATABASE_FILE;
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-test-'));
	const dbFile = env.DATABASE_FILE ?? join(dir, 'test.db');
	const child: ChildProcess = spawn(process.execPath, [...nodeArgs, script], {
		env: {
			PATH: process.env.PATH,
			PORT: '0',
			HOST: '127.0.0.1',
			LOG_LEVEL: 'warn',
			CRON_ENABLED: 'false',
			...env,
			DATABASE_FILE: dbFile
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let out = '';
	let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
	child.stdout?.on('data', (d) => (out += d));
	child.stderr?.on('data', (d) => (out += d));
	child.once('exit', (code, signal) => (ended = { code, signal }));

	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
		const onData = () => {
			const match = /listening on (http:\/\/\S+)/.exec(out);
			if (match?.[1]) {
				clearTimeout(timer);
				resolve(match[1]);
			}
		};
		child.stdout?.on('data', onData);
		child.once('exit', (code, signal) => {
			clearTimeout(timer);
			reject(new Error(`server exited with ${signal ?? code}:\n${out}`));
		});
	});

	return {
		url,
		dbFile,
		pid: child.pid!,
		exit: () => ended,
		output: () => out,
		async kill() {
			if (child.exitCode !== null || child.signalCode !== null) return;
			const exited = new Promise((r) => child.once('exit', r));
			child.kill('SIGKILL');
			await exited;
		},
		async stop() {
			if (child.exitCode === null && child.signalCode === null) {
				const exited = new Promise((r) => child.once('exit', r));
				child.kill('SIGTERM');
				await exited;
			}
			rmSync(dir, { recursive: true, force: true });
			if (ownsData) rmSync(dbFile, { force: true });
		}
	};
}

/** Runs a server command to completion (for start-up failures) and returns its exit and output. */
export async function runServerExpectingExit(
	env: Record<string, string>
): Promise<{ code: number | null; output: string }> {
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-test-'));
	const child = spawn(process.execPath, ['scripts/serve.js'], {
		env: { PATH: process.env.PATH, PORT: '0', DATABASE_FILE: join(dir, 'x.db'), ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
	const code = await new Promise<number | null>((r) => child.once('exit', r));
	clearTimeout(timer);
	rmSync(dir, { recursive: true, force: true });
	return { code, output: out };
}
