import type { AdminCategory, CategoryTree } from '../../../lib/clients/manager-catalog-setup.ts';

/** Pure helpers of the category editor: sibling lists, local reordering, where a category may go. */

export const MAX_DEPTH = 4;

/** Levels the category's subtree spans (1 for a leaf). */
export function subtreeHeight(node: AdminCategory): number {
  return 1 + node.children.reduce((m, c) => Math.max(m, subtreeHeight(c)), 0);
}

function walk(nodes: readonly AdminCategory[], out: AdminCategory[] = []): AdminCategory[] {
  for (const n of nodes) {
    out.push(n);
    walk(n.children, out);
  }
  return out;
}

export const allOf = (tree: CategoryTree) => walk([...tree.menu, ...tree.display]);

/** Full label of a category: 방진패드 > 세탁기 방진패드. */
export function pathLabel(tree: CategoryTree, categoryNo: number): string {
  const byNo = new Map(allOf(tree).map((n) => [n.categoryNo, n]));
  const parts: string[] = [];
  for (let at = byNo.get(categoryNo); at; at = at.parentNo === null ? undefined : byNo.get(at.parentNo)) {
    parts.unshift(at.label);
  }
  return parts.join(' > ');
}

/**
 * Parents `node` may move under: menu categories outside its own subtree with room for all of its
 * levels (depth 4 at most), other than its present parent. `null` (the top level) when it is not
 * already there.
 */
export function moveTargets(tree: CategoryTree, node: AdminCategory): (AdminCategory | null)[] {
  if (!node.isMenu) return [];
  const inside = new Set(walk([node]).map((n) => n.categoryNo));
  const height = subtreeHeight(node);
  const parents = walk(tree.menu).filter(
    (p) => !inside.has(p.categoryNo) && p.depth + height <= MAX_DEPTH && p.categoryNo !== node.parentNo,
  );
  return node.parentNo === null ? parents : [null, ...parents];
}

/** `nodes` with the one at `from` moved to `to`. */
function moved<T>(nodes: readonly T[], from: number, to: number): T[] {
  const out = [...nodes];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

/** The tree with the siblings under `parentNo` (of one kind at the top level) reordered. */
export function reorderLocally(
  tree: CategoryTree,
  parentNo: number | null,
  isMenu: boolean,
  from: number,
  to: number,
): CategoryTree {
  if (parentNo === null)
    return isMenu
      ? { ...tree, menu: moved(tree.menu, from, to) }
      : { ...tree, display: moved(tree.display, from, to) };
  const visit = (nodes: readonly AdminCategory[]): AdminCategory[] =>
    nodes.map((n) =>
      n.categoryNo === parentNo
        ? { ...n, children: moved(n.children, from, to) }
        : { ...n, children: visit(n.children) },
    );
  return { menu: visit(tree.menu), display: tree.display };
}
