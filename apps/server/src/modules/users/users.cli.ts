import { emailSchema, roleSchema } from '@vr/contracts';
import type { Database } from '../../db/client.ts';
import { setRoleByEmail } from './users.service.ts';

export const CLI_USAGE = 'Usage: npm run cli -- set-role <email> ADMIN|USER';

export interface CliIo {
  openDatabase(): Promise<Database>;
  out(line: string): void;
  err(line: string): void;
}

/**
 * The operator's commands (`npm run cli -- ...`). Returns the exit code: 0 done, 1 refused
 * (e.g. unknown e-mail), 2 bad usage. Every outcome is one line.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'set-role') {
    io.err(command ? `Unknown command '${command}'. ${CLI_USAGE}` : CLI_USAGE);
    return 2;
  }
  if (args.length !== 2) {
    io.err(CLI_USAGE);
    return 2;
  }
  const email = emailSchema.safeParse(args[0]);
  if (!email.success) {
    io.err(`Invalid e-mail address '${args[0]}'. ${CLI_USAGE}`);
    return 2;
  }
  const role = roleSchema.safeParse(args[1]?.trim().toUpperCase());
  if (!role.success) {
    io.err(`Role must be ADMIN or USER, not '${args[1]}'. ${CLI_USAGE}`);
    return 2;
  }
  let database: Database;
  try {
    database = await io.openDatabase();
  } catch (err) {
    io.err(`Cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  try {
    const result = await setRoleByEmail(database.db, email.data, role.data);
    if (!result.ok) {
      io.err(`No account with e-mail ${email.data}.`);
      return 1;
    }
    io.out(`${result.email} is now ${result.role}.`);
    return 0;
  } finally {
    await database.close();
  }
}
