import { useId, useState } from 'react';
import { SALE_STATUS_LABELS } from '../../../lib/product-status.ts';
import { CategoryOptions, type ProductFilterChoices } from './ProductTableFilters.tsx';

/** What POST /api/manager/products/bulk changes (its `change`). */
export type BulkChange =
  | { action: 'saleStatus'; saleStatus: 'READY' | 'ONSALE' | 'FINISHED' | 'STOP' }
  | { action: 'display'; frontDisplay: boolean }
  | { action: 'addCategory'; categoryNo: number }
  | { action: 'removeCategory'; categoryNo: number };

type Action = 'saleStatus' | 'show' | 'hide' | 'addCategory' | 'removeCategory';
const ACTIONS: { value: Action; label: string }[] = [
  { value: 'saleStatus', label: '판매 상태 변경' },
  { value: 'show', label: '전시하기' },
  { value: 'hide', label: '숨기기' },
  { value: 'addCategory', label: '카테고리 추가' },
  { value: 'removeCategory', label: '카테고리 빼기' },
];
/** 판매금지 is the platform's, not the shop's, to set. */
const SETTABLE_STATUSES = ['ONSALE', 'READY', 'STOP', 'FINISHED'] as const;

interface Props {
  selectedCount: number;
  disabled: boolean;
  pending: boolean;
  categories: ProductFilterChoices['categories'];
  onApply: (change: BulkChange) => void;
}

/** The bulk change bar over the selected rows: one action, its value, and 적용. */
export default function ProductTableBulk({ selectedCount, disabled, pending, categories, onApply }: Props) {
  const uid = useId();
  const [action, setAction] = useState<Action>('saleStatus');
  const [status, setStatus] = useState<(typeof SETTABLE_STATUSES)[number]>('ONSALE');
  const [categoryNo, setCategoryNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsCategory = action === 'addCategory' || action === 'removeCategory';

  function submit() {
    // pending keeps the button focusable (aria-disabled) so focus is not lost while it works
    if (pending) return;
    if (selectedCount === 0) {
      setError('바꿀 상품을 먼저 골라 주세요.');
      return;
    }
    if (needsCategory && !categoryNo) {
      setError('카테고리를 골라 주세요.');
      document.getElementById(`${uid}-category`)?.focus();
      return;
    }
    setError(null);
    onApply(
      action === 'saleStatus'
        ? { action, saleStatus: status }
        : action === 'show' || action === 'hide'
          ? { action: 'display', frontDisplay: action === 'show' }
          : { action, categoryNo: Number(categoryNo) },
    );
  }

  return (
    <form
      className="pt-bulk"
      aria-label="선택한 상품 바꾸기"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="pt-count" id={`${uid}-count`}>
        선택한 상품 <strong>{selectedCount}</strong>개
      </p>
      <div className="bf-field">
        <label className="bf-label" htmlFor={`${uid}-action`}>
          일괄 변경
        </label>
        <select
          id={`${uid}-action`}
          className="bf-select"
          value={action}
          disabled={disabled}
          onChange={(e) => {
            setAction(e.target.value as Action);
            setError(null);
          }}
        >
          {ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      {action === 'saleStatus' && (
        <div className="bf-field">
          <label className="bf-label" htmlFor={`${uid}-status`}>
            바꿀 판매 상태
          </label>
          <select
            id={`${uid}-status`}
            className="bf-select"
            value={status}
            disabled={disabled}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            {SETTABLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SALE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      )}
      {needsCategory && (
        <div className="bf-field">
          <label className="bf-label" htmlFor={`${uid}-category`}>
            {action === 'addCategory' ? '추가할 카테고리' : '뺄 카테고리'}
          </label>
          <select
            id={`${uid}-category`}
            className="bf-select"
            value={categoryNo}
            disabled={disabled}
            aria-invalid={error !== null && !categoryNo ? true : undefined}
            aria-describedby={error ? `${uid}-error` : undefined}
            onChange={(e) => setCategoryNo(e.target.value)}
          >
            <option value="">카테고리 선택</option>
            <CategoryOptions categories={categories} />
          </select>
        </div>
      )}
      <button
        className="button"
        type="submit"
        disabled={disabled}
        aria-disabled={pending || undefined}
        aria-describedby={`${uid}-count`}
      >
        {pending ? '적용하는 중…' : '선택한 상품에 적용'}
      </button>
      {error && (
        <p id={`${uid}-error`} className="bf-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
