import { useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useFocusLater } from '../focus.ts';
import SetupTable, { type SetupColumn } from './SetupTable.tsx';

/** What an edit panel is given: its row, its save (deleted or not) and its close. */
export interface EditPanelProps<T> {
  row: T;
  onSaved: (deleted: boolean) => Promise<void>;
  onClose: () => void;
}

/**
 * A setup page's list (brands, partners): the add form above, the sortable list with a 수정 button on
 * each row, and the row's edit panel below it. A delete closes the panel and its result is read out
 * above the list (the focus goes there); closing the panel puts the focus back on the row's 수정.
 */
export default function SetupListEditor<T extends object>(props: {
  /** "브랜드", "거래처": in the list's title, the 수정 button's name. */
  noun: string;
  /** The list's heading id. */
  listId: string;
  rows: T[];
  rowNo: (row: T) => number;
  rowName: (row: T) => string;
  /** "3개", "3곳". */
  count: string;
  /** The columns before 관리. */
  columns: SetupColumn<T>[];
  addForm: ReactNode;
  EditPanel: ComponentType<EditPanelProps<T>>;
  deletedMessage: (row: T) => string;
  reload: () => Promise<void>;
}) {
  const { noun, rows, rowNo, rowName, reload } = props;
  const [editingNo, setEditingNo] = useState<number | null>(null);
  // a result whose panel has closed (a delete), read out above the list
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const focusLater = useFocusLater();
  const editing = rows.find((r) => rowNo(r) === editingNo) ?? null;

  const columns = useMemo<SetupColumn<T>[]>(
    () => [
      ...props.columns,
      {
        id: 'edit',
        header: '관리',
        cell: (r) => (
          <button
            type="button"
            className="cs-small"
            data-edit-no={rowNo(r)}
            aria-label={`'${rowName(r)}' ${noun} 수정`}
            aria-expanded={editingNo === rowNo(r)}
            onClick={() => setEditingNo((now) => (now === rowNo(r) ? null : rowNo(r)))}
          >
            수정
          </button>
        ),
      },
    ],
    [props.columns, editingNo, noun, rowNo, rowName],
  );

  return (
    <div className="cs-editor">
      {props.addForm}
      <section className="cs-section" aria-labelledby={props.listId}>
        <h2 id={props.listId} className="cs-title">
          {noun} 목록 <span className="cs-meta">{props.count}</span>
        </h2>
        <p className="cs-status" role="status" tabIndex={-1} ref={noticeRef}>
          {notice}
        </p>
        <SetupTable caption={`${noun} 목록`} rows={rows} columns={columns} rowKey={(r) => String(rowNo(r))} />
      </section>
      {editing && (
        <props.EditPanel
          key={rowNo(editing)}
          row={editing}
          onSaved={async (deleted) => {
            if (deleted) {
              // the panel closes with its own result line: say it, and take the focus, above the list
              setEditingNo(null);
              setNotice(props.deletedMessage(editing));
              focusLater(() => noticeRef.current);
            }
            await reload();
          }}
          onClose={() => {
            const no = rowNo(editing);
            setEditingNo(null);
            focusLater(() => document.querySelector<HTMLElement>(`[data-edit-no="${no}"]`));
          }}
        />
      )}
    </div>
  );
}
