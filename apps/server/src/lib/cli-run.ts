/** The first line of an error's message: every outcome of a command is one line. */
export const errorLine = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]!;

/**
 * Opens what a command needs (the database, services), runs it and closes them; failing to open
 * is one line and exit code 1.
 */
export async function withOpened<T extends { close(): Promise<void> }>(
  err: (line: string) => void,
  open: () => Promise<T>,
  run: (opened: T) => Promise<number>,
): Promise<number> {
  let opened: T;
  try {
    opened = await open();
  } catch (error) {
    err(`Cannot open the database: ${errorLine(error)}`);
    return 1;
  }
  try {
    return await run(opened);
  } finally {
    await opened.close();
  }
}
