// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** A feature may use shared code and itself, never another feature (bulletproof-react). */
const noServerInWeb = {
  group: ['**/apps/server/**', '@vigil/server', '@vigil/server/**'],
  message: 'The console talks to the server over HTTP only.',
};

const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          noServerInWeb,
          ...features
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [`**/features/${other}`, `**/features/${other}/**`],
              message: 'Features do not import each other; compose them in app/.',
            })),
        ],
      },
    ],
  },
}));

const agentsDir = 'apps/server/src/agents';
const agents = existsSync(agentsDir)
  ? readdirSync(agentsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
      .map((entry) => entry.name)
  : [];

/** Agents never import each other: they meet on the bus. */
const agentBoundaries = agents.map((agent) => ({
  files: [`${agentsDir}/${agent}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: agents
          .filter((other) => other !== agent)
          .map((other) => ({
            group: [`**/agents/${other}`, `**/agents/${other}/**`, `../${other}`, `../${other}/**`],
            message: 'Agents never import each other; they meet on the bus.',
          })),
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      '**/*.d.ts',
      '.vigil-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noServerInWeb],
        },
      ],
    },
  },
  ...featureBoundaries,
  ...agentBoundaries,
);
