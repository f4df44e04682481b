import { parseDesign, type DesignDocument } from '../../lib/design/schema.ts';
import { maskName } from '../../lib/masking.ts';
import { productNamesOf } from '../catalog/index.ts';
import type { Db } from '../db/client.ts';
import { getMember } from '../member/index.ts';
import { recordAudit } from '../audit/index.ts';
import { appError } from '../platform/errors.ts';
import * as repo from './shared-repo.ts';

/**
 * Designs members chose to share (/shop/user; decision 034). Only the owner shares or stops
 * sharing; an administrator may hide a shared design from the page. Others never get the design
 * itself: the page shows its preview, product and the owner's masked name, and ordering it opens
 * the editor with a copy of the document as a starter, saved as the viewer's own new design.
 */

export interface SharedDesignCard {
  designId: string;
  name: string;
  productName: string;
  /** Where "이 디자인으로 주문" leads: the product's editor with the copy. */
  orderHref: string;
  previewUrl: string | null;
  /** The owner's name, masked (홍*동); never the id or anything else of theirs. */
  sharedBy: string;
  sharedAt: string;
  hidden: boolean;
}

/** The owner marks their own design as shared, or stops sharing it; anyone else gets 404. */
export async function shareDesign(
  db: Db,
  memberNo: number,
  designId: string,
  shared: boolean,
  now = new Date(),
) {
  const ok = await repo.setShared(db, memberNo, designId, shared ? now.toISOString() : null);
  if (!ok) throw appError('DESIGN_NOT_FOUND');
  return { designId, shared };
}

/** The back office hides a shared design from /shop/user (or shows it again). */
export async function hideSharedDesign(db: Db, designId: string, hidden: boolean, now = new Date()) {
  const ok = await repo.setShareHidden(db, designId, hidden ? now.toISOString() : null);
  if (!ok) throw appError('DESIGN_NOT_FOUND');
  await recordAudit(
    db,
    {
      action: hidden ? 'custom.shareHide' : 'custom.shareShow',
      targetType: 'design',
      targetId: designId,
      summary: hidden ? '공유 디자인을 숨김' : '공유 디자인을 다시 보임',
      after: { hidden },
    },
    now,
  );
  return { designId, hidden };
}

/** /shop/user's cards (hidden ones only for the back office), newest share first. */
export async function listSharedDesigns(
  db: Db,
  opts: { withHidden?: boolean; limit?: number; offset?: number } = {},
): Promise<SharedDesignCard[]> {
  const rows = await repo.listShared(db, {
    withHidden: opts.withHidden ?? false,
    limit: opts.limit ?? 60,
    offset: opts.offset ?? 0,
  });
  const products = await productNamesOf(db, [...new Set(rows.map((r) => r.productNo))]);
  const owners = new Map<number, string>();
  for (const no of new Set(rows.map((r) => r.memberNo).filter((n): n is number => n !== null))) {
    const m = await getMember(db, no);
    owners.set(no, maskName(m?.memberName ?? '회원'));
  }
  return rows.flatMap((r) => {
    const product = products.get(r.productNo);
    if (!product) return [];
    return [
      {
        designId: r.designId,
        name: r.name,
        productName: product.productName,
        orderHref: `/products/${encodeURIComponent(product.slug)}/customize?shared=${encodeURIComponent(r.designId)}`,
        previewUrl: r.previewFrontUrl,
        sharedBy: r.memberNo === null ? '' : (owners.get(r.memberNo) ?? ''),
        sharedAt: r.sharedAt,
        hidden: r.hidden,
      },
    ];
  });
}

/**
 * A shared, visible design's document and name, to start a viewer's own design from (a copy: the
 * editor saves it as a new design of the viewer). Null when not shared, hidden, deleted or of
 * another product.
 */
export async function sharedDesignStarter(
  db: Db,
  designId: string,
  productNo: number,
): Promise<{ name: string; document: DesignDocument } | null> {
  const row = await repo.findVisibleShared(db, designId);
  if (!row || row.productNo !== productNo) return null;
  const parsed = parseDesign(row.document);
  return parsed.ok ? { name: row.name, document: parsed.document } : null;
}
