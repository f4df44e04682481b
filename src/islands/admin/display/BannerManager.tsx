import { useRef, useState } from 'react';
import BannerForm from './BannerForm.tsx';
import SortableList from './SortableList.tsx';
import { deleteBanner, reorderBanners, type Banner, type BannerList } from './banner-api.ts';
import { periodText } from './display-shared.ts';
import './display.css';
import '../../board/board-forms.css';
import { ListMessages, RowDeleteButton, useOrderedList } from './use-ordered-list.tsx';

/**
 * A banner group's banners in their order (/manager/display): thumbnail, name, link, window,
 * period and what the shop does with each now; drag, keyboard or 위로/아래로 to reorder (saved at
 * once, with the versions read), and a form to add or edit one. Results are announced politely.
 * The form takes the focus when it opens; when it closes the focus goes back to the banner's 수정
 * button (or 새 배너 추가), and after a delete to the result line.
 */
export default function BannerManager({ initial }: { initial: BannerList }) {
  const groupNo = initial.groupNo;
  const list = useOrderedList<Banner>(initial.banners);
  const { items: banners, setItems: setBanners, setStatus, busy, focusLater } = list;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  /** The 수정 button of a banner, or 새 배너 추가 (null). */
  const opener = (bannerNo: number | null) =>
    listRef.current?.querySelector<HTMLElement>(
      bannerNo === null ? '[data-new-banner]' : `[data-banner-no="${bannerNo}"] [data-edit-banner]`,
    );

  if (groupNo === null) return <p className="muted">배너 그룹이 없습니다.</p>;

  const move = (from: number, to: number) =>
    list.move(
      from,
      to,
      async (after) => (await reorderBanners(groupNo, after)).banners,
      (moved) => `'${moved?.name ?? ''}' 배너를 ${to + 1}번째로 옮겼습니다.`,
    );

  const remove = (banner: Banner) =>
    list.remove({
      question: `'${banner.name}' 배너를 삭제할까요? 이미지 파일도 함께 지워집니다.`,
      run: async () => {
        await deleteBanner(banner.bannerNo, banner.version);
        if (editing === banner.bannerNo) setEditing(null);
      },
      keep: (b) => b.bannerNo !== banner.bannerNo,
      done: `'${banner.name}' 배너를 삭제했습니다.`,
    });

  function upsert(banner: Banner) {
    setBanners((list) =>
      list.some((b) => b.bannerNo === banner.bannerNo)
        ? list.map((b) => (b.bannerNo === banner.bannerNo ? banner : b))
        : [...list, banner],
    );
  }

  function saved(banner: Banner, message: string) {
    upsert(banner);
    setEditing(null);
    setStatus(message);
    focusLater(() => opener(banner.bannerNo));
  }

  function closed(draft: Banner | null) {
    // a banner made without its image yet stays in the list as 이미지 없음
    if (draft) upsert(draft);
    const was = editing;
    setEditing(null);
    focusLater(() => opener(typeof was === 'number' ? was : null));
  }

  const editingBanner =
    typeof editing === 'number' ? (banners.find((b) => b.bannerNo === editing) ?? null) : null;
  return (
    <div className="dm-manager" ref={listRef}>
      <ListMessages status={list.status} alert={list.alert} statusRef={list.statusRef} />
      {banners.length === 0 ? (
        <p className="muted">이 그룹에는 배너가 없습니다.</p>
      ) : (
        <SortableList
          items={banners}
          idOf={(b) => b.bannerNo}
          nameOf={(b) => b.name}
          onMove={(from, to) => void move(from, to)}
          label="배너 순서"
          disabled={busy}
        >
          {(b) => (
            <div className="dm-banner" data-banner-no={b.bannerNo}>
              {b.thumbnailUrl ? (
                <img className="dm-thumb" src={b.thumbnailUrl} alt="" width={120} height={40} />
              ) : (
                <span className="dm-thumb dm-thumb--empty">이미지 없음</span>
              )}
              <div className="dm-banner-text">
                <p className="dm-name">
                  {b.name}{' '}
                  <span className={`dm-state dm-state--${b.state.toLowerCase()}`}>{b.stateLabel}</span>
                </p>
                <p className="dm-meta">
                  <span className="visually-hidden">링크: </span>
                  <a href={b.landingUrl} target="_blank" rel="noopener noreferrer">
                    {b.landingUrl}
                  </a>
                  {b.newWindow && ' · 새 창'}
                  {b.mobileImageUrl && ' · 모바일 이미지 있음'}
                </p>
                <p className="dm-meta">노출 기간: {periodText(b.displayStart, b.displayEnd)}</p>
              </div>
              <div className="dm-actions">
                <button
                  type="button"
                  className="button button--secondary"
                  data-edit-banner
                  onClick={() => setEditing(b.bannerNo)}
                  aria-expanded={editing === b.bannerNo}
                >
                  수정<span className="visually-hidden"> {b.name}</span>
                </button>
                <RowDeleteButton name={b.name} busy={busy} onClick={() => void remove(b)} />
              </div>
            </div>
          )}
        </SortableList>
      )}
      {editing === null ? (
        <p>
          <button type="button" className="button" data-new-banner onClick={() => setEditing('new')}>
            새 배너 추가
          </button>
        </p>
      ) : (
        <BannerForm
          key={editing}
          groupNo={groupNo}
          banner={editingBanner}
          onSaved={saved}
          onCancel={closed}
        />
      )}
    </div>
  );
}
