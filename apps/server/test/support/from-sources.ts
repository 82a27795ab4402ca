/**
 * Node's arguments for running a TypeScript entry from the sources, as `npm run dev` does: tsx
 * as the loader, and the contracts package read from its sources rather than its compiled dist/
 * (packages/contracts/package.json, condition `vr-source`).
 */
export const FROM_SOURCES = ['--conditions=vr-source', '--import', 'tsx'];
