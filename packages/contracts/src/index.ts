export * from './catalog.ts';
export * from './decode.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './states.ts';
export * from './vin.ts';
export * from './health.ts';
