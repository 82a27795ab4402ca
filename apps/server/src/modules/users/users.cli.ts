import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { emailSchema, roleSchema } from '@vr/contracts';
import type { Database } from '../../db/client.ts';
import { setRoleByEmail } from './users.service.ts';

export const CLI_USAGE =
  'Usage: npm run cli -- set-role <email> ADMIN|USER | attach-report <orderId> <file.pdf>';

export interface CliIo {
  openDatabase(): Promise<Database>;
  /** Attaches the report PDF at `file` to an order as the server would (stored, Completed, e-mailed). */
  attachReport?(database: Database, orderId: string, file: string): Promise<{ status: string }>;
  out(line: string): void;
  err(line: string): void;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function withDatabase(io: CliIo, run: (database: Database) => Promise<number>) {
  let database: Database;
  try {
    database = await io.openDatabase();
  } catch (err) {
    io.err(`Cannot open the database: ${errorText(err)}`);
    return 1;
  }
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

async function attachReportCommand(args: readonly string[], io: CliIo): Promise<number> {
  const [orderId, file] = args;
  if (args.length !== 2 || !orderId || !file || !io.attachReport) {
    io.err(CLI_USAGE);
    return 2;
  }
  try {
    await access(file, constants.R_OK);
  } catch (err) {
    io.err(`Cannot read ${file}: ${errorText(err)}`);
    return 1;
  }
  const attach = io.attachReport;
  return withDatabase(io, async (database) => {
    try {
      const order = await attach(database, orderId, file);
      io.out(`Report attached to order ${orderId}; the order is ${order.status}.`);
      return 0;
    } catch (err) {
      io.err(`Cannot attach the report to order ${orderId}: ${errorText(err)}`);
      return 1;
    }
  });
}

/**
 * The operator's commands (`npm run cli -- ...`). Returns the exit code: 0 done, 1 refused
 * (e.g. unknown e-mail), 2 bad usage. Every outcome is one line.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'attach-report') return attachReportCommand(args, io);
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
  return withDatabase(io, async (database) => {
    const result = await setRoleByEmail(database.db, email.data, role.data);
    if (!result.ok) {
      io.err(`No account with e-mail ${email.data}.`);
      return 1;
    }
    io.out(`${result.email} is now ${result.role}.`);
    return 0;
  });
}
