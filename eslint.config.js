// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // What the browser may load must not reach into server-only modules (database, secrets).
    files: ['src/islands/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    ignores: ['src/lib/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/server', '**/lib/server/**', './server/**'],
              message: '서버 전용 모듈(src/lib/server)은 브라우저에서도 쓰이는 코드에서 가져올 수 없습니다.',
            },
          ],
        },
      ],
    },
  },
);
