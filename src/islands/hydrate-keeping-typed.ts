import reactClient from '@astrojs/react/client.js';
import { createElement, useLayoutEffect, type ComponentType } from 'react';
import { handOver, typedBeforeHydration } from './keep-typed.ts';

/**
 * The React renderer's client entry for every island (astro.config.mjs, decision 068): Astro's own
 * (`@astrojs/react/client.js`), with the island's component wrapped in one that renders nothing of
 * its own and, once React has committed the island's hydration, hands what the shopper typed,
 * picked or ticked before it to the island (`keep-typed.ts`). The wrapper adds no element and no
 * `useId`, so the server's HTML (rendered without it) still matches. `client:only` islands have no
 * server HTML and are passed through as they are.
 */

type Hydrate = ReturnType<typeof reactClient>;

const wrapped = new WeakMap<HTMLElement, { of: unknown; as: ComponentType<Record<string, unknown>> }>();

function keepingTyped(island: HTMLElement, Component: ComponentType<Record<string, unknown>>) {
  const known = wrapped.get(island);
  if (known?.of === Component) return known.as;
  function KeepTyped(props: Record<string, unknown>) {
    useLayoutEffect(() => {
      // read in the hydration's commit, before a later render of the island can write its state
      // into the fields; handed over once the commit is done
      const typed = typedBeforeHydration(island);
      if (typed.length > 0) queueMicrotask(() => handOver(typed));
    }, []);
    return createElement(Component, props);
  }
  KeepTyped.displayName = `KeepTyped(${Component.displayName ?? Component.name})`;
  wrapped.set(island, { of: Component, as: KeepTyped });
  return KeepTyped;
}

const hydrateKeepingTyped =
  (island: HTMLElement): Hydrate =>
  (Component, props, slots, meta) =>
    reactClient(island)(
      meta.client === 'only'
        ? Component
        : keepingTyped(island, Component as ComponentType<Record<string, unknown>>),
      props,
      slots,
      meta,
    );

export default hydrateKeepingTyped;
