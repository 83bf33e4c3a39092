// The OpenAPI document lists every /api route on disk, so docs and routes cannot drift.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server?.stop());

const API_DIR = join('src', 'routes', 'api');

function routeFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		if (statSync(path).isDirectory()) return routeFiles(path);
		return entry === '+server.ts' ? [path] : [];
	});
}

/** src/routes/api/payment/[provider]/callback/+server.ts → /api/payment/{provider}/callback */
function apiPath(file: string): string {
	const folder = relative(join('src', 'routes'), file).replace(/[\\/]\+server\.ts$/, '');
	return (
		'/' +
		folder
			.split(/[\\/]/)
			.map((s) => s.replace(/^\[(?:\.\.\.)?(\w+)(?:=\w+)?\]$/, '{$1}'))
			.join('/')
	);
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('GET /api/openapi.json', () => {
	it('is an OpenAPI 3.1 document', async () => {
		const res = await fetch(server.url + '/api/openapi.json');
		expect(res.status).toBe(200);
		const doc = await res.json();
		expect(doc.openapi).toBe('3.1.0');
		expect(doc.servers[0].url).toBe(server.url);
	});

	it('lists every /api route on disk with each method it exports', async () => {
		const doc = await (await fetch(server.url + '/api/openapi.json')).json();
		const files = routeFiles(API_DIR);
		expect(files.length).toBeGreaterThanOrEqual(8);
		for (const file of files) {
			const path = apiPath(file);
			expect(doc.paths, `${path} is not in the OpenAPI document`).toHaveProperty([path]);
			const source = readFileSync(file, 'utf8');
			for (const method of METHODS) {
				if (new RegExp(`export const ${method}\\b`).test(source)) {
					expect(doc.paths[path], `${method} ${path} is not documented`).toHaveProperty([
						method.toLowerCase()
					]);
				}
			}
		}
	});

	it('documents only routes that exist', async () => {
		const doc = await (await fetch(server.url + '/api/openapi.json')).json();
		const onDisk = new Set(routeFiles(API_DIR).map(apiPath));
		for (const path of Object.keys(doc.paths)) expect(onDisk, path).toContain(path);
	});

	it('carries the request schemas the handlers validate with', async () => {
		const doc = await (await fetch(server.url + '/api/openapi.json')).json();
		const leadership = doc.paths['/api/campus-leadership'].get;
		expect(leadership.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
			'campus',
			'lang'
		]);
		const lang = leadership.parameters.find((p: { name: string }) => p.name === 'lang');
		expect(lang.schema.enum).toEqual(['no', 'en']);
	});
});
