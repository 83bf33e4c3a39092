// A throwaway PostgreSQL server for test runs and benches (not for production), from the
// machine's own binaries (Debian's `postgresql` package; `.ci/run` installs it). initdb and start
// take about half a second here, against a download of tens of megabytes for an npm-packaged
// server (docs/decisions.md). TEST_DATABASE_URL instead names a server of your own, whose user
// may create databases.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {object} Cluster
 * @property {string} adminUrl A URL whose user may create and drop databases.
 * @property {() => void} stop Stops the server and deletes its files.
 * @property {() => void} [halt] Stops the server, keeping its files (a database outage).
 * @property {() => void} [resume] Starts it again after halt().
 */

const INSTALL_HINT =
	'PostgreSQL binaries not found: install them (Debian: apt-get install postgresql) or set ' +
	'PG_BIN to the folder with initdb and pg_ctl, or TEST_DATABASE_URL to a server of your own.';

/** The folder with initdb and pg_ctl. */
export function findPgBin() {
	if (process.env.PG_BIN) return process.env.PG_BIN;
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (!versions[0]) throw new Error(INSTALL_HINT);
	return join(root, versions[0], 'bin');
}

/** @returns {Promise<number>} */
async function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
		});
	});
}

/**
 * Tests and benches use it; nothing here is for production. `durable: true` keeps PostgreSQL's
 * defaults (fsync, and commits wait for it: a bench's figures); a test cluster runs without them.
 * @param {{ durable?: boolean }} [options]
 * @returns {Promise<Cluster>}
 */
export async function startCluster(options = {}) {
	if (process.env.TEST_DATABASE_URL) {
		return { adminUrl: process.env.TEST_DATABASE_URL, stop: () => {} };
	}
	const bin = findPgBin();
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-pg-'));
	const data = join(dir, 'data');
	// PostgreSQL refuses to run as root; CI runs as root, so the server runs as `postgres` then.
	const asRoot = process.getuid?.() === 0;
	/** @param {string} tool @param {string[]} args */
	const run = (tool, args) => {
		const result = asRoot
			? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], {
					encoding: 'utf8'
				})
			: spawnSync(join(bin, tool), args, { encoding: 'utf8' });
		if (result.status !== 0) {
			throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
		}
	};
	if (asRoot) {
		/** @param {string} flag */
		const ids = (flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
		chownSync(dir, ids('-u'), ids('-g'));
	}
	run('initdb', [
		'-D',
		data,
		'-A',
		'trust',
		'-U',
		'orgweb',
		'-E',
		'UTF8',
		'--locale=C',
		'--no-sync'
	]);
	const port = await freePort();
	// A test cluster is thrown away: without fsync and without waiting for it at commit, its
	// commits cost no disk flush. A durable one keeps PostgreSQL's defaults.
	const settings = [
		`-p ${port}`,
		`-k ${dir}`,
		'-c listen_addresses=127.0.0.1',
		'-c max_connections=300',
		...(options.durable
			? []
			: ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'])
	].join(' ');
	const start = () =>
		run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', 'start']);
	start();
	return {
		adminUrl: `postgres://orgweb@127.0.0.1:${port}/postgres`,
		halt: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
		resume: start,
		stop() {
			try {
				run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		}
	};
}
