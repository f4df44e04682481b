import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after `load` and the first paint (src/lib/client-painted.ts, decision 048). */
    'client:painted'?: boolean;
  }
}
