import { useLayoutEffect, useRef, useState } from 'react';
import type { DesignView } from '../../lib/design/api.ts';
import { blocksOrder, type PrintIssue } from '../../lib/design/print-checks.ts';
import type { DesignDocument } from '../../lib/design/schema.ts';
import { normalizeSides } from '../../lib/design/sides.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import type { PickerOption } from '../catalog/option-model.ts';
import type { DraftDesign } from '../stores/draft-design.ts';
import { addGuestCartLine } from '../stores/guest-cart.ts';
import { showToast } from '../stores/toast.ts';
import { addMemberCartLine, checkGuestCartLine, createDesign, updateDesign } from './api.ts';
import {
  afterSave,
  cartPath,
  DESIGN_CART_FAILED,
  DESIGN_SAVE_FAILED,
  designCartLine,
  type Designer,
  type SaveIntent,
} from './save-flow.ts';
import type { EditorProduct } from './types.ts';

export interface SavedDesign {
  designId: string;
  createTime: string;
  name: string;
  previewUrl: string | null;
}

/** The spec's alert, with the server's reason under it when it gave one. */
function failure(alert: string, err: unknown): string {
  const detail = errorMessage(err);
  return detail && detail !== alert ? `${alert}\n${detail}` : alert;
}

/**
 * Saving a design and putting it in a cart (save-flow.ts says which way): the save modal, the
 * add-to-cart modal, the spec's failure alerts, and the navigation after COMPLETE_SAVE.
 */
export function useOrdering(input: {
  product: EditorProduct;
  /** Who saves: asked at the moment of saving. */
  designer: () => Designer;
  option: PickerOption | undefined;
  chosen: (string | undefined)[];
  doc: DesignDocument;
  /** What the design would print wrongly now (print-checks.ts): the placeholder text blocks ordering. */
  printIssues: () => readonly PrintIssue[];
  initial: DraftDesign | null;
  openGuide: (reason: string, then?: () => void) => void;
  /** A line went into a cart: `complete` leaves the editor, `modal` stays in it. */
  onOrdered: (how: 'complete' | 'modal') => void;
}) {
  const latest = useRef(input);
  // the handlers (and a save that waits for the network) see the latest render's values
  useLayoutEffect(() => {
    latest.current = input;
  });
  const { product, option, chosen } = input;
  const [saved, setSaved] = useState<SavedDesign | null>(() =>
    input.initial?.designId && input.initial.createTime
      ? {
          designId: input.initial.designId,
          createTime: input.initial.createTime,
          name: input.initial.name ?? '',
          previewUrl: null,
        }
      : null,
  );
  const [saveOpen, setSaveOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [addedTo, setAddedTo] = useState<string | null>(null);

  const optionTitle =
    option && product.labels.length > 0
      ? product.labels.map((l, i) => `${l}: ${chosen[i] ?? ''}`).join(' / ')
      : option
        ? '기본'
        : null;
  const material = product.materialLabel ? chosen[product.labels.indexOf(product.materialLabel)] : undefined;

  function openSave(_intent: SaveIntent) {
    setError(null);
    if (latest.current.designer().kind === 'none') {
      latest.current.openGuide('디자인을 저장하려면 로그인하거나 비회원으로 계속해 주세요.', () =>
        setSaveOpen(true),
      );
      return;
    }
    setSaveOpen(true);
  }

  function checkOrderable(): string | null {
    if (!option) return '옵션을 선택해 주세요.';
    if (!option.available) return '선택한 옵션은 품절되었습니다. 다른 옵션을 선택해 주세요.';
    if (blocksOrder(latest.current.printIssues()))
      return '기본 문구가 남아 있어 장바구니에 담을 수 없습니다. 문구를 바꾼 뒤 다시 담아 주세요.';
    // the design replaces the product's text inputs: none is required on a design line
    return null;
  }

  async function storeDesign(name: string): Promise<SavedDesign | null> {
    const { doc } = latest.current;
    const designer = latest.current.designer();
    const design = normalizeSides(doc);
    // a design keeps the option chosen with it, and is ordered with exactly that one
    if (!option) {
      setError('상품 옵션을 모두 골라 주세요. 디자인은 고른 옵션과 함께 저장됩니다.');
      return null;
    }
    try {
      let view: DesignView;
      if (saved) {
        view = await updateDesign(designer, saved.createTime, {
          name,
          optionNo: option.optionNo,
          material: material ?? null,
          design,
        });
      } else {
        view = await createDesign(designer, {
          name,
          productNo: product.productNo,
          templateId: doc.templateId,
          optionNo: option.optionNo,
          ...(material ? { material } : {}),
          design,
        });
      }
      const next = {
        designId: view.designId,
        createTime: view.createTime,
        name: view.name,
        previewUrl: view.previewUrls.front,
      };
      setSaved(next);
      return next;
    } catch (err) {
      setError(failure(DESIGN_SAVE_FAILED, err));
      return null;
    }
  }

  async function putInCart(design: SavedDesign, orderCnt: number): Promise<string | null> {
    const designer = latest.current.designer();
    if (!option || designer.kind === 'none') return null;
    const line = designCartLine({
      productNo: product.productNo,
      optionNo: option.optionNo,
      orderCnt,
      designId: design.designId,
      inputs,
    });
    try {
      if (designer.kind === 'member') {
        await addMemberCartLine(line);
      } else {
        await checkGuestCartLine(line, designer.guestToken);
        addGuestCartLine({
          ...line,
          productName: product.productName,
          imageUrl: design.previewUrl ?? product.imageUrl,
          optionTitle: optionTitle ?? undefined,
        });
      }
      // the next save makes a new design: this one now belongs to a cart line
      setSaved(null);
      return cartPath(designer.kind);
    } catch (err) {
      setError(failure(DESIGN_CART_FAILED, err));
      return null;
    }
  }

  async function save(intent: SaveIntent, name: string) {
    const flow = afterSave(latest.current.designer(), intent);
    if (flow.kind === 'guide') {
      setSaveOpen(false);
      latest.current.openGuide('디자인을 저장하려면 로그인하거나 비회원으로 계속해 주세요.', () =>
        setSaveOpen(true),
      );
      return;
    }
    if (intent === 'complete') {
      const problem = checkOrderable();
      if (problem) return setError(problem);
    }
    setBusy(true);
    setError(null);
    try {
      const design = await storeDesign(name);
      if (!design) return;
      if (flow.then === 'modal') {
        setSaveOpen(false);
        setAddedTo(null);
        setCartOpen(true);
        return;
      }
      const to = await putInCart(design, 1);
      if (to) {
        latest.current.onOrdered('complete');
        window.location.assign(to);
      }
    } finally {
      setBusy(false);
    }
  }

  async function addToCart(orderCnt: number) {
    const problem = checkOrderable();
    if (problem) return setError(problem);
    if (!saved) return setError(DESIGN_CART_FAILED);
    setBusy(true);
    setError(null);
    try {
      const to = await putInCart(saved, orderCnt);
      if (to) {
        showToast({
          message: '장바구니에 담았습니다.',
          imageUrl: saved.previewUrl ?? undefined,
          messageType: 'success',
        });
        setAddedTo(to);
        latest.current.onOrdered('modal');
      }
    } finally {
      setBusy(false);
    }
  }

  return {
    saved,
    saveOpen,
    cartOpen,
    busy,
    error,
    inputs,
    setInputs,
    addedTo,
    optionTitle,
    openSave,
    closeSave: () => setSaveOpen(false),
    closeCart: () => {
      setCartOpen(false);
      setError(null);
    },
    save,
    addToCart,
  };
}
