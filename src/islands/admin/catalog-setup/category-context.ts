import { createContext, useContext } from 'react';
import type { AdminCategory, CategoryTree } from '../../../lib/clients/manager-catalog-setup.ts';

/** What every part of the category editor reaches: the tree and the moves that change it. */
export interface CategoryEditorContext {
  tree: CategoryTree;
  reload: () => Promise<void>;
  /** Moves `node` to `index` under `parentNo` on the server (shown at once, then read again). */
  move: (node: AdminCategory, parentNo: number | null, index: number) => Promise<AdminCategory>;
  /** Reorders locally before the server answers (a drag looks settled at once). */
  reorderLocal: (parentNo: number | null, isMenu: boolean, from: number, to: number) => void;
  /** Says something at the top of the editor (for results whose row moved elsewhere). */
  announce: (text: string) => void;
  /**
   * After the tree is read again, focus the row of `categoryNo` (its drag handle), or with null the
   * editor's status line at the top (the row is gone).
   */
  focusRow: (categoryNo: number | null) => void;
}

export const CategoryEditorCtx = createContext<CategoryEditorContext | null>(null);

export function useCategoryEditor(): CategoryEditorContext {
  const ctx = useContext(CategoryEditorCtx);
  if (!ctx) throw new Error('CategoryEditor context missing');
  return ctx;
}
