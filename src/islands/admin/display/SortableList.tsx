import {
  DndContext,
  PointerSensor,
  closestCenter,
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
import { useId, useRef, type ReactNode } from 'react';
import { PromptKeyboardSensor } from '../keyboard-sensor.ts';
import { moveButtonIn, useFocusLater } from '../focus.ts';

/**
 * A list the manager puts in order three ways: dragging a row's handle with the mouse or a finger,
 * the keyboard on the handle (Space to pick up, arrow keys to move, Space to drop, Esc to cancel),
 * or the 위로/아래로 buttons. Every move is one `onMove(from, to)` call; the caller saves it.
 * While a move is being saved (`disabled`) the buttons say so (aria-disabled) but stay focusable,
 * and the pressed button keeps the focus on the moved row (or its other button at the list's end).
 */

interface Props<T> {
  items: readonly T[];
  idOf: (item: T) => number;
  /** The row's name in button labels and announcements. */
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  /** The list's accessible name. */
  label: string;
  disabled?: boolean;
  children: (item: T, index: number) => ReactNode;
}

export default function SortableList<T>({
  items,
  idOf,
  nameOf,
  onMove,
  label,
  disabled = false,
  children,
}: Props<T>) {
  // a stable id keeps the server-rendered and hydrated aria-describedby the same
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(PromptKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const listRef = useRef<HTMLOListElement>(null);
  const focusLater = useFocusLater();
  const moveBy = (i: number, dir: 'up' | 'down') => {
    const id = ids[i];
    const to = dir === 'up' ? i - 1 : i + 1;
    if (disabled || id === undefined || to < 0 || to >= items.length) return;
    onMove(i, to);
    focusLater(() => moveButtonIn(listRef.current?.querySelector(`[data-sort-id="${id}"]`), dir));
  };
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(Number(id));
  const nameAt = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item ? nameOf(item) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `'${nameAt(active.id)}' 항목을 집었습니다. 지금 ${indexOf(active.id) + 1}번째입니다. 화살표 키로 옮기고 스페이스 키로 놓으세요.`,
    onDragOver: ({ active, over }) =>
      over
        ? `'${nameAt(active.id)}' 항목: ${indexOf(over.id) + 1}번째 자리`
        : `'${nameAt(active.id)}' 항목: 목록 밖`,
    onDragEnd: ({ active, over }) =>
      over
        ? `'${nameAt(active.id)}' 항목을 ${indexOf(over.id) + 1}번째 자리에 놓았습니다.`
        : `'${nameAt(active.id)}' 항목을 제자리에 두었습니다.`,
    onDragCancel: ({ active }) => `옮기기를 취소했습니다. '${nameAt(active.id)}' 항목은 제자리에 있습니다.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            '스페이스 키를 누르면 항목을 집습니다. 화살표 키로 자리를 옮기고 스페이스 키로 놓으며, Esc 키로 취소합니다.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="dm-sortable" aria-label={label} ref={listRef}>
          {items.map((item, i) => (
            <SortableRow
              key={idOf(item)}
              id={idOf(item)}
              name={nameOf(item)}
              first={i === 0}
              last={i === items.length - 1}
              disabled={disabled}
              onUp={() => moveBy(i, 'up')}
              onDown={() => moveBy(i, 'down')}
            >
              {children(item, i)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow(props: {
  id: number;
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onUp: () => void;
  onDown: () => void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: props.id,
      disabled: props.disabled,
    });
  return (
    <li
      ref={setNodeRef}
      className="dm-row"
      data-sort-id={props.id}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="dm-handle"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`${props.name} 순서 옮기기`}
        aria-roledescription="순서를 바꿀 수 있는 항목"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="dm-row-body">{props.children}</div>
      <div className="dm-move">
        <button
          type="button"
          className="dm-icon-button"
          data-move="up"
          disabled={props.first}
          aria-disabled={props.disabled || undefined}
          onClick={props.onUp}
          aria-label={`${props.name} 위로`}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="dm-icon-button"
          data-move="down"
          disabled={props.last}
          aria-disabled={props.disabled || undefined}
          onClick={props.onDown}
          aria-label={`${props.name} 아래로`}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </div>
    </li>
  );
}
