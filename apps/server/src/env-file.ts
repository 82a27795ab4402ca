import { loadEnvFile } from './config.ts';

// server.ts imports this module first, before tracing.ts: tracing starts, or not, from the OTEL_*
// variables as it loads, and one set only in .env counts as much as one in the environment.
loadEnvFile();
