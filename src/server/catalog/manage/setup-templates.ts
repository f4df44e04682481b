import type { Db, Executor } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { appError, fieldsError } from '../../platform/errors.ts';
import * as repo from './setup-repo.ts';
import type { DeliveryTemplateInput, DeliveryTemplatePut } from './setup-schema.ts';

/**
 * Delivery templates (배송비 템플릿): fee condition, courier, return fee and remote-area fees. A
 * template with its own postcode ranges charges the matching range's fee (none outside them);
 * one without uses the carriers' common table with its remote fee (src/server/order/delivery.ts).
 * Orders priced after a save use the saved template: nothing is cached.
 */

export interface AdminRemoteArea {
  zipFrom: string;
  zipTo: string;
  extraFee: number;
  label: string;
}

export interface AdminDeliveryTemplate {
  templateNo: number;
  name: string;
  partnerNo: number;
  partnerName: string;
  deliveryType: repo.TemplateAdminRow['delivery_type'];
  deliveryCompanyType: string;
  conditionType: repo.TemplateAdminRow['delivery_condition_type'];
  baseDeliveryAmt: number;
  aboveDeliveryAmt: number | null;
  returnDeliveryAmt: number;
  remoteDeliveryAmt: number;
  shippingAreaType: 'MALL' | 'PARTNER';
  remoteAreas: AdminRemoteArea[];
  version: number;
  productCount: number;
  deletedProductCount: number;
}

const toArea = (a: repo.RemoteAreaRow): AdminRemoteArea => ({
  zipFrom: a.zip_from,
  zipTo: a.zip_to,
  extraFee: a.extra_fee,
  label: a.label,
});

const toTemplate = (r: repo.TemplateRow): AdminDeliveryTemplate => ({
  templateNo: r.template_no,
  name: r.template_name,
  partnerNo: r.partner_no,
  partnerName: r.partner_name,
  deliveryType: r.delivery_type,
  deliveryCompanyType: r.delivery_company_type,
  conditionType: r.delivery_condition_type,
  baseDeliveryAmt: r.base_delivery_amt,
  aboveDeliveryAmt: r.above_delivery_amt,
  returnDeliveryAmt: r.return_delivery_amt,
  remoteDeliveryAmt: r.remote_delivery_amt,
  shippingAreaType: r.shipping_area_type,
  remoteAreas: r.remote_areas.map(toArea),
  version: r.version,
  productCount: r.product_cnt,
  deletedProductCount: r.all_product_cnt - r.product_cnt,
});

export async function listDeliveryTemplates(db: Executor): Promise<AdminDeliveryTemplate[]> {
  return (await repo.selectTemplates(db)).map(toTemplate);
}

export async function getDeliveryTemplate(db: Executor, templateNo: number): Promise<AdminDeliveryTemplate> {
  const row = await repo.selectTemplate(db, templateNo);
  if (!row) throw appError('DELIVERY_TEMPLATE_NOT_FOUND');
  return toTemplate(row);
}

async function templateAt(ex: Executor, templateNo: number, version: number): Promise<repo.TemplateRow> {
  const row = await repo.selectTemplate(ex, templateNo);
  if (!row) throw appError('DELIVERY_TEMPLATE_NOT_FOUND');
  if (row.version !== version) throw appError('VERSION_CONFLICT');
  return row;
}

/** The row's fields; the partner must exist, and a template of the shop's own partner ships as the mall. */
async function fieldsOf(ex: Executor, input: DeliveryTemplateInput): Promise<repo.TemplateFields> {
  const partner = await repo.selectPartner(ex, input.partnerNo);
  if (!partner)
    throw appError(
      'PARTNER_NOT_FOUND',
      '고른 거래처를 찾을 수 없습니다. 목록을 새로 불러온 뒤 다시 골라 주세요.',
    );
  return {
    partnerNo: input.partnerNo,
    name: input.name,
    deliveryType: input.deliveryType,
    deliveryCompanyType: input.deliveryCompanyType,
    conditionType: input.conditionType,
    baseDeliveryAmt: input.baseDeliveryAmt,
    aboveDeliveryAmt: input.aboveDeliveryAmt,
    remoteDeliveryAmt: input.remoteDeliveryAmt,
    returnDeliveryAmt: input.returnDeliveryAmt,
    shippingAreaType: partner.is_brand_self === 1 ? 'MALL' : 'PARTNER',
  };
}

export async function createDeliveryTemplate(
  db: Db,
  input: DeliveryTemplateInput,
): Promise<AdminDeliveryTemplate> {
  const templateNo = await writeTx(db, async (tx) => {
    const no = await repo.insertTemplate(tx, await fieldsOf(tx, input));
    await repo.replaceRemoteAreas(tx, no, input.remoteAreas);
    return no;
  });
  return getDeliveryTemplate(db, templateNo);
}

export async function updateDeliveryTemplate(
  db: Db,
  templateNo: number,
  input: DeliveryTemplatePut,
): Promise<AdminDeliveryTemplate> {
  await writeTx(db, async (tx) => {
    const row = await templateAt(tx, templateNo, input.version);
    if (row.partner_no !== input.partnerNo && row.all_product_cnt > 0)
      throw fieldsError('DELIVERY_TEMPLATE_INVALID', [
        {
          path: 'partnerNo',
          message: `상품 ${row.all_product_cnt}개가 이 템플릿을 쓰고 있어 거래처를 바꿀 수 없습니다. 새 템플릿을 만들어 주세요.`,
        },
      ]);
    if (!(await repo.updateTemplateRow(tx, templateNo, input.version, await fieldsOf(tx, input))))
      throw appError('VERSION_CONFLICT');
    await repo.replaceRemoteAreas(tx, templateNo, input.remoteAreas);
  });
  return getDeliveryTemplate(db, templateNo);
}

export async function deleteDeliveryTemplate(db: Db, templateNo: number, version: number): Promise<void> {
  await writeTx(db, async (tx) => {
    const row = await templateAt(tx, templateNo, version);
    if (row.all_product_cnt > 0) {
      const deleted = row.all_product_cnt - row.product_cnt;
      const what =
        row.product_cnt > 0
          ? `상품 ${row.product_cnt}개${deleted > 0 ? `(삭제한 상품 ${deleted}개 별도)` : ''}`
          : `삭제한 상품 ${deleted}개(주문 내역에 남아 있는 상품)`;
      throw appError(
        'DELIVERY_TEMPLATE_IN_USE',
        `${what}가 '${row.template_name}' 템플릿을 쓰고 있어 삭제할 수 없습니다. 상품의 배송비 템플릿을 먼저 바꿔 주세요.`,
      );
    }
    if (!(await repo.deleteTemplateRow(tx, templateNo, version))) throw appError('VERSION_CONFLICT');
  });
}

/**
 * The remote-area ranges of the given templates, for order pricing: a template that has ranges
 * maps to them; one without is absent (it uses the common table).
 */
export async function remoteAreasOf(
  db: Executor,
  templateNos: readonly number[],
): Promise<Map<number, AdminRemoteArea[]>> {
  const out = new Map<number, AdminRemoteArea[]>();
  for (const a of await repo.selectRemoteAreas(db, [...new Set(templateNos)])) {
    out.set(a.template_no, [...(out.get(a.template_no) ?? []), toArea(a)]);
  }
  return out;
}
