import { startTransition, useCallback, useEffect, useState, type ComponentType } from 'react';
import FirstDraw from './FirstDraw.tsx';
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
 * The design editor island (decision 010; split in decision 044). What it ships first draws the
 * template at once (`FirstDraw`); the workspace — Konva, the design schema and every tool — is
 * fetched as soon as the browser is idle after that draw, or at once when the shopper reaches for the
 * editor (a pointer, a key, focus), and then takes the first draw's place.
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
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(load, 200);
    return () => window.clearTimeout(timer);
  }, [load]);

  if (workspace) return <workspace.Component {...props} />;
  return <FirstDraw {...props} onWant={load} failed={failed} />;
}
