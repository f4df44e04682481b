import { arrayMove } from '@dnd-kit/sortable';
import { useRef, useState } from 'react';
import { focusLost, useFocusLater } from '../focus.ts';
import BannerForm from './BannerForm.tsx';
import SortableList from './SortableList.tsx';
import { deleteBanner, reorderBanners, type Banner, type BannerList } from './banner-api.ts';
import { errorMessage, isStale, periodText } from './display-shared.ts';
import './display.css';
import '../../board/board-forms.css';
import SaveAlert, { type SaveAlertState } from './SaveAlert.tsx';

/**
 * A banner group's banners in their order (/manager/display): thumbnail, name, link, window,
 * period and what the shop does with each now; drag, keyboard or 위로/아래로 to reorder (saved at
 * once, with the versions read), and a form to add or edit one. Results are announced politely.
 * The form takes the focus when it opens; when it closes the focus goes back to the banner's 수정
 * button (or 새 배너 추가), and after a delete to the result line.
 */
export default function BannerManager({ initial }: { initial: BannerList }) {
  const groupNo = initial.groupNo;
  const [banners, setBanners] = useState<Banner[]>(initial.banners);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState<SaveAlertState | null>(null);
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const focusLater = useFocusLater();

  /** The 수정 button of a banner, or 새 배너 추가 (null). */
  const opener = (bannerNo: number | null) =>
    listRef.current?.querySelector<HTMLElement>(
      bannerNo === null ? '[data-new-banner]' : `[data-banner-no="${bannerNo}"] [data-edit-banner]`,
    );

  if (groupNo === null) return <p className="muted">배너 그룹이 없습니다.</p>;

  async function move(from: number, to: number) {
    if (groupNo === null || to < 0 || to >= banners.length || from === to) return;
    const before = banners;
    const after = arrayMove(before, from, to);
    setBanners(after);
    setBusy(true);
    setAlert(null);
    try {
      const list = await reorderBanners(groupNo, after);
      setBanners(list.banners);
      const moved = before[from];
      setStatus(`'${moved?.name ?? ''}' 배너를 ${to + 1}번째로 옮겼습니다.`);
    } catch (err) {
      setBanners(before);
      setAlert({ text: errorMessage(err), stale: isStale(err) });
    } finally {
      setBusy(false);
    }
  }

  async function remove(banner: Banner) {
    if (!window.confirm(`'${banner.name}' 배너를 삭제할까요? 이미지 파일도 함께 지워집니다.`)) return;
    const pressed = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(true);
    setAlert(null);
    try {
      await deleteBanner(banner.bannerNo, banner.version);
      setBanners((list) => list.filter((b) => b.bannerNo !== banner.bannerNo));
      if (editing === banner.bannerNo) setEditing(null);
      setStatus(`'${banner.name}' 배너를 삭제했습니다.`);
      // the row and its button are gone: the result line takes the focus
      focusLater(() => statusRef.current);
    } catch (err) {
      setAlert({ text: errorMessage(err), stale: isStale(err) });
      focusLater(() => (focusLost() ? pressed : null));
    } finally {
      setBusy(false);
    }
  }

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
      <p className="dm-live bf-status" aria-live="polite" hidden={!status} tabIndex={-1} ref={statusRef}>
        {status}
      </p>
      <SaveAlert alert={alert} />
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
                <button
                  type="button"
                  className="button button--secondary bf-danger"
                  disabled={busy}
                  onClick={() => void remove(b)}
                >
                  삭제<span className="visually-hidden"> {b.name}</span>
                </button>
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
