// Starting and stopping the servers a bench measures: a child Node process on a free loopback
// port, ready when it answers its health path, with its resident memory read from /proc.
import { spawn } from 'node:child_process';
import {
	closeSync,
	fstatSync,
	mkdtempSync,
	openSync,
	readFileSync,
	realpathSync,
	rmSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const HOST = '127.0.0.1';

/** A free loopback port, asked of the kernel and released for the child to take. */
export function freePort() {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, HOST, () => {
			const { port } = probe.address();
			probe.close(() => resolve(port));
		});
	});
}

/** The port (group 1 of `pattern`) in what `file` gained after byte `from`, or null yet. */
function portIn(file, from, pattern) {
	try {
		const text = readFileSync(file).subarray(from).toString('utf8');
		return Number(pattern.exec(text)?.[1]) || null;
	} catch {
		return null;
	}
}

/**
 * Spawns `node ...args` (or `command`) and waits until `healthPath` answers 2xx. Its stdout goes
 * to `logFile` (drained by the kernel, not by the load generator). With `listening` (a pattern
 * whose group 1 is the port in the server's "listening" line) the server gets PORT=0 and the
 * bench reads the port it took, so no other process on the machine can take the port between
 * the choice and the bind; without it a free port is chosen here. stderr is kept for the error
 * message when the server fails.
 */
export async function startServer({
	name,
	args,
	command = process.execPath,
	cwd,
	env = {},
	healthPath = '/',
	logFile,
	listening,
	timeoutMs = 30_000
}) {
	const ownLog = listening && !logFile;
	const log = ownLog ? join(mkdtempSync(join(tmpdir(), 'bench-log-')), 'stdout.log') : logFile;
	const chosen = listening ? 0 : await freePort();
	const out = log ? openSync(log, 'a') : 'ignore';
	// A log file shared by several starts: only what this server writes names its port.
	const logStart = typeof out === 'number' ? fstatSync(out).size : 0;
	const started = performance.now();
	const child = spawn(command, args, {
		cwd,
		env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(chosen), HOST },
		stdio: ['ignore', out, 'pipe']
	});
	if (typeof out === 'number') closeSync(out);
	let stderr = '';
	child.stderr.on('data', (d) => {
		stderr = (stderr + d).slice(-4000);
	});
	let exited = null;
	child.once('exit', (code, signal) => {
		exited = { code, signal };
		if (ownLog) rmSync(dirname(log), { recursive: true, force: true });
	});
	let port = chosen || null;
	for (;;) {
		if (exited) throw new Error(`${name} exited before answering:\n${stderr}`);
		if (performance.now() - started > timeoutMs) {
			child.kill('SIGKILL');
			throw new Error(`${name} did not answer ${healthPath} within ${timeoutMs} ms:\n${stderr}`);
		}
		port ??= portIn(log, logStart, listening);
		const res = port ? await fetch(`http://${HOST}:${port}${healthPath}`).catch(() => null) : null;
		if (res) await res.arrayBuffer();
		if (res?.ok) break;
		await new Promise((r) => setTimeout(r, 10));
	}
	const url = `http://${HOST}:${port}`;
	return {
		name,
		url,
		healthPath,
		pid: child.pid,
		child,
		/** From spawning the process to its first 2xx answer on the health path. */
		startMs: performance.now() - started,
		stderr: () => stderr,
		/** Throws when the server has gone (so no figure is taken from a dead server). */
		assertAlive() {
			if (exited)
				throw new Error(
					`${name} stopped during the bench (exit code ${exited.code}, signal ${exited.signal}):\n${stderr}`
				);
		},
		stop: () => stopChild(child)
	};
}

export function stopChild(child) {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => {
		const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
		child.once('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		child.kill('SIGTERM');
	});
}

/** Resident set size of a process in MB (VmRSS of /proc/<pid>/status), or null when gone. */
export function rssMb(pid) {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
		return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
	} catch {
		return null;
	}
}

/**
 * Waits until the server answers its health path within 100 ms: requests a load left in flight
 * (autocannon stops sending, the server keeps rendering) must not be counted against the next.
 */
export async function settle(server, maxMs = 120_000) {
	const until = performance.now() + maxMs;
	while (performance.now() < until) {
		const t0 = performance.now();
		const res = await fetch(server.url + server.healthPath).catch(() => null);
		if (res) await res.arrayBuffer();
		if (res?.ok && performance.now() - t0 < 100) return;
		server.assertAlive();
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`${server.name} still busy ${maxMs} ms after a load`);
}

/** Throws when any server in the list has stopped. */
export function assertAllAlive(servers) {
	for (const s of servers) s.assertAlive();
}

/** Stops every server in the list; used in `finally` so a failed run leaves nothing behind. */
export async function stopAll(servers) {
	await Promise.all(servers.filter(Boolean).map((s) => s.stop()));
}

/** Whether this module is the script node was started with (so each bench also runs alone). */
export function isMain(importMetaUrl) {
	return Boolean(process.argv[1]) && realpathSync(process.argv[1]) === fileURLToPath(importMetaUrl);
}
