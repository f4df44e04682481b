import { josa } from 'es-hangul';
import { z } from 'zod';
import { businessNoProblem, formatStorePhone, storePhoneProblem } from '../../lib/pos/store-fields.ts';

/**
 * What the back office saves for a store and a staff member's stores (/api/manager/stores), checked
 * field by field with Korean messages. Text is trimmed; the 사업자등록번호 is kept as its ten digits
 * (the receipt prints it with hyphens), the telephone number with its hyphens.
 */

export const STORE_NAME_MAX = 30;

const text = (label: string, max: number) =>
  z
    .string({ error: `${josa(label, '을/를')} 글자로 입력해 주세요.` })
    .trim()
    .max(max, { error: `${josa(label, '은/는')} ${max}자까지 쓸 수 있습니다.` })
    .default('');

/** A problem function of src/lib as a zod check (blank passes). */
const checked = (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = problem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
};

const no = (label: string) =>
  z.coerce
    .number({ error: `${josa(label, '을/를')} 확인해 주세요.` })
    .int({ error: `${josa(label, '을/를')} 확인해 주세요.` })
    .positive({ error: `${josa(label, '을/를')} 확인해 주세요.` })
    .max(2_147_483_647, { error: `${josa(label, '을/를')} 확인해 주세요.` });

export const StoreNoParam = z.object({ storeNo: no('매장 번호') });
export const StaffNoParam = z.object({ memberNo: no('직원의 회원 번호') });

const Version = z
  .number({ error: '버전(version)을 보내 주세요. 목록을 새로 불러온 뒤 다시 저장해 주세요.' })
  .int({ error: '버전(version)을 확인해 주세요.' })
  .positive({ error: '버전(version)을 확인해 주세요.' });

const StoreFields = z.strictObject({
  storeName: z
    .string({ error: '매장 이름을 입력해 주세요.' })
    .trim()
    .min(1, { error: '매장 이름을 입력해 주세요.' })
    .max(STORE_NAME_MAX, { error: `매장 이름은 ${STORE_NAME_MAX}자까지 쓸 수 있습니다.` }),
  businessNo: text('사업자등록번호', 20)
    .superRefine(checked(businessNoProblem))
    .transform((v) => v.replace(/\D/g, '')),
  representative: text('대표자 이름', 30),
  address: text('주소', 200),
  phone: text('전화번호', 20)
    .superRefine(checked(storePhoneProblem))
    .transform((v) => (v ? formatStorePhone(v) : '')),
  receiptFooter: text('영수증 하단 문구', 300),
  pointRate: z
    .number({ error: '적립률을 숫자로 입력해 주세요.' })
    .int({ error: '적립률은 0부터 100 사이의 정수(%)로 입력해 주세요.' })
    .min(0, { error: '적립률은 0부터 100 사이의 정수(%)로 입력해 주세요.' })
    .max(100, { error: '적립률은 0부터 100 사이의 정수(%)로 입력해 주세요.' })
    .default(1),
});

export const StoreCreate = StoreFields;
export type StoreCreate = z.infer<typeof StoreCreate>;

/** Every field, with the version the form read. */
export const StorePut = StoreFields.extend({ version: Version });
export type StorePut = z.infer<typeof StorePut>;

/** Stop or resume selling at a store. */
export const StoreActiveBody = z.strictObject({
  version: Version,
  active: z.boolean({ error: '운영 여부(active)를 true 또는 false로 보내 주세요.' }),
});
export type StoreActiveBody = z.infer<typeof StoreActiveBody>;

const storeNos = (what: string) =>
  z
    .array(
      z
        .number({ error: '매장 번호를 확인해 주세요.' })
        .int({ error: '매장 번호를 확인해 주세요.' })
        .positive({ error: '매장 번호를 확인해 주세요.' }),
      { error: `${josa(what, '을/를')} 목록으로 보내 주세요.` },
    )
    .max(200, { error: '매장은 200곳까지 고를 수 있습니다.' })
    .refine((list) => new Set(list).size === list.length, { error: '같은 매장을 두 번 골랐습니다.' });

/**
 * The stores a staff member may sell at. `previous` is the assignment the screen showed: when
 * someone changed it since, the save is refused (409) instead of overwriting their change.
 */
export const StaffStoresBody = z.strictObject({
  storeNos: storeNos('판매 매장').min(1, {
    error: '판매할 매장을 하나 이상 골라 주세요. 판매를 막으려면 직원 계정을 해지해 주세요.',
  }),
  previous: storeNos('불러온 판매 매장'),
});
export type StaffStoresBody = z.infer<typeof StaffStoresBody>;
