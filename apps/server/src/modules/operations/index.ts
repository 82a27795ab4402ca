/*
 * The operations module's front door: what the rest of the server uses of it. Other modules
 * import operations only from here.
 */
export {
  OPERATIONS_COMMANDS,
  OPERATIONS_USAGE,
  runOperationsCli,
  type OperationsIo,
} from './operations.cli.ts';
