// `npm run restore -- <backup folder>`: checks a backup and puts it in place of DATABASE_FILE.
// Loads the TypeScript module through Vite's module runner (no build needed).
import { runnerImport } from 'vite';

const { module } = await runnerImport('/src/lib/server/db/backup-cli.ts');
process.exitCode = await module.restoreCommand(process.argv.slice(2), process.env);
