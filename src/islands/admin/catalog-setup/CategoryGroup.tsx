import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId } from 'react';
import type { AdminCategory } from '../../../lib/clients/manager-catalog-setup.ts';
import { PromptKeyboardSensor } from '../keyboard-sensor.ts';
import { useCategoryEditor } from './category-context.ts';
import CategoryRow from './CategoryRow.tsx';
import { SaveMessages, useSaveState } from './save-state.tsx';

/**
 * One list of siblings, sortable by drag (mouse, touch, or keyboard: space to lift, arrows to move,
 * space to drop, Esc to cancel), each item with its row and, below it, its own children's list.
 */

const INSTRUCTIONS =
  '순서를 바꾸려면 스페이스바나 엔터 키로 집은 뒤 위아래 화살표로 옮기고, 스페이스바나 엔터 키로 놓습니다. Esc 키를 누르면 취소합니다.';

export default function CategoryGroup({
  nodes,
  parentNo,
  isMenu,
  label,
}: {
  nodes: readonly AdminCategory[];
  parentNo: number | null;
  isMenu: boolean;
  label: string;
}) {
  const { move, reorderLocal } = useCategoryEditor();
  const save = useSaveState();
  // the same id on the server and in the browser (dnd-kit counts its own otherwise)
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(PromptKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = nodes.map((n) => n.categoryNo);
  const labelOf = (id: UniqueIdentifier | undefined) => nodes.find((n) => n.categoryNo === id)?.label ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `'${labelOf(active.id)}' 카테고리를 집었습니다. ${positionOf(active.id)}번째입니다.`,
    onDragOver: ({ active, over }) =>
      over ? `'${labelOf(active.id)}': ${positionOf(over.id)}번째 자리입니다.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `'${labelOf(active.id)}' 카테고리를 ${positionOf(over.id)}번째로 놓았습니다.` : undefined,
    onDragCancel: ({ active }) => `'${labelOf(active.id)}' 옮기기를 취소했습니다.`,
  };

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = ids.indexOf(Number(e.active.id));
    const to = ids.indexOf(Number(e.over.id));
    const node = nodes[from];
    if (!node || to < 0) return;
    reorderLocal(parentNo, isMenu, from, to);
    void save.run(() => move(node, parentNo, to), `'${node.label}' 카테고리를 ${to + 1}번째로 옮겼습니다.`);
  };

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="cs-tree" role="list" aria-label={label}>
          {nodes.map((node, i) => (
            <CategoryItem key={node.categoryNo} node={node} index={i} count={nodes.length} />
          ))}
        </ul>
      </SortableContext>
      <SaveMessages state={save} />
    </DndContext>
  );
}

function CategoryItem({ node, index, count }: { node: AdminCategory; index: number; count: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: node.categoryNo });
  const save = useSaveState();
  return (
    <li
      ref={setNodeRef}
      className={`cs-node${isDragging ? ' cs-node--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-category-no={node.categoryNo}
    >
      <CategoryRow
        node={node}
        index={index}
        count={count}
        save={save}
        handle={
          <button
            ref={setActivatorNodeRef}
            type="button"
            className="cs-handle"
            {...attributes}
            {...listeners}
            aria-label={`'${node.label}' 순서 바꾸기 손잡이`}
          >
            ⠿
          </button>
        }
      />
      {node.children.length > 0 && (
        <CategoryGroup
          nodes={node.children}
          parentNo={node.categoryNo}
          isMenu={node.isMenu}
          label={`${node.label}의 하위 카테고리`}
        />
      )}
    </li>
  );
}
