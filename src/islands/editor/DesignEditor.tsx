import { startTransition, useCallback, useEffect, useState, type ComponentType } from 'react';
import FirstDraw from './FirstDraw.tsx';
import { FIRST_FRAME_IMAGE_ID } from './first-draw.ts';
import type { DesignEditorProps } from './types.ts';
import './editor.css';

type Workspace = ComponentType<DesignEditorProps>;

let loading: Promise<Workspace> | null = null;
/** The workspace's code (Konva, the design schema, the tools), fetched once; a failure may be retried. */
function loadWorkspace(): Promise<Workspace> {
  loading ??= import('./EditorWorkspace.tsx').then(
    (m) => m.default,
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Resolves once the page has loaded and painted its first frame (decision 049): the paint timing's
 * largest-contentful-paint entry of the first frame's image where the browser has it, else its
 * first contentful paint, else two animation frames after load; at most 3 s after the page loaded.
 * A load event or an animation frame does not mean a paint: on a busy phone both come before it, and
 * the workspace's requests would then compete with what the page first shows.
 */
function afterFirstPaint(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  const painted = new Promise<void>((resolve) => {
    const types = typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
    const watch = (type: string, seen: (e: PerformanceEntry) => boolean) => {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some(seen)) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type, buffered: true });
    };
    if (types.includes('largest-contentful-paint') && document.getElementById(FIRST_FRAME_IMAGE_ID))
      watch(
        'largest-contentful-paint',
        (e) => (e as PerformanceEntry & { id?: string }).id === FIRST_FRAME_IMAGE_ID,
      );
    else if (types.includes('paint')) watch('paint', (e) => e.name === 'first-contentful-paint');
    else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
  const cap = loaded.then(() => new Promise<void>((resolve) => setTimeout(resolve, 3000)));
  return Promise.all([loaded, Promise.race([painted, cap])]).then(() => undefined);
}

/** At most this long after the first paint the workspace is fetched even if the browser is never idle. */
const IDLE_TIMEOUT_MS = 2500;

/**
 * The design editor island (decision 010; split in decision 044; deferred in decision 049). What it
 * ships first draws the template at once (`FirstDraw`, over the server's image of it); the workspace
 * — Konva, the design schema and every tool — is fetched once the page has loaded and painted and the
 * browser is idle (at most 2.5 s later), or at once when the shopper reaches for the editor (a
 * pointer, a key, focus), and then takes the first draw's place.
 */
export default function DesignEditor(props: DesignEditorProps) {
  const [workspace, setWorkspace] = useState<{ Component: Workspace } | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    loadWorkspace().then(
      // a transition: React renders the workspace in slices, the page stays responsive meanwhile
      (Component) => startTransition(() => setWorkspace({ Component })),
      () => setFailed(true),
    );
  }, []);

  useEffect(() => {
    let cancel = () => {};
    let live = true;
    void afterFirstPaint().then(() => {
      if (!live) return;
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const timer = window.setTimeout(load, 200);
        cancel = () => window.clearTimeout(timer);
      }
    });
    return () => {
      live = false;
      cancel();
    };
  }, [load]);

  if (workspace) return <workspace.Component {...props} />;
  return <FirstDraw {...props} onWant={load} failed={failed} />;
}
