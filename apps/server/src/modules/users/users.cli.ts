import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { emailSchema, roleSchema } from '@vr/contracts';
import { withOpened } from '../../lib/cli-run.ts';
import { OPERATIONS_USAGE } from '../operations/index.ts';
import { RECALLS_USAGE } from '../recall-watch/index.ts';
import type { ReportsService } from '../reports/index.ts';
import type { UsersService } from './users.service.ts';

export const CLI_USAGE =
  'Usage: npm run cli -- set-role <email> ADMIN|USER | attach-report <orderId> <file.pdf> | ' +
  `${OPERATIONS_USAGE} | ${RECALLS_USAGE}`;

/** The services the commands use, on the database the server would open. */
export interface CliServices {
  users: Pick<UsersService, 'setRoleByEmail'>;
  reports: Pick<ReportsService, 'attachReportCompleteOrderAndMailCustomer'>;
  /** Closes what opening them opened (the database, the job queue). */
  close(): Promise<void>;
}

export interface CliIo {
  openServices(): Promise<CliServices>;
  out(line: string): void;
  err(line: string): void;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function attachReportCommand(args: readonly string[], io: CliIo): Promise<number> {
  const [orderId, file] = args;
  if (args.length !== 2 || !orderId || !file) {
    io.err(CLI_USAGE);
    return 2;
  }
  try {
    await access(file, constants.R_OK);
  } catch (err) {
    io.err(`Cannot read ${file}: ${errorText(err)}`);
    return 1;
  }
  return withOpened(io.err, io.openServices, async ({ reports }) => {
    try {
      const order = await reports.attachReportCompleteOrderAndMailCustomer({
        orderId,
        file,
        actorId: 'cli',
      });
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
  return withOpened(io.err, io.openServices, async ({ users }) => {
    const result = await users.setRoleByEmail(email.data, role.data);
    if (!result.ok) {
      io.err(`No account with e-mail ${email.data}.`);
      return 1;
    }
    io.out(`${result.email} is now ${result.role}.`);
    return 0;
  });
}
