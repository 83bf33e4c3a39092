// `npm run backup [-- <folder>]`: a consistent copy of the live database and its folder's files.
// Loads the TypeScript module through Vite's module runner (no build needed).
import { runnerImport } from 'vite';

const { module } = await runnerImport('/src/lib/server/db/backup-cli.ts');
process.exitCode = await module.backupCommand(process.argv.slice(2), process.env);
