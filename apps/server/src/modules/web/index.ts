/*
 * The web module's front door: what the rest of the server uses of it. Other modules import web
 * only from here.
 */
export { appShellFile, registerWebApp } from './web-app.ts';
