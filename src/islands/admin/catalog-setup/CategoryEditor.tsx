import { useCallback, useMemo, useRef, useState } from 'react';
import {
  managerCatalogApi,
  type AdminCategory,
  type CategoryTree,
} from '../../../lib/clients/manager-catalog-setup.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { useFocusLater } from '../focus.ts';
import AddCategoryForm from './AddCategoryForm.tsx';
import { CategoryEditorCtx } from './category-context.ts';
import { reorderLocally } from './category-model.ts';
import CategoryGroup from './CategoryGroup.tsx';
import '../../board/board-forms.css';
import './catalog-setup.css';

/**
 * /manager/categories: the menu tree (add, rename, move, reorder by drag or buttons, hide, delete)
 * and the display categories beside it. Every change goes to the server with the version the page
 * read, then the tree is read again, so what is shown is what the shop now has.
 */

export default function CategoryEditor({ initial }: { initial: CategoryTree }) {
  const [tree, setTree] = useState(initial);
  const reload = useCallback(async () => {
    try {
      setTree((await unwrap(managerCatalogApi.categories.$get())) as CategoryTree);
    } catch {
      // the action's own message already says what went wrong; the page can be reloaded by hand
    }
  }, []);
  const move = useCallback(
    async (node: AdminCategory, parentNo: number | null, index: number) => {
      try {
        return (await unwrap(
          managerCatalogApi.categories[':categoryNo'].move.$post({
            param: { categoryNo: String(node.categoryNo) },
            json: { version: node.version, parentNo, index },
          }),
        )) as AdminCategory;
      } finally {
        await reload();
      }
    },
    [reload],
  );
  const reorderLocal = useCallback((parentNo: number | null, isMenu: boolean, from: number, to: number) => {
    setTree((t) => reorderLocally(t, parentNo, isMenu, from, to));
  }, []);
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const focusLater = useFocusLater();
  const focusRow = useCallback(
    (categoryNo: number | null) =>
      focusLater(() =>
        categoryNo === null
          ? noticeRef.current
          : document.querySelector<HTMLElement>(`[data-category-no="${categoryNo}"] .cs-handle`),
      ),
    [focusLater],
  );
  const ctx = useMemo(
    () => ({ tree, reload, move, reorderLocal, announce: setNotice, focusRow }),
    [tree, reload, move, reorderLocal, focusRow],
  );

  return (
    <CategoryEditorCtx.Provider value={ctx}>
      <div className="cs-editor">
        <p
          className="cs-status cs-status--sticky"
          role="status"
          aria-live="polite"
          tabIndex={-1}
          ref={noticeRef}
        >
          {notice}
        </p>
        <section className="cs-section" aria-labelledby="cs-menu-title">
          <h2 id="cs-menu-title" className="cs-title">
            메뉴 카테고리
          </h2>
          <p className="bf-hint">
            쇼핑몰 메뉴에 보이는 카테고리입니다. 4단계까지 만들 수 있고, 손잡이(⠿)를 끌거나 위로·아래로
            버튼으로 순서를 바꿉니다. 키보드로는 손잡이에서 스페이스바를 누르고 화살표로 옮깁니다.
          </p>
          <AddCategoryForm isMenu parentNo={null} label="맨 위 카테고리 추가" />
          {tree.menu.length === 0 ? (
            <p className="muted">카테고리가 없습니다.</p>
          ) : (
            <CategoryGroup nodes={tree.menu} parentNo={null} isMenu label="메뉴 카테고리" />
          )}
        </section>
        <section className="cs-section" aria-labelledby="cs-display-title">
          <h2 id="cs-display-title" className="cs-title">
            전시 카테고리
          </h2>
          <p className="bf-hint">
            메뉴에는 나오지 않고 신상품, 주문 제작 상품 같은 화면이 상품을 모아 보여 주는 카테고리입니다.
          </p>
          <AddCategoryForm isMenu={false} parentNo={null} label="전시 카테고리 추가" />
          {tree.display.length > 0 && (
            <CategoryGroup nodes={tree.display} parentNo={null} isMenu={false} label="전시 카테고리" />
          )}
        </section>
      </div>
    </CategoryEditorCtx.Provider>
  );
}
