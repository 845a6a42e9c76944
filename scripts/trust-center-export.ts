/**
 * Exports an organisation's trust center as one JSON or YAML file (npm run trust-center:export -- --help).
 * Runs against DATABASE_URL, or the PGlite data directory when no server holds it.
 */
import { runCommand, runExport } from '../src/server/modules/trust-center-export/cli';

runCommand(runExport);
