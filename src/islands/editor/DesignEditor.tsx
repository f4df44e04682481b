import { startTransition, useCallback, useEffect, useState, type ComponentType } from 'react';
import { afterLoadAndPaint } from '../../lib/after-first-paint.ts';
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
    // the first frame's image painted (its largest-contentful-paint entry; decision 049), at most 3 s after load
    void afterLoadAndPaint({ largestPaintOf: FIRST_FRAME_IMAGE_ID }).then(() => {
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
