// @ts-check
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), 'src', 'server');
/** Shared kernel, importable file by file: configuration, errors, the database, sanitising. */
const SHARED = new Set(['platform', 'db', 'content']);

/**
 * `src/server/<domain>/…` → its module (`adapters/<port>` for a port), else null.
 * @param {string} file
 */
function moduleOf(file) {
  const rel = relative(SERVER, file);
  if (rel.startsWith('..') || !rel.includes(sep)) return null;
  const [first, second] = rel.split(sep);
  return first === 'adapters' && rel.split(sep).length > 2 ? `adapters/${second}` : first;
}

/**
 * One room per domain (docs/architecture.md): outside `src/server/<domain>/`, code imports only the
 * domain's public entry `index.ts`. Tests may reach into the module they test.
 */
/** @type {import('eslint').Rule.RuleModule} */
const domainBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      internal:
        '{{target}}는 {{module}} 모듈의 내부 파일입니다. 모듈 밖에서는 src/server/{{module}}/index.ts만 가져올 수 있습니다.',
    },
    schema: [],
  },
  create(context) {
    const from = moduleOf(context.filename);
    /** @param {import('estree').Node} node @param {unknown} spec */
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(context.filename), spec.replace(/\?.*$/, ''));
      const to = moduleOf(target);
      if (!to || to === from || SHARED.has(to) || to === 'adapters') return;
      if (relative(resolve(SERVER, to), target) === 'index.ts') return;
      context.report({ node, messageId: 'internal', data: { target: spec, module: to } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'tests/bench/results/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  {
    // Server code, scripts, tests and configs run on Node; islands and inline scripts in the browser.
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // What the browser may load must not reach into server-only modules (database, secrets). Types
    // may come from them (`import type` is erased): the typed API clients infer the routes' answers.
    files: ['src/islands/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(?:.*/)?(?:server|api)(?:/|$)',
              allowTypeImports: true,
              message:
                '서버 전용 모듈(src/server, src/api)은 브라우저에서도 쓰이는 코드에서 가져올 수 없습니다. 타입만 필요하면 `import type`을 쓰세요.',
            },
          ],
        },
      ],
    },
  },
  {
    // Packages a page never needs are imported where they are used (`await import(…)`), not at the
    // top: the server loads every static import as it starts, and these cost 0.5 s of CPU there
    // (decision 077). Types may still be imported (`import type` is erased).
    files: ['src/{server,components,pages,api,layouts}/**/*.{ts,tsx,astro}', 'src/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helper.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            'arctic',
            'exceljs',
            'nodemailer',
            'sharp',
            '@napi-rs/canvas',
            '@aws-sdk/client-s3',
            '@aws-sdk/s3-request-presigner',
          ].map((name) => ({
            name,
            allowTypeImports: true,
            message: `${name}은(는) 쓰는 곳에서 await import('${name}')로 가져오세요: 맨 위에서 가져오면 서버가 시작할 때마다 읽습니다 (결정 077).`,
          })),
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}', 'scripts/**/*.{ts,mjs}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helper.ts'],
    plugins: { podo: { rules: { 'domain-boundaries': domainBoundaries } } },
    rules: { 'podo/domain-boundaries': 'error' },
  },
  {
    // Islands follow the Rules of React (hooks called unconditionally, complete effect dependencies).
    files: ['src/islands/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Type-aware rules: a promise is awaited or handled, never dropped or passed where a void
    // callback is expected, and switches over unions name every case.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
);
