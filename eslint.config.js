import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// The web app's layers (docs/architecture.md): app/ composes features; components/ and lib/ are
// shared and import neither features nor app/. A feature imports itself, components/, lib/ and
// the features FEATURE_USES lists for it, each only through its front door (index.ts); app/ too
// enters every feature only through its front door, so a feature without one cannot be used.
// import-x/no-cycle keeps the uses one-way.
const WEB = 'apps/web/src';
const FEATURES = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FRONT_DOOR = 'index.ts';
/** Which features a feature uses. What two features would use of each other goes to lib/ or components/. */
const FEATURE_USES = {
  // A purchase of credits pays with a saved card, through a payment intent.
  credits: ['payments'],
};
const WEB_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [
      `./${feature}`,
      ...(FEATURE_USES[feature] ?? []).map((used) => `./${used}/${FRONT_DOOR}`),
    ],
    message:
      'A feature imports another only when FEATURE_USES (eslint.config.js) lists it, and then only its front door (index.ts).',
  })),
  ...FEATURES.map((feature) => ({
    target: `${WEB}/app`,
    from: `${WEB}/features/${feature}`,
    except: [`./${FRONT_DOOR}`],
    message: `app/ enters features/${feature} through its front door (index.ts).`,
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'A feature does not import app/: move what it needs to lib/ or components/.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'components/ and lib/ are shared: they import neither features nor app/.',
  },
];

// The server's modules (docs/architecture.md): each has a front door, its `index.ts`; code outside
// modules/<module> imports that module only through it, never its repositories, services or
// routes. The suites in apps/server/test are outside these zones: a test may reach a module's
// inner files to drive or check one piece.
const SERVER = 'apps/server/src';
const MODULES = readdirSync(`${SERVER}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const OUTSIDE_MODULES = readdirSync(SERVER)
  .filter((name) => name !== 'modules')
  .map((name) => `${SERVER}/${name}`);
const SERVER_ZONES = MODULES.map((module) => ({
  target: [
    ...OUTSIDE_MODULES,
    ...MODULES.filter((other) => other !== module).map((other) => `${SERVER}/modules/${other}`),
  ],
  from: `${SERVER}/modules/${module}`,
  except: ['./index.ts'],
  message: `Outside modules/${module}, import it through its front door, modules/${module}/index.ts.`,
}));

// import-x follows the TypeScript sources: for import-x/no-cycle, and to resolve the zones' paths.
// Cycles are ours to find, not the dependencies': following imports into them parsed their
// bundles (one of PGlite's overflowed the parser's stack, and lint printed the whole file).
const NO_CYCLE = ['error', { ignoreExternal: true }];
const IMPORT_X_SETTINGS = {
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver()],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-before/**',
      '**/data/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: WEB_ZONES }],
      'import-x/no-cycle': NO_CYCLE,
    },
  },
  {
    files: [`${SERVER}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: SERVER_ZONES }],
      'import-x/no-cycle': NO_CYCLE,
    },
  },
);
