/**
 * Lists contradicting statements in a trust center (npm run trust-center:consistency -- --help).
 * Runs against DATABASE_URL, or the PGlite data directory when no server holds it.
 */
import { runCommand } from '../src/server/command-line';
import { runConsistency } from '../src/server/modules/questionnaires/cli';

runCommand(runConsistency);
