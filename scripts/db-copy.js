// `npm run db:copy -- [--from <SQLite file>] [--to <postgres://…>]`: copies an SQLite site into a
// new PostgreSQL database. Loads the TypeScript module through Vite's module runner (no build needed).
import { runnerImport } from 'vite';

const { module } = await runnerImport('/src/lib/server/db/copy-cli.ts');
process.exitCode = await module.dbCopyCommand(process.argv.slice(2), process.env);
