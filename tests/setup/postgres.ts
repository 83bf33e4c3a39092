// Vitest global setup: one PostgreSQL server for the whole run, with a template database that
// has every migration applied, so each test's own database is a quick copy of it.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/lib/server/db';
import { openPostgres } from '../../src/lib/server/db/postgres';
import { startCluster } from '../../scripts/pg-cluster.js';

export const TEMPLATE = 'orgweb_template';

declare module 'vitest' {
	export interface ProvidedContext {
		pgAdminUrl: string;
	}
}

export default async function setup(project: TestProject) {
	const cluster = await startCluster();
	try {
		const admin = new pg.Client({ connectionString: cluster.adminUrl });
		await admin.connect();
		await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
		await admin.query(`create database ${TEMPLATE}`);
		await admin.end();
		const { db } = await openPostgres(withDatabase(cluster.adminUrl, TEMPLATE), { listen: false });
		await migrate(db);
		await db.destroy();
	} catch (error) {
		cluster.stop();
		throw error;
	}
	project.provide('pgAdminUrl', cluster.adminUrl);
	return () => cluster.stop();
}

export function withDatabase(url: string, name: string): string {
	const u = new URL(url);
	u.pathname = `/${name}`;
	return u.toString();
}
