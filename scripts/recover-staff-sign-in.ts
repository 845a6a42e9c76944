/**
 * Lets a staff member who lost every second factor sign in again (npm run staff:recover -- --help).
 * Runs against DATABASE_URL, or the PGlite data directory when no server holds it.
 */
import { runCommand } from '../src/server/command-line';
import { runRecoverStaffSignIn } from '../src/server/modules/staff/recover-staff-sign-in';

runCommand(runRecoverStaffSignIn);
