import type { Db, Executor } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { appError, fieldsError } from '../../platform/errors.ts';
import * as repo from './setup-repo.ts';

/**
 * Partners (거래처): the sellers products and delivery templates belong to. Names are unique,
 * whatever the case. A partner with products (deleted ones included) or templates stays; so does
 * the shop's own (자사) partner.
 */

export interface AdminPartner {
  partnerNo: number;
  name: string;
  /** The shop itself (자사). */
  isBrandSelf: boolean;
  version: number;
  productCount: number;
  deletedProductCount: number;
  templateCount: number;
}

const toPartner = (r: repo.PartnerAdminRow): AdminPartner => ({
  partnerNo: r.partner_no,
  name: r.partner_name,
  isBrandSelf: r.is_brand_self === 1,
  version: r.version,
  productCount: r.product_cnt,
  deletedProductCount: r.all_product_cnt - r.product_cnt,
  templateCount: r.template_cnt,
});

export async function listPartners(db: Executor): Promise<AdminPartner[]> {
  return (await repo.selectPartners(db)).map(toPartner);
}

export async function getPartner(db: Executor, partnerNo: number): Promise<AdminPartner> {
  const row = await repo.selectPartner(db, partnerNo);
  if (!row) throw appError('PARTNER_NOT_FOUND');
  return toPartner(row);
}

async function partnerAt(ex: Executor, partnerNo: number, version: number): Promise<repo.PartnerAdminRow> {
  const row = await repo.selectPartner(ex, partnerNo);
  if (!row) throw appError('PARTNER_NOT_FOUND');
  if (row.version !== version) throw appError('VERSION_CONFLICT');
  return row;
}

async function assertNameFree(ex: Executor, name: string, exceptNo?: number) {
  const taken = await repo.partnerNamed(ex, name, exceptNo);
  if (taken !== undefined)
    throw fieldsError('PARTNER_NAME_TAKEN', [
      { path: 'name', message: `'${taken}' 거래처가 이미 있습니다. 다른 이름을 입력해 주세요.` },
    ]);
}

export async function createPartner(db: Db, input: { name: string }): Promise<AdminPartner> {
  const partnerNo = await writeTx(db, async (tx) => {
    await assertNameFree(tx, input.name);
    return repo.insertPartner(tx, input.name);
  });
  return getPartner(db, partnerNo);
}

export async function renamePartner(
  db: Db,
  partnerNo: number,
  input: { version: number; name: string },
): Promise<AdminPartner> {
  await writeTx(db, async (tx) => {
    await partnerAt(tx, partnerNo, input.version);
    await assertNameFree(tx, input.name, partnerNo);
    if (!(await repo.renamePartner(tx, partnerNo, input.version, input.name)))
      throw appError('VERSION_CONFLICT');
  });
  return getPartner(db, partnerNo);
}

export async function deletePartner(db: Db, partnerNo: number, version: number): Promise<void> {
  await writeTx(db, async (tx) => {
    const row = await partnerAt(tx, partnerNo, version);
    if (row.is_brand_self === 1) throw appError('PARTNER_SELF');
    const uses = [
      row.product_cnt > 0 ? `상품 ${row.product_cnt}개` : '',
      row.all_product_cnt > row.product_cnt ? `삭제한 상품 ${row.all_product_cnt - row.product_cnt}개` : '',
      row.template_cnt > 0 ? `배송비 템플릿 ${row.template_cnt}개` : '',
    ].filter(Boolean);
    if (uses.length > 0)
      throw appError(
        'PARTNER_IN_USE',
        `'${row.partner_name}' 거래처에 ${uses.join(', ')}가 있어 삭제할 수 없습니다. 먼저 다른 거래처로 옮기거나 삭제해 주세요.`,
      );
    if (!(await repo.deletePartnerRow(tx, partnerNo, version))) throw appError('VERSION_CONFLICT');
  });
}
