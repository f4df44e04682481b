import { useState } from 'react';
import type { ManagedProduct } from '../../server/catalog/index.ts';
import { posCatalogApi } from '../../lib/clients/pos-catalog.ts';
import { ApiError, errorMessage, param, unwrap } from '../../lib/shop-api-client.ts';
import {
  draftFromProduct,
  isDirty,
  problemsByPath,
  toProductInput,
  type FieldProblem,
  type ProductDraft,
} from '../admin/products/editor-state.ts';

/**
 * Saving the counter's product forms through the back office's service (POST, or PUT with the
 * version read): the server's per-field problems by path, a version conflict kept on screen with
 * a way to load the newest version (nothing typed is silently lost: the staff member chooses),
 * and after a save the product read again (new options get their numbers).
 */

export interface ProductSave {
  product: ManagedProduct | null;
  draft: ProductDraft;
  setDraft: (update: (d: ProductDraft) => ProductDraft) => void;
  /** A setter for one field of the draft, for a field's onChange. */
  setField: <K extends keyof ProductDraft>(key: K) => (value: ProductDraft[K]) => void;
  problems: Record<string, string>;
  conflict: string | null;
  status: string;
  busy: boolean;
  /** Creates (answers the new number) or saves over the version read (answers the product number). */
  save: () => Promise<number | null>;
  /** Drops what was typed and loads the newest version. */
  reload: () => Promise<void>;
  /** Whether the form holds something not saved. */
  dirty: boolean;
  /**
   * Gives the product's options without a barcode their in-house codes (a save of the product of
   * its own), then loads it again; only when nothing typed would be lost.
   */
  makeInHouseCodes: () => Promise<void>;
}

export function useProductSave(initial: ManagedProduct | null, empty: () => ProductDraft): ProductSave {
  const [product, setProduct] = useState(initial);
  const [draft, setDraftState] = useState<ProductDraft>(() =>
    initial ? draftFromProduct(initial) : empty(),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const setDraft = (update: (d: ProductDraft) => ProductDraft) => setDraftState((d) => update(d));
  const setField =
    <K extends keyof ProductDraft>(key: K) =>
    (value: ProductDraft[K]) =>
      setDraftState((d) => ({ ...d, [key]: value }));

  async function load(productNo: number, message: string) {
    const fresh = await unwrap(
      posCatalogApi.products[':productNo'].$get({ param: param({ productNo: String(productNo) }) }),
    );
    setProduct(fresh);
    setDraftState(draftFromProduct(fresh));
    setStatus(message);
  }

  function refused(err: unknown) {
    if (err instanceof ApiError && err.code === 'VERSION_CONFLICT') {
      setConflict(
        '이 상품을 불러온 뒤 다른 직원이나 관리자가 먼저 저장했습니다. 입력한 내용은 저장하지 않았습니다. 최신 내용을 불러와 다시 입력해 주세요.',
      );
      setStatus('');
      return;
    }
    const fields =
      err instanceof ApiError && Array.isArray(err.body.fields) ? (err.body.fields as FieldProblem[]) : [];
    setProblems(fields.length > 0 ? problemsByPath(fields) : { '': errorMessage(err) });
    setStatus('');
  }

  async function save(): Promise<number | null> {
    setBusy(true);
    setProblems({});
    setConflict(null);
    setStatus('저장 중…');
    try {
      const input = toProductInput(draft);
      if (!product) {
        // the body goes to the catalogue service unjudged (it answers per field), so no typed json here
        const res = await unwrap(
          posCatalogApi.products.$post(
            {},
            { init: { body: JSON.stringify(input), headers: { 'Content-Type': 'application/json' } } },
          ),
        );
        setStatus('상품을 등록했습니다.');
        return res.productNo;
      }
      await unwrap(
        posCatalogApi.products[':productNo'].$put({
          param: param({ productNo: String(product.productNo) }),
          json: { version: product.version, product: input },
        }),
      );
      await load(product.productNo, '저장했습니다. 쇼핑몰과 매장에 바로 반영됩니다.');
      return product.productNo;
    } catch (err) {
      refused(err);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function reload() {
    if (!product) return;
    setBusy(true);
    try {
      await load(product.productNo, '최신 내용을 불러왔습니다. 바꿀 내용을 다시 입력해 주세요.');
      setConflict(null);
      setProblems({});
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  const dirty = product ? isDirty(draft, draftFromProduct(product)) : true;

  async function makeInHouseCodes() {
    if (!product || dirty) return;
    setBusy(true);
    try {
      const res = await unwrap(
        posCatalogApi.products[':productNo']['in-house-barcodes'].$post({
          param: param({ productNo: String(product.productNo) }),
        }),
      );
      const skipped = res.skipped.map((x) => x.message).join(' ');
      await load(
        product.productNo,
        `자체 코드를 ${res.generated.length}개 만들었습니다.${skipped ? ` 만들지 못한 옵션: ${skipped}` : ''}`,
      );
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  return {
    product,
    draft,
    setDraft,
    setField,
    problems,
    conflict,
    status,
    busy,
    save,
    reload,
    dirty,
    makeInHouseCodes,
  };
}
