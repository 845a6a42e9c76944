/**
 * Drafts a security questionnaire's answers from the trust center (npm run questionnaire:draft -- --help).
 * Runs against DATABASE_URL, or the PGlite data directory when no server holds it.
 */
import { runCommand } from '../src/server/command-line';
import { runDraftQuestionnaire } from '../src/server/modules/questionnaires/cli';

runCommand(runDraftQuestionnaire);
