/*
 * The users module's front door: what the rest of the server uses of it. Other modules import
 * users only from here.
 */
export { runCli, type CliIo } from './users.cli.ts';
export { usersRoutes } from './users.routes.ts';
export { createUsersService } from './users.service.ts';
