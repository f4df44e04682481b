import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DesignDocument } from '../../lib/design/schema.ts';
import { debounced, saveDraft, type DraftInput } from '../stores/draft-design.ts';
import {
  announcementFor,
  editorReducer,
  initialEditorState,
  type EditorAction,
  type EditorState,
} from './editor-state.ts';
import { createImeGuard, type ImeGuard } from './ime-guard.ts';
import { renderPreview } from './preview.ts';

/** The editor state with a dispatch that also tells the live region what happened. */
export function useEditorStore(initial: DesignDocument) {
  const [state, setState] = useState<EditorState>(() => initialEditorState(initial));
  const ref = useRef(state);
  const [announcement, setAnnouncement] = useState({ text: '', seq: 0 });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ text, seq: a.seq + 1 })), []);
  const dispatch = useCallback(
    (action: EditorAction) => {
      const before = ref.current;
      const after = editorReducer(before, action);
      const message = announcementFor(action, before, after);
      if (after !== before) {
        ref.current = after;
        setState(after);
      }
      if (message) announce(message);
    },
    [announce],
  );
  return { state, stateRef: ref, dispatch, announcement, announce };
}

/** The size of an element in CSS pixels (ResizeObserver). */
export function useElementSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      // a transition: the canvas (Konva's stage) is built in slices, not in one long task (decision 049)
      startTransition(() => setSize({ width: Math.floor(width), height: Math.floor(height) }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

const AUTOSAVE_MS = 800;

/**
 * Writes drafts a moment after the last one arrives (the preview of the front follows); `onSaved`
 * hears when each was written.
 */
function draftSaver(onSaved: (at: number) => void) {
  let preview: string | null = null;
  let seq = 0;
  return debounced((draft: DraftInput) => {
    const mine = ++seq;
    // written at once (a reload right after still finds it), the new thumbnail follows
    if (saveDraft({ ...draft, preview })) onSaved(Date.now());
    void renderPreview(draft.design as DesignDocument, 'front')
      .catch(() => null)
      .then((p) => {
        if (mine !== seq) return; // a newer draft was written meanwhile
        preview = p;
        saveDraft({ ...draft, preview });
      });
  }, AUTOSAVE_MS);
}

/**
 * Draft autosave: after the design (or what goes with it) stops changing for a moment, the draft
 * store gets it with a small preview of the front; leaving the page writes at once. `savedAt` is
 * when the last draft was written.
 */
export function useDraftAutosave(input: DraftInput | null) {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const saver = useMemo(() => draftSaver(setSavedAt), []);
  const stopped = useRef(false);
  useEffect(() => {
    if (input && !stopped.current) saver.call(input);
  }, [input, saver]);
  useEffect(() => {
    const flush = () => saver.flush();
    const onHide = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      saver.flush();
    };
  }, [saver]);
  const flush = useCallback(() => saver.flush(), [saver]);
  /** The design was ordered: no more drafts from this page (and none pending). */
  const stop = useCallback(() => {
    stopped.current = true;
    saver.cancel();
  }, [saver]);
  return { savedAt, flush, stop };
}

/**
 * The IME guard of one textarea, a fresh one whenever `scope` changes (what is typed is cleaned
 * differently then, so nothing committed before may hold a value back).
 */
export function useImeGuard(scope: unknown): ImeGuard {
  const [held, setHeld] = useState(() => ({ scope, guard: createImeGuard() }));
  if (!Object.is(held.scope, scope)) {
    const fresh = { scope, guard: createImeGuard() };
    setHeld(fresh);
    return fresh.guard;
  }
  return held.guard;
}
