import type { Db, Executor } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { appError, fieldsError, notFound, type FieldProblem } from '../../platform/errors.ts';
import { ean13CheckDigit, inHouseCode, IN_HOUSE_PATTERN, isValidEan13 } from '../../../lib/barcode.ts';
import { counterItems, type CounterItem } from './counter.ts';
import { fieldProblems, ProductInputSchema } from './product-input.ts';

/**
 * Barcodes of options as the counter registers them (issue 14): a manufacturer's EAN-13 (its check
 * digit verified, so a misread scan or a typo never becomes an option's code) or the shop's own
 * Code 128 code for goods without one, `PD` + the option number (src/lib/barcode.ts), unique
 * because option numbers are. A barcode belongs to one option in the whole shop (the unique index
 * of 0010_catalog_manage.sql); the check that names the option holding it runs inside the write
 * transaction. A change also counts as a save of its product (`version + 1`), so a manager's editor
 * opened before it cannot write the old barcode back without being told (VERSION_CONFLICT).
 */

export type BarcodeKind = 'EAN13' | 'IN_HOUSE' | 'OTHER';

/** What the counter registers: EAN-13, the option's own in-house code, or (set elsewhere) other. */
export function barcodeKind(code: string): BarcodeKind {
  if (isValidEan13(code)) return 'EAN13';
  if (IN_HOUSE_PATTERN.test(code)) return 'IN_HOUSE';
  return 'OTHER';
}

/** A scanned or typed code as stored: surrounding and inner spaces dropped, `pd…` upper-cased. */
export function normalizeBarcode(code: string): string {
  const c = code.replace(/\s+/g, '');
  return /^pd\d+$/i.test(c) ? c.toUpperCase() : c;
}

/** Why `code` cannot be option `optionNo`'s barcode (a Korean sentence), or null when it can. */
export function barcodeProblem(code: string, optionNo: number): string | null {
  if (code === '') return '바코드를 스캔하거나 입력해 주세요.';
  if (/^\d+$/.test(code)) {
    if (code.length === 13) {
      if (isValidEan13(code)) return null;
      const first12 = code.slice(0, 12);
      return `EAN-13 바코드의 검증 숫자(마지막 자리)가 맞지 않습니다. 앞 12자리 ${first12}의 검증 숫자는 ${ean13CheckDigit(first12)}입니다 (입력한 마지막 자리: ${code[12]}). 바코드를 다시 스캔하거나 확인해 주세요.`;
    }
    if (code.length === 12)
      return `EAN-13 바코드는 숫자 13자리입니다 (입력 12자리). 검증 숫자가 빠졌다면 ${code}${ean13CheckDigit(code)}입니다. 상품의 바코드를 다시 확인해 주세요.`;
    return `EAN-13 바코드는 숫자 13자리입니다 (입력 ${code.length}자리). 다시 스캔하거나 확인해 주세요.`;
  }
  if (/^PD/i.test(code)) {
    const own = inHouseCode(optionNo);
    if (code === own) return null;
    return `자체 코드는 옵션 번호로 만듭니다. 이 옵션(${optionNo})의 자체 코드는 ${own}입니다. '자체 코드 만들기'를 눌러 주세요.`;
  }
  return "바코드는 EAN-13(숫자 13자리)이나 자체 코드(PD로 시작)로 등록해 주세요. 제조사 바코드가 없으면 '자체 코드 만들기'를 눌러 주세요.";
}

const optionLabel = (r: Record<string, unknown>) =>
  [r.value1, r.value2, r.value3, r.value4].filter((v) => v != null).join(' / ') || '기본 옵션';

/** Who holds `code` besides `optionNo`: the option named for the 409, or null. */
async function holderOf(db: Executor, code: string, optionNo: number): Promise<string | null> {
  const rs = await db.execute({
    sql: `SELECT o.option_no, o.value1, o.value2, o.value3, o.value4, p.product_no, p.product_name, p.deleted_ymdt
      FROM product_options o JOIN products p ON p.product_no = o.product_no
      WHERE o.barcode = ? AND o.option_no <> ? LIMIT 1`,
    args: [code, optionNo],
  });
  const r = rs.rows[0] as Record<string, unknown> | undefined;
  if (!r) return null;
  const deleted = r.deleted_ymdt != null ? ', 삭제된 상품' : '';
  return `${String(r.product_name)} · ${optionLabel(r)} (상품 번호 ${Number(r.product_no)}, 옵션 번호 ${Number(r.option_no)}${deleted})`;
}

export interface BarcodeChangeOptions {
  /**
   * The barcode the screen showed (null = none). When given and the option holds another one now,
   * someone changed it meanwhile: VERSION_CONFLICT, nothing written.
   */
  previous?: string | null | undefined;
}

/**
 * Sets (`code`) or removes (null) the barcode of a live option; answers the option as the counter
 * sees it. 400 for a code that is not a valid EAN-13 or this option's in-house code (the message
 * names the right check digit), 404 for an unknown or retired option, 409 BARCODE_TAKEN naming the
 * option that has the code, 409 VERSION_CONFLICT when `previous` is stale.
 */
export async function setOptionBarcode(
  db: Db,
  optionNo: number,
  code: string | null,
  options: BarcodeChangeOptions = {},
): Promise<CounterItem> {
  const next = code === null ? null : normalizeBarcode(code);
  if (next !== null) {
    const problem = barcodeProblem(next, optionNo);
    if (problem) throw fieldsError('POS_INVALID', [{ path: 'barcode', message: problem }]);
  }
  const now = new Date().toISOString();
  return writeTx(db, async (tx) => {
    const rs = await tx.execute({
      sql: `SELECT o.product_no, o.barcode FROM product_options o JOIN products p ON p.product_no = o.product_no
        WHERE o.option_no = ? AND o.retired = 0 AND p.deleted_ymdt IS NULL`,
      args: [optionNo],
    });
    const row = rs.rows[0];
    if (!row) throw notFound('옵션');
    const current = row.barcode == null ? null : String(row.barcode);
    if (options.previous !== undefined && options.previous !== current)
      throw appError(
        'VERSION_CONFLICT',
        `다른 직원이 먼저 이 옵션의 바코드를 바꿨습니다 (지금: ${current ?? '없음'}). 새로 불러온 뒤 다시 해 주세요.`,
      );
    if (next !== current) {
      if (next !== null) {
        const holder = await holderOf(tx, next, optionNo);
        if (holder)
          throw appError(
            'BARCODE_TAKEN',
            `이미 다른 옵션에 등록된 바코드입니다: ${next} → ${holder}. 그 옵션의 바코드를 먼저 바꾸거나 지워 주세요.`,
          );
      }
      await tx.execute({
        sql: 'UPDATE product_options SET barcode = ? WHERE option_no = ?',
        args: [next, optionNo],
      });
      await tx.execute({
        sql: 'UPDATE products SET version = version + 1, updated_ymdt = ? WHERE product_no = ?',
        args: [now, Number(row.product_no)],
      });
    }
    const item = (await counterItems(tx, [optionNo])).get(optionNo);
    if (!item) throw notFound('옵션');
    return item;
  });
}

/** Gives the option its in-house Code 128 code (`PD` + its number); see `setOptionBarcode`. */
export function generateInHouse(
  db: Db,
  optionNo: number,
  options: BarcodeChangeOptions = {},
): Promise<CounterItem> {
  return setOptionBarcode(db, optionNo, inHouseCode(optionNo), options);
}

/**
 * Gives every live option of the product that has no barcode its in-house code, in one
 * transaction; answers the options given one. An in-house code someone typed onto another option
 * by hand leaves that option without one and is reported.
 */
export async function generateMissingInHouse(
  db: Db,
  productNo: number,
): Promise<{ generated: CounterItem[]; skipped: { optionNo: number; message: string }[] }> {
  const now = new Date().toISOString();
  const { generated, skipped } = await writeTx(db, async (tx) => {
    const exists = await tx.execute({
      sql: 'SELECT 1 FROM products WHERE product_no = ? AND deleted_ymdt IS NULL',
      args: [productNo],
    });
    if (exists.rows.length === 0) throw appError('MANAGED_PRODUCT_NOT_FOUND');
    const rs = await tx.execute({
      sql: `SELECT option_no FROM product_options WHERE product_no = ? AND retired = 0 AND barcode IS NULL
        ORDER BY display_order, option_no`,
      args: [productNo],
    });
    const done: number[] = [];
    const skipped: { optionNo: number; message: string }[] = [];
    for (const r of rs.rows) {
      const optionNo = Number(r.option_no);
      const code = inHouseCode(optionNo);
      const holder = await holderOf(tx, code, optionNo);
      if (holder) {
        skipped.push({ optionNo, message: `${code}: 이미 ${holder}에 등록되어 있습니다.` });
        continue;
      }
      await tx.execute({
        sql: 'UPDATE product_options SET barcode = ? WHERE option_no = ?',
        args: [code, optionNo],
      });
      done.push(optionNo);
    }
    if (done.length > 0)
      await tx.execute({
        sql: 'UPDATE products SET version = version + 1, updated_ymdt = ? WHERE product_no = ?',
        args: [now, productNo],
      });
    return { generated: done, skipped };
  });
  const items = await counterItems(db, generated);
  return { generated: generated.flatMap((no) => items.get(no) ?? []), skipped };
}

/**
 * The counter's barcode rule over a product save (the editor's body, unjudged): each option's
 * barcode that is new or changed must be a valid EAN-13 or, on a saved option, its own in-house
 * code (a new option has no number yet: its in-house code is made after saving). Unchanged codes
 * pass, whatever they are. Answers the problems by field path (`options.rows.2.barcode`).
 */
export async function productBarcodeProblems(
  db: Executor,
  productNo: number | null,
  body: unknown,
): Promise<FieldProblem[]> {
  const options = (body as { options?: { rows?: unknown } } | null)?.options;
  const rows = Array.isArray(options?.rows) ? (options.rows as unknown[]) : [];
  const current = new Map<number, string | null>();
  if (productNo !== null) {
    const rs = await db.execute({
      sql: 'SELECT option_no, barcode FROM product_options WHERE product_no = ?',
      args: [productNo],
    });
    for (const r of rs.rows) current.set(Number(r.option_no), r.barcode == null ? null : String(r.barcode));
  }
  const problems: FieldProblem[] = [];
  rows.forEach((row, i) => {
    const r = row as { optionNo?: unknown; barcode?: unknown } | null;
    if (typeof r?.barcode !== 'string' || r.barcode.trim() === '') return;
    const code = r.barcode.trim();
    const optionNo = typeof r.optionNo === 'number' && current.has(r.optionNo) ? r.optionNo : null;
    if (optionNo !== null && current.get(optionNo) === code) return;
    const message =
      optionNo === null && /^PD/i.test(code)
        ? "자체 코드는 옵션을 저장한 뒤 '바코드 등록'에서 만들어 주세요."
        : barcodeProblem(normalizeBarcode(code), optionNo ?? 0);
    if (message) problems.push({ path: `options.rows.${i}.barcode`, message });
  });
  if (problems.length === 0) return problems;
  // the form's other problems too, so one answer lists them all (the service would name them next)
  const parsed = ProductInputSchema.safeParse(body);
  const others = parsed.success ? [] : fieldProblems(parsed.error);
  const seen = new Set(problems.map((p) => p.path));
  return [...others.filter((p) => !seen.has(p.path)), ...problems];
}
