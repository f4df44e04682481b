import { josa } from 'es-hangul';
import { useId, useRef, useState, type ReactNode } from 'react';
import { managerCatalogApi, type AdminCategory } from '../../../lib/clients/manager-catalog-setup.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { useFocusLater } from '../focus.ts';
import AddCategoryForm from './AddCategoryForm.tsx';
import { useCategoryEditor } from './category-context.ts';
import { MAX_DEPTH, moveTargets, pathLabel } from './category-model.ts';
import { FieldError, SaveMessages, type SaveState } from './save-state.tsx';

/**
 * One category: its name, state and product count, and what a manager can do with it. One panel
 * (rename, add a child, move) is open at a time; its result shows under the row. Opening a panel
 * takes the focus to its field, closing it (Esc, 취소 or done) gives it back to the button that
 * opened it.
 */

type Panel = 'rename' | 'add' | 'move' | null;

export default function CategoryRow({
  node,
  index,
  count,
  save,
  handle,
}: {
  node: AdminCategory;
  index: number;
  count: number;
  save: SaveState;
  handle: ReactNode;
}) {
  const uid = useId();
  const { tree, reload, move, announce, focusRow } = useCategoryEditor();
  const [panel, setPanel] = useState<Panel>(null);
  const opener = useRef<Partial<Record<Exclude<Panel, null>, HTMLButtonElement | null>>>({});
  const focusLater = useFocusLater();
  /** Closes the open panel; the focus goes back to the button that opened it. */
  const close = () => {
    const was = panel;
    setPanel(null);
    if (was) focusLater(() => opener.current[was]);
  };
  const onPanelKey = (e: { key: string; preventDefault: () => void }) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    close();
  };
  const [label, setLabel] = useState(node.label);
  const targets = panel === 'move' ? moveTargets(tree, node) : [];
  const [target, setTarget] = useState('');
  const categoryParam = { categoryNo: String(node.categoryNo) };

  const patch = (json: { label?: string; visible?: boolean }, done: string) =>
    save.run(async () => {
      try {
        return await unwrap(
          managerCatalogApi.categories[':categoryNo'].$patch({
            param: categoryParam,
            json: { version: node.version, ...json },
          }),
        );
      } finally {
        await reload();
      }
    }, done);

  const shift = (to: number) =>
    save.run(() => move(node, node.parentNo, to), `'${node.label}' 카테고리를 ${to + 1}번째로 옮겼습니다.`);

  const remove = () => {
    if (!window.confirm(`'${node.label}' 카테고리를 삭제할까요? 되돌릴 수 없습니다.`)) return;
    void save
      .run(async () => {
        try {
          return await unwrap(
            managerCatalogApi.categories[':categoryNo'].$delete({
              param: categoryParam,
              query: { version: String(node.version) },
            }),
          );
        } finally {
          await reload();
        }
      }, `'${node.label}' 카테고리를 삭제했습니다.`)
      .then((r) => {
        // the row is gone with its status line: say it at the top, where the focus goes too
        if (r !== undefined) {
          announce(`'${node.label}' 카테고리를 삭제했습니다.`);
          focusRow(null);
        }
      });
  };

  const toggle = (p: Panel) => {
    save.clear();
    setLabel(node.label);
    setTarget('');
    if (panel === p) close();
    else setPanel(p);
  };

  return (
    <div className="cs-row-wrap">
      <div className="cs-row">
        {handle}
        <span className="cs-name">
          <span className="cs-label">{node.label}</span>
          {!node.visible && <span className="cs-badge cs-badge--off">숨김</span>}
          {node.visible && node.hiddenInShop && <span className="cs-badge">상위가 숨김</span>}
          <span className="cs-meta">
            {node.depth}단계 · 번호 {node.categoryNo}
          </span>
        </span>
        <a className="cs-count" href={`/manager/products?categoryNo=${node.categoryNo}`}>
          상품 {node.productCount.toLocaleString('ko-KR')}개
        </a>
        <div className="cs-actions">
          <button
            type="button"
            className="cs-small"
            disabled={save.pending || index === 0}
            data-move="up"
            aria-label={`'${node.label}' 위로 옮기기`}
            onClick={() => void shift(index - 1)}
          >
            ▲ 위로
          </button>
          <button
            type="button"
            className="cs-small"
            disabled={save.pending || index === count - 1}
            data-move="down"
            aria-label={`'${node.label}' 아래로 옮기기`}
            onClick={() => void shift(index + 1)}
          >
            ▼ 아래로
          </button>
          <button
            type="button"
            className="cs-small"
            ref={(el) => {
              opener.current.rename = el;
            }}
            aria-expanded={panel === 'rename'}
            aria-label={`'${node.label}' 이름 바꾸기`}
            onClick={() => toggle('rename')}
          >
            이름 바꾸기
          </button>
          <button
            type="button"
            className="cs-small"
            disabled={save.pending}
            aria-label={`'${node.label}' ${node.visible ? '숨기기' : '보이기'}`}
            onClick={() =>
              void patch(
                { visible: !node.visible },
                node.visible
                  ? `'${node.label}' 카테고리를 숨겼습니다. 쇼핑몰 메뉴에 나오지 않습니다.`
                  : `'${node.label}' 카테고리를 다시 보이게 했습니다.`,
              )
            }
          >
            {node.visible ? '숨기기' : '보이기'}
          </button>
          {node.isMenu && node.depth < MAX_DEPTH && (
            <button
              type="button"
              className="cs-small"
              ref={(el) => {
                opener.current.add = el;
              }}
              aria-expanded={panel === 'add'}
              aria-label={`'${node.label}' 하위 추가`}
              onClick={() => toggle('add')}
            >
              하위 추가
            </button>
          )}
          {node.isMenu && (
            <button
              type="button"
              className="cs-small"
              ref={(el) => {
                opener.current.move = el;
              }}
              aria-expanded={panel === 'move'}
              aria-label={`'${node.label}' 다른 카테고리로 옮기기`}
              onClick={() => toggle('move')}
            >
              옮기기
            </button>
          )}
          {!node.reserved && (
            <button
              type="button"
              className="cs-small cs-small--danger"
              disabled={save.pending}
              aria-label={`'${node.label}' 삭제`}
              onClick={remove}
            >
              삭제
            </button>
          )}
        </div>
      </div>

      {panel === 'rename' && (
        <form
          className="cs-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void patch(
              { label },
              `카테고리 이름을 '${label.trim()}'${josa.pick(label.trim(), '으로/로')} 바꿨습니다.`,
            ).then((r) => {
              if (r) close();
            });
          }}
          onKeyDown={onPanelKey}
        >
          <label className="bf-label" htmlFor={`${uid}-rename`}>
            새 이름
          </label>
          <div className="cs-inline">
            <input
              id={`${uid}-rename`}
              className="bf-input"
              value={label}
              maxLength={30}
              required
              autoFocus
              aria-invalid={save.fields.label ? true : undefined}
              aria-describedby={save.fields.label ? `${uid}-rename-error` : undefined}
              onChange={(e) => setLabel(e.target.value)}
            />
            <button className="button" type="submit" disabled={save.pending}>
              저장
            </button>
            <button className="button button--secondary" type="button" onClick={close}>
              취소
            </button>
          </div>
          <FieldError id={`${uid}-rename-error`} message={save.fields.label} />
        </form>
      )}

      {panel === 'add' && (
        <AddCategoryForm
          parentNo={node.categoryNo}
          isMenu
          label={`'${node.label}' 아래에 추가할 카테고리 이름`}
          autoFocus
          onDone={close}
          onCancel={close}
        />
      )}

      {panel === 'move' && (
        <form
          className="cs-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (target === '') return;
            const parentNo = target === 'top' ? null : Number(target);
            const where = parentNo === null ? '맨 위 단계' : `'${pathLabel(tree, parentNo)}' 아래`;
            const done = `'${node.label}' 카테고리를 ${where}로 옮겼습니다.`;
            void save
              .run(() => move(node, parentNo, 10_000), done)
              .then((r) => {
                // the row now sits under its new parent, a new place in the page: say it at the top too
                if (r) {
                  setPanel(null);
                  announce(done);
                  // the row now lives in another list: the focus follows it there
                  focusRow(node.categoryNo);
                }
              });
          }}
          onKeyDown={onPanelKey}
        >
          <label className="bf-label" htmlFor={`${uid}-move`}>
            옮길 위치 (하위 카테고리도 함께 옮겨집니다)
          </label>
          <div className="cs-inline">
            <select
              id={`${uid}-move`}
              className="bf-select"
              value={target}
              required
              autoFocus
              onChange={(e) => setTarget(e.target.value)}
            >
              <option value="">위치를 고르세요</option>
              {targets.map((t) =>
                t === null ? (
                  <option key="top" value="top">
                    맨 위 단계
                  </option>
                ) : (
                  <option key={t.categoryNo} value={String(t.categoryNo)}>
                    {pathLabel(tree, t.categoryNo)} 아래
                  </option>
                ),
              )}
            </select>
            <button className="button" type="submit" disabled={save.pending || target === ''}>
              옮기기
            </button>
            <button className="button button--secondary" type="button" onClick={close}>
              취소
            </button>
          </div>
        </form>
      )}
      <SaveMessages state={save} />
    </div>
  );
}
