import { josa } from 'es-hangul';
import { useId, useState, type FormEvent } from 'react';
import { DESIGN_LIMITS, type SideName } from '../../lib/design/schema.ts';
import { optionInputOf } from '../../lib/design/design-input.ts';
import { PLACEHOLDER_TEXT } from '../../lib/design/print-checks.ts';
import { seoulSavedLabel } from '../../lib/design/saved-label.ts';
import { formatWon } from '../../lib/money.ts';
import { cartApi } from '../../lib/clients/cart.ts';
import { customDesignApi, sharedDesignApi } from '../../lib/clients/custom-design.ts';
import { ApiError, errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import { goToLogin } from '../catalog/go-to-login.ts';
import { DESIGN_CART_FAILED, DESIGN_SAVE_FAILED } from '../editor/save-flow.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import './mypage.css';

/** One saved design as /mypage/design shows it (src/server/design/member-designs.ts). */
export interface MemberDesignItem {
  designId: string;
  createTime: string;
  name: string;
  productNo: number;
  productName: string;
  /** The editor page of its product with the design loaded (`?design=<id>`); '' when none. */
  editHref: string;
  material: string | null;
  previewUrls: Record<SideName, string | null>;
  frontBackSame: boolean;
  /** Last saved, ISO; `savedLabel` is the same in Asia/Seoul. */
  savedAt: string;
  savedLabel: string;
  /**
   * The option the design is ordered with: the one saved with it (decision 020). Null when it must
   * be chosen in the editor first (saved without one that several options fit, or gone from sale).
   */
  optionNo: number | null;
  /** That option in words ("색상: 화이트 / 사이즈: 12cm"), null without one or for a product without options. */
  optionTitle: string | null;
  /** That option's price now. */
  unitPrice: number | null;
  /** That option is sold out now. */
  soldOut: boolean;
  /** Its text is still the editor's placeholder: it cannot be ordered before that is changed. */
  placeholderText: boolean;
  /** Shared on /shop/user (decision 034). */
  shared: boolean;
}

export interface DesignListProps {
  items: MemberDesignItem[];
  /** `memberId` of the design API (login id, else the member number). */
  memberId: string;
}

const SIDE_LABELS: Record<SideName, string> = { front: '앞면', back: '뒷면' };
const COPY_SUFFIX = ' (사본)';

/** "이름 (사본)", shortened so it stays within the name limit. */
export function copyName(name: string): string {
  const room = DESIGN_LIMITS.maxNameLength - COPY_SUFFIX.length;
  return `${[...name].slice(0, room).join('').trimEnd()}${COPY_SUFFIX}`;
}

/**
 * "내 디자인" (/mypage/design): the member's saved designs with 열기 (the editor with the design
 * loaded), 이름 변경 (PATCH), 복제 (POST a copy "… (사본)"), 삭제 (DELETE after a confirm) and
 * 주문하기 (a design line in the member cart, then /cart).
 */
export default function DesignList({ items: initial, memberId }: DesignListProps) {
  const uid = useId();
  const [items, setItems] = useState(initial);
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draftName, setDraftName] = useState('');
  const [deleting, setDeleting] = useState<MemberDesignItem | null>(null);
  const query = { memberId };

  /** Runs an action on a design; a failure shows `alert` (when given) above the server's reason. */
  async function run(item: MemberDesignItem, action: () => Promise<void>, alert?: string) {
    setPending(item.designId);
    setError(null);
    setStatus(null);
    try {
      await action();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      const detail = errorMessage(err);
      setError(alert && detail !== alert ? `${alert}\n${detail}` : detail);
    } finally {
      setPending(null);
    }
  }

  function toggleShare(item: MemberDesignItem) {
    const shared = !item.shared;
    void run(item, async () => {
      await unwrap(
        sharedDesignApi[':designId'].$put({ param: { designId: item.designId }, json: { shared } }),
      );
      setItems((list) => list.map((i) => (i.designId === item.designId ? { ...i, shared } : i)));
      setStatus(
        shared
          ? `'${item.name}'${josa.pick(item.name, '을/를')} 회원 공유 디자인에 공유했습니다.`
          : `'${item.name}'의 공유를 중지했습니다.`,
      );
    });
  }

  function startRename(item: MemberDesignItem) {
    setRenaming(item.designId);
    setDraftName(item.name);
    setError(null);
  }

  function rename(e: FormEvent, item: MemberDesignItem) {
    e.preventDefault();
    const name = draftName.trim();
    if (!name) return setError('디자인 이름을 입력해 주세요.');
    void run(item, async () => {
      const res = await unwrap(
        customDesignApi.dampener.$patch({
          query,
          json: { dampenerPatchData: { name }, createTime: item.createTime },
        }),
      );
      setItems((list) =>
        list.map((i) =>
          i.designId === item.designId
            ? {
                ...i,
                name: res.data.name,
                savedAt: res.data.updatedAt,
                savedLabel: seoulSavedLabel(res.data.updatedAt),
              }
            : i,
        ),
      );
      setRenaming(null);
      setStatus(`디자인 이름을 '${res.data.name}'${josa.pick(res.data.name, '으로/로')} 바꿨습니다.`);
    });
  }

  function duplicate(item: MemberDesignItem) {
    void run(
      item,
      async () => {
        const found = await unwrap(
          customDesignApi.dampener.$get({ query: { ...query, createTime: item.createTime } }),
        );
        // with `createTime`, the member's own design (a list only for an administrator's look)
        const source = Array.isArray(found.data) ? found.data[0] : found.data;
        if (!source) throw new ApiError(404, 'DESIGN_NOT_FOUND', '디자인을 찾을 수 없습니다.');
        const res = await unwrap(
          customDesignApi.dampener.$post({
            query,
            json: {
              dampenerPostData: {
                name: copyName(source.name),
                productNo: source.productNo,
                templateId: source.templateId,
                ...(source.optionNo !== null ? { optionNo: source.optionNo } : {}),
                ...(source.material ? { material: source.material } : {}),
                design: source.document,
              },
            },
          }),
        );
        const copy: MemberDesignItem = {
          ...item,
          designId: res.data.designId,
          createTime: res.data.createTime,
          name: res.data.name,
          previewUrls: res.data.previewUrls,
          editHref: item.editHref.replace(/design=[^&]*/, `design=${encodeURIComponent(res.data.designId)}`),
          savedAt: res.data.updatedAt,
          savedLabel: seoulSavedLabel(res.data.updatedAt),
          // a copy is the member's new design: not shared until they share it
          shared: false,
        };
        setItems((list) => [copy, ...list]);
        setStatus(
          `'${item.name}'${josa.pick(item.name, '을/를')} 복제해 '${copy.name}'${josa.pick(copy.name, '을/를')} 만들었습니다.`,
        );
      },
      DESIGN_SAVE_FAILED,
    );
  }

  async function remove(item: MemberDesignItem) {
    await unwrap(customDesignApi.dampener.$delete({ query, json: { createTime: item.createTime } }));
    setItems((list) => list.filter((i) => i.designId !== item.designId));
    setDeleting(null);
    setStatus(`'${item.name}' 디자인을 삭제했습니다.`);
  }

  function order(item: MemberDesignItem) {
    if (item.optionNo === null) return setError('디자인을 열어 옵션을 고른 뒤 주문해 주세요.');
    // the design's own option: the server refuses any other (decision 020)
    const optionNo = item.optionNo;
    void run(
      item,
      async () => {
        await unwrap(
          cartApi.index.$post({
            json: [
              {
                productNo: item.productNo,
                optionNo,
                orderCnt: 1,
                optionInputs: [optionInputOf(item.designId)],
              },
            ],
          }),
        );
        setStatus(
          `'${item.name}'${josa.pick(item.name, '을/를')} 장바구니에 담았습니다. 장바구니로 이동합니다.`,
        );
        window.location.assign('/cart');
      },
      DESIGN_CART_FAILED,
    );
  }

  return (
    <div className="design-mine">
      <p>
        저장한 디자인 <strong>{items.length.toLocaleString('ko-KR')}</strong>개
      </p>
      <p className="mp-live" role="status">
        {status}
      </p>
      {error && (
        <p className="bf-alert" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <p className="mp-empty">
          저장한 디자인이 없습니다. <a href="/custom/dampener">방진패드 디자인하러 가기</a>
        </p>
      ) : (
        <ul className="design-mine-list" role="list" aria-label="내 디자인 목록">
          {items.map((item) => {
            const busy = pending !== null;
            const sides: SideName[] = item.frontBackSame ? ['front'] : ['front', 'back'];
            const nameId = `${uid}-${item.designId}-name`;
            return (
              <li key={item.designId} className="design-mine-item" data-design-id={item.designId}>
                <div className="design-mine-previews">
                  {sides.map((side) =>
                    item.previewUrls[side] ? (
                      <figure key={side}>
                        <img
                          src={item.previewUrls[side]!}
                          alt={`${item.name} ${SIDE_LABELS[side]} 미리보기`}
                          width={96}
                          height={96}
                          loading="lazy"
                        />
                        <figcaption>{SIDE_LABELS[side]}</figcaption>
                      </figure>
                    ) : (
                      <figure key={side} className="design-mine-nopreview">
                        <span>미리보기 없음</span>
                        <figcaption>{SIDE_LABELS[side]}</figcaption>
                      </figure>
                    ),
                  )}
                </div>
                <div className="design-mine-body">
                  {renaming === item.designId ? (
                    <form className="design-mine-rename" onSubmit={(e) => rename(e, item)}>
                      <label htmlFor={`${nameId}-input`}>새 디자인 이름</label>
                      <input
                        id={`${nameId}-input`}
                        value={draftName}
                        maxLength={DESIGN_LIMITS.maxNameLength}
                        required
                        autoFocus
                        onChange={(e) => setDraftName(e.target.value)}
                      />
                      <button className="button" type="submit" disabled={busy}>
                        저장
                      </button>
                      <button
                        className="button button--secondary"
                        type="button"
                        onClick={() => setRenaming(null)}
                      >
                        취소
                      </button>
                    </form>
                  ) : (
                    <h2 className="design-mine-name" id={nameId}>
                      {item.name}
                    </h2>
                  )}
                  <p className="mp-muted">
                    {item.productName}
                    {item.material && !item.optionTitle ? ` · ${item.material}` : ''}
                  </p>
                  {item.optionTitle && (
                    <p className="design-mine-option">
                      <span className="visually-hidden">주문할 옵션: </span>
                      {item.optionTitle}
                      {item.unitPrice !== null && ` · ${formatWon(item.unitPrice)}`}
                      {item.soldOut && <strong className="design-mine-soldout"> · 품절</strong>}
                    </p>
                  )}
                  {item.placeholderText && (
                    <p className="design-mine-option design-mine-soldout" id={`${nameId}-text`}>
                      기본 문구 &lsquo;{PLACEHOLDER_TEXT}&rsquo;가 남아 있어 주문할 수 없습니다. 디자인을 열어
                      문구를 바꿔 주세요.
                    </p>
                  )}
                  {item.optionNo === null && item.editHref && (
                    <p className="design-mine-option" id={`${nameId}-option`}>
                      옵션을 고르지 않은 디자인입니다. 디자인을 열어 옵션을 고른 뒤 주문해 주세요.
                    </p>
                  )}
                  <p className="mp-muted">
                    저장일 <time dateTime={item.savedAt}>{item.savedLabel}</time>
                  </p>
                </div>
                <div className="design-mine-actions" role="group" aria-label={`${item.name} 디자인 작업`}>
                  {item.editHref && (
                    <a className="button button--secondary" href={item.editHref}>
                      열기<span className="visually-hidden"> ({item.name})</span>
                    </a>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => startRename(item)}
                    disabled={busy}
                  >
                    이름 변경<span className="visually-hidden"> ({item.name})</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => duplicate(item)}
                    disabled={busy}
                  >
                    복제<span className="visually-hidden"> ({item.name})</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-pressed={item.shared}
                    onClick={() => toggleShare(item)}
                    disabled={busy}
                  >
                    {item.shared ? '공유 중지' : '공유하기'}
                    <span className="visually-hidden"> ({item.name})</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setDeleting(item)}
                    disabled={busy}
                  >
                    삭제<span className="visually-hidden"> ({item.name})</span>
                  </button>
                  {item.optionNo !== null ? (
                    <button
                      type="button"
                      className="button"
                      onClick={() => order(item)}
                      disabled={busy || item.soldOut || item.placeholderText}
                      aria-describedby={item.placeholderText ? `${nameId}-text` : undefined}
                    >
                      주문하기<span className="visually-hidden"> ({item.name})</span>
                    </button>
                  ) : (
                    item.editHref && (
                      <a className="button" href={item.editHref} aria-describedby={`${nameId}-option`}>
                        옵션 고르고 주문하기<span className="visually-hidden"> ({item.name})</span>
                      </a>
                    )
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="디자인 삭제"
        message={
          deleting ? `'${deleting.name}' 디자인을 삭제할까요? 삭제한 디자인은 되돌릴 수 없습니다.` : ''
        }
        confirmLabel="삭제"
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
