/**
 * Creates a staff user for a real deployment (npm run staff:create -- --help).
 * Runs against DATABASE_URL, or the PGlite data directory when no server holds it.
 */
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from '../src/server/config';
import { DataDirectoryInUseError, openDatabase } from '../src/server/db/client';
import { createStaffUser } from '../src/server/modules/staff/create-staff-user';
import { AppError } from '../src/shared/errors';
import { NewStaffUser, type NewStaffUser as NewStaffUserInput } from '../src/shared/staff';

const usage = `Usage: npm run staff:create -- --org <slug> --email <address> --name "<full name>"
         [--role owner|admin|editor|reviewer|viewer]
         [--organisation-name "<name>"]   creates the organisation when the slug is not taken yet

Without --role the user is an owner. The password is read from ATTEST_STAFF_PASSWORD,
or asked for (twice, not shown) when run in a terminal. DATABASE_URL or DATA_DIR choose the database.`;

/** A one-line failure the operator can act on; the process exits 1 after printing it. */
class CommandError extends Error {}

const flagOf: Record<string, string> = {
  organisationSlug: '--org',
  organisationName: '--organisation-name',
  email: '--email',
  name: '--name',
  role: '--role',
  password: 'password',
};

function readArguments(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      org: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'organisation-name': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return null;
  for (const required of ['org', 'email', 'name'] as const) {
    if (!values[required]) throw new CommandError(`--${required} is required (see --help)`);
  }
  return {
    organisationSlug: values.org!,
    organisationName: values['organisation-name'],
    email: values.email!,
    name: values.name!,
    role: values.role?.trim().toLowerCase(),
  };
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n' || character === '\u0004') return finish();
        if (character === '\u0003') return finish(new CommandError('cancelled'));
        if (character === '\u007f' || character === '\b') value = value.slice(0, -1);
        else value += character;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  // A script entry point, not the server: its one secret comes from here, the rest from loadConfig().
  const fromEnvironment = process.env.ATTEST_STAFF_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) {
    throw new CommandError('set ATTEST_STAFF_PASSWORD or run the command in a terminal to type the password');
  }
  const password = await promptHidden('Password: ');
  NewStaffUser.shape.password.parse(password);
  if ((await promptHidden('Repeat the password: ')) !== password) {
    throw new CommandError('the two passwords differ');
  }
  return password;
}

function describeFailure(error: unknown): string {
  if (error instanceof ZodError) {
    const issue = error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    return `${flagOf[field] ?? field}: ${issue.message}`;
  }
  if (error instanceof CommandError || error instanceof AppError) return error.message;
  if (error instanceof ConfigError || error instanceof DataDirectoryInUseError) return error.message;
  if (error instanceof Error && 'code' in error && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return `${error.message} (see --help)`;
  }
  return error instanceof Error ? error.message : String(error);
}

async function run(): Promise<void> {
  const parsed = readArguments(process.argv.slice(2));
  if (!parsed) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  // Everything but the password is checked first, so a typo costs no prompt and no database start.
  const checked = NewStaffUser.omit({ password: true }).parse(parsed);
  const input: NewStaffUserInput = { ...checked, password: await readPassword() };
  NewStaffUser.parse(input);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const created = await createStaffUser({ ctx: { db: database.db }, input });
    const { staffUser, organisation } = created;
    if (created.isOrganisationCreated) {
      process.stdout.write(`Created organisation ${organisation.name} (${organisation.slug}).\n`);
    }
    process.stdout.write(
      `Created staff user ${staffUser.email} (${staffUser.name}) in ${organisation.slug} as ${staffUser.role}.\n`,
    );
  } finally {
    await database.close();
  }
}

run().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`attest: ${describeFailure(error).replaceAll('\n', ' ')}\n`);
    process.exit(1);
  },
);
