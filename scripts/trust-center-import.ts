/**
 * Imports a trust center file into an organisation, all or nothing (npm run trust-center:import -- --help).
 * Runs against DATABASE_URL, or the PGlite data directory when no server holds it.
 */
import { runCommand, runImport } from '../src/server/modules/trust-center-export/cli';

runCommand(runImport);
