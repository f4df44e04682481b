import { josa } from 'es-hangul';
import Papa from 'papaparse';
import type { Transaction } from '@libsql/client';
import type { Db, Executor } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { AppError, appError } from '../../platform/errors.ts';
import { SALE_STATUS_CODES, SALE_STATUS_LABELS, type SaleStatusCode } from '../../../lib/product-status.ts';
import { moveStock } from '../stock-repo.ts';
import { fieldProblems, ProductInputSchema } from './product-input.ts';
import { listManagedProducts, type ProductListQuery } from './product-list.ts';
import {
  createProductIn,
  loadManagedProduct,
  updateProductIn,
  type Actor,
  type ManagedProduct,
} from './products.ts';

/**
 * Products with their options and stock as CSV: one row per option, the product's own fields
 * on every row (the first row of a product is the one read on import). Written with a UTF-8 byte
 * order mark so spreadsheet programs read the Korean; read with Papa Parse.
 *
 * Import: rows with a 상품번호 update that product (its 버전 must be the current one); rows without
 * one create a product (rows of one new product share its 상품 관리코드, or its 상품명 when it has
 * no code). Options keep their 옵션 번호; a row without one is a new option. 재고 of an existing
 * option is the counted stock: a difference becomes a stock-ledger line (재고 실사, CSV 가져오기).
 * The whole file is one transaction: a dry run (or a file with any problem) is rolled back, so
 * either every row is written or none.
 */

const COLUMNS = [
  ['productNo', '상품번호'],
  ['version', '버전'],
  ['productName', '상품명'],
  ['productManagementCd', '상품 관리코드'],
  ['salePrice', '판매가'],
  ['saleStatus', '판매 상태'],
  ['frontDisplay', '전시'],
  ['brandNo', '브랜드 번호'],
  ['partnerNo', '거래처 번호'],
  ['deliveryTemplateNo', '배송비 템플릿 번호'],
  ['categoryNos', '카테고리 번호'],
  ['searchKeywords', '검색어'],
  ['optionLabels', '옵션명'],
  ['optionValues', '옵션값'],
  ['optionNo', '옵션 번호'],
  ['addPrice', '옵션 추가금액'],
  ['stock', '재고'],
  ['optionManagementCd', '옵션 관리코드'],
  ['barcode', '바코드'],
  ['optionSoldOut', '옵션 품절'],
] as const;

type Column = (typeof COLUMNS)[number][0];
type CsvRow = Record<Column, string>;

export const CSV_HEADERS = COLUMNS.map(([, h]) => h);
const MAX_ROWS = 5000;
const EXPORT_PAGE = 100;

const yn = (b: boolean) => (b ? 'Y' : 'N');

function productRows(p: ManagedProduct): string[][] {
  const labels = p.options.dimensions.map((d) => d.label).join('|');
  return p.options.rows.map((o) =>
    [
      p.productNo,
      p.version,
      p.productName,
      p.productManagementCd ?? '',
      p.salePrice,
      SALE_STATUS_LABELS[p.saleStatus],
      yn(p.frontDisplay),
      p.brandNo ?? '',
      p.partnerNo,
      p.deliveryTemplateNo,
      p.categoryNos.join(';'),
      p.searchKeywords.join(' '),
      labels,
      o.values.join('|'),
      o.optionNo,
      o.addPrice,
      o.stock,
      o.optionManagementCd ?? '',
      o.barcode ?? '',
      yn(o.forcedSoldOut),
    ].map(String),
  );
}

/** The products the list's filters select (every page), as CSV text with a BOM. */
export async function exportProductsCsv(
  db: Executor,
  q: Omit<ProductListQuery, 'pageNumber' | 'pageSize'>,
): Promise<string> {
  const rows: string[][] = [];
  for (let page = 1; ; page++) {
    const list = await listManagedProducts(db, { ...q, pageNumber: page, pageSize: EXPORT_PAGE });
    const products = await Promise.all(list.items.map((i) => loadManagedProduct(db, i.productNo)));
    for (const p of products) if (p) rows.push(...productRows(p));
    if (page >= list.pageCount) break;
  }
  return `\uFEFF${Papa.unparse({ fields: CSV_HEADERS, data: rows }, { newline: '\r\n' })}\r\n`;
}

// ------------------------------------------------------------------------------ import

export interface ImportProblem {
  /** The line of the file (the header is line 1). */
  row: number;
  message: string;
}

export interface ImportReport {
  dryRun: boolean;
  rowCount: number;
  created: number;
  updated: number;
  /** Existing products whose rows change nothing (not saved, their version stays). */
  unchanged: number;
  optionsAdded: number;
  stockChanges: number;
  problems: ImportProblem[];
}

interface Group {
  productNo: number | null;
  lines: { line: number; row: CsvRow }[];
}

const number = (s: string) => Number(s.replace(/[,\s원]/g, ''));
const isInt = (s: string) => /^-?\d+$/.test(s.replace(/[,\s원]/g, ''));

function bool(s: string, line: number, label: string, problems: ImportProblem[]): boolean {
  const v = s.trim().toUpperCase();
  if (['Y', 'YES', '1', 'TRUE', '예'].includes(v)) return true;
  if (['N', 'NO', '0', 'FALSE', '아니오', ''].includes(v)) return false;
  problems.push({ row: line, message: `${josa(label, '은/는')} Y 또는 N으로 입력해 주세요.` });
  return false;
}

function saleStatus(s: string): SaleStatusCode | null {
  const v = s.trim();
  if ((SALE_STATUS_CODES as string[]).includes(v.toUpperCase())) return v.toUpperCase() as SaleStatusCode;
  const byLabel = SALE_STATUS_CODES.find((c) => SALE_STATUS_LABELS[c] === v.replace(/\s/g, ''));
  return byLabel ?? null;
}

/** The CSV text as rows keyed by column, or the problems that stop reading it at all. */
function parseCsv(text: string): { lines: { line: number; row: CsvRow }[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  const missing = CSV_HEADERS.filter((h) => !fields.includes(h));
  if (missing.length > 0)
    throw appError(
      'CSV_INVALID',
      `CSV 첫 줄에 없는 열이 있습니다: ${missing.join(', ')}. 내보내기로 받은 양식을 써 주세요.`,
    );
  if (parsed.data.length > MAX_ROWS)
    throw appError('CSV_INVALID', `한 번에 ${MAX_ROWS.toLocaleString('ko-KR')}행까지 가져올 수 있습니다.`);
  return {
    lines: parsed.data.map((r, i) => ({
      line: i + 2,
      row: Object.fromEntries(
        COLUMNS.map(([key, header]) => [key, String(r[header] ?? '').trim()]),
      ) as CsvRow,
    })),
  };
}

function groupRows(lines: { line: number; row: CsvRow }[], problems: ImportProblem[]): Group[] {
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  for (const l of lines) {
    let key: string;
    let productNo: number | null = null;
    if (l.row.productNo) {
      if (!isInt(l.row.productNo)) {
        problems.push({ row: l.line, message: '상품번호는 숫자로 입력해 주세요 (새 상품은 비워 두세요).' });
        continue;
      }
      productNo = number(l.row.productNo);
      key = `no:${productNo}`;
    } else {
      const name = l.row.productManagementCd || l.row.productName;
      if (!name) {
        problems.push({
          row: l.line,
          message: '새 상품의 행에는 상품명 또는 상품 관리코드가 있어야 합니다.',
        });
        continue;
      }
      key = `new:${name}`;
    }
    let g = byKey.get(key);
    if (!g) {
      g = { productNo, lines: [] };
      byKey.set(key, g);
      groups.push(g);
    }
    g.lines.push(l);
  }
  return groups;
}

/** The editor's input for a group: the product's current fields (if any) with the file's over them. */
function inputOf(group: Group, base: ManagedProduct | null, problems: ImportProblem[]): unknown {
  const first = group.lines[0]!;
  const r = first.row;
  const line = first.line;
  const int = (s: string, label: string, fallback: number | null): number | null => {
    if (s === '') return fallback;
    if (!isInt(s)) {
      problems.push({ row: line, message: `${josa(label, '은/는')} 숫자로 입력해 주세요.` });
      return fallback;
    }
    return number(s);
  };
  const status = r.saleStatus ? saleStatus(r.saleStatus) : (base?.saleStatus ?? 'READY');
  if (!status)
    problems.push({
      row: line,
      message: `판매 상태 ${josa(r.saleStatus, '을/를')} 알 수 없습니다 (판매중, 판매대기, 판매중지, 판매종료).`,
    });
  const labels = (r.optionLabels || '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
  const dimensions = labels.map((label) => ({ label, values: [] as string[] }));
  const rows = group.lines.map(({ line: l, row }) => {
    const values = labels.length === 0 ? [] : row.optionValues.split('|').map((s) => s.trim());
    if (values.length !== labels.length)
      problems.push({
        row: l,
        message: `옵션값의 개수(${values.length})가 옵션명의 개수(${labels.length})와 다릅니다.`,
      });
    values.forEach((v, i) => {
      const d = dimensions[i];
      if (d && !d.values.includes(v)) d.values.push(v);
    });
    const optionNo = row.optionNo ? (isInt(row.optionNo) ? number(row.optionNo) : NaN) : undefined;
    if (Number.isNaN(optionNo))
      problems.push({ row: l, message: '옵션 번호는 숫자로 입력해 주세요 (새 옵션은 비워 두세요).' });
    if (row.stock !== '' && (!isInt(row.stock) || number(row.stock) < 0))
      problems.push({ row: l, message: '재고는 0 이상의 숫자로 입력해 주세요.' });
    if (row.addPrice !== '' && !isInt(row.addPrice))
      problems.push({ row: l, message: '옵션 추가금액은 숫자로 입력해 주세요.' });
    return {
      optionNo: Number.isNaN(optionNo) ? undefined : optionNo,
      values,
      addPrice: row.addPrice === '' ? 0 : number(row.addPrice),
      stock: row.stock === '' ? 0 : number(row.stock),
      optionManagementCd: row.optionManagementCd || null,
      barcode: row.barcode || null,
      forcedSoldOut: bool(row.optionSoldOut, l, '옵션 품절', problems),
    };
  });
  const categoryNos = r.categoryNos
    ? r.categoryNos
        .split(/[;,\s]+/)
        .filter(Boolean)
        .map((s) =>
          isInt(s)
            ? number(s)
            : (problems.push({
                row: line,
                message: '카테고리 번호는 숫자로, 여러 개는 ;로 나눠 입력해 주세요.',
              }),
              0),
        )
    : (base?.categoryNos ?? []);
  return {
    ...(base ?? {}),
    productName: r.productName || base?.productName || '',
    productManagementCd: r.productManagementCd || base?.productManagementCd || null,
    salePrice: int(r.salePrice, '판매가', base?.salePrice ?? null),
    saleStatus: status ?? 'READY',
    frontDisplay: r.frontDisplay
      ? bool(r.frontDisplay, line, '전시', problems)
      : (base?.frontDisplay ?? false),
    brandNo: r.brandNo ? int(r.brandNo, '브랜드 번호', null) : base ? base.brandNo : null,
    partnerNo: int(r.partnerNo, '거래처 번호', base?.partnerNo ?? null),
    deliveryTemplateNo: int(r.deliveryTemplateNo, '배송비 템플릿 번호', base?.deliveryTemplateNo ?? null),
    categoryNos,
    searchKeywords: r.searchKeywords
      ? r.searchKeywords.split(/\s+/).filter(Boolean)
      : (base?.searchKeywords ?? []),
    options: { dimensions, rows },
    inputs: base?.inputs ?? [],
  };
}

/** What the file sets of a product, for telling whether a row changes anything. */
function csvFields(p: {
  productName: string;
  productManagementCd?: string | null | undefined;
  salePrice: number;
  saleStatus: string;
  frontDisplay: boolean;
  brandNo: number | null;
  partnerNo: number;
  deliveryTemplateNo: number;
  categoryNos: number[];
  searchKeywords: string[];
  options: {
    dimensions: { label: string; values: string[] }[];
    rows: {
      optionNo?: number | undefined;
      values: string[];
      addPrice: number;
      optionManagementCd?: string | null | undefined;
      barcode?: string | null | undefined;
      forcedSoldOut: boolean;
    }[];
  };
}): string {
  return JSON.stringify([
    p.productName,
    p.productManagementCd ?? null,
    p.salePrice,
    p.saleStatus,
    p.frontDisplay,
    p.brandNo,
    p.partnerNo,
    p.deliveryTemplateNo,
    [...p.categoryNos].sort((a, b) => a - b),
    p.searchKeywords,
    p.options.dimensions,
    p.options.rows.map((r) => [
      r.optionNo ?? null,
      r.values,
      r.addPrice,
      r.optionManagementCd ?? null,
      r.barcode ?? null,
      r.forcedSoldOut,
    ]),
  ]);
}

const sameProduct = (base: ManagedProduct, input: Parameters<typeof csvFields>[0]) =>
  csvFields(base) === csvFields(input);

/** A field path of the editor's input → the file line it came from. */
function lineOfPath(group: Group, path: string): number {
  const m = /^options\.rows\.(\d+)/.exec(path);
  const idx = m ? Number(m[1]) : 0;
  return (group.lines[idx] ?? group.lines[0]!).line;
}

class RollBack extends Error {}

async function importGroup(
  tx: Transaction,
  group: Group,
  ctx: { fileName: string; actor: Actor; now: string },
  report: ImportReport,
): Promise<void> {
  const first = group.lines[0]!;
  const base = group.productNo ? await loadManagedProduct(tx, group.productNo) : null;
  if (group.productNo && (!base || base.deleted)) {
    report.problems.push({
      row: first.line,
      message: `상품(${group.productNo})을 찾을 수 없습니다. 삭제되었거나 없는 번호입니다.`,
    });
    return;
  }
  const rowProblems: ImportProblem[] = [];
  const body = inputOf(group, base, rowProblems);
  report.problems.push(...rowProblems);
  // cells that could not be read are this product's problems; the editor's rules come after them
  if (rowProblems.length > 0) return;
  const parsed = ProductInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const f of fieldProblems(parsed.error))
      report.problems.push({ row: lineOfPath(group, f.path), message: f.message });
    return;
  }
  const input = parsed.data;
  try {
    if (!base) {
      await createProductIn(tx, input, ctx.actor, ctx.now);
      report.created += 1;
      report.optionsAdded += input.options.rows.length;
      return;
    }
    const version = first.row.version;
    if (!isInt(version)) {
      report.problems.push({
        row: first.line,
        message: '기존 상품의 행에는 내보낼 때의 버전이 있어야 합니다.',
      });
      return;
    }
    if (!sameProduct(base, input)) {
      await updateProductIn(tx, base.productNo, number(version), input, ctx.actor, ctx.now);
      report.updated += 1;
    } else if (Number(version) !== base.version) {
      report.problems.push({
        row: first.line,
        message: `상품(${base.productNo})은 파일을 내보낸 뒤 수정되었습니다. 다시 내보내 고친 뒤 가져와 주세요.`,
      });
      return;
    } else report.unchanged += 1;
    const before = new Map(base.options.rows.map((o) => [o.optionNo, o.stock]));
    for (const row of input.options.rows) {
      if (row.optionNo === undefined) {
        report.optionsAdded += 1;
        continue;
      }
      const was = before.get(row.optionNo);
      const line = group.lines[input.options.rows.indexOf(row)];
      if (was === undefined || line?.row.stock === '' || row.stock === undefined || row.stock === was)
        continue;
      await moveStock(tx, row.optionNo, row.stock - was, {
        reason: 'COUNT',
        channel: 'IMPORT',
        ref: ctx.fileName,
        memo: 'CSV 가져오기',
        actorMemberNo: ctx.actor.memberNo,
        actorLabel: ctx.actor.name,
        now: ctx.now,
      });
      report.stockChanges += 1;
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.fields)
      for (const f of err.fields)
        report.problems.push({ row: lineOfPath(group, f.path), message: f.message });
    else if (err.code === 'VERSION_CONFLICT')
      report.problems.push({
        row: first.line,
        message: `상품(${base?.productNo})은 파일을 내보낸 뒤 수정되었습니다. 다시 내보내 고친 뒤 가져와 주세요.`,
      });
    else report.problems.push({ row: first.line, message: err.message });
  }
}

/**
 * Reads a CSV and writes it (or, in a dry run, only checks it). Every product is written in one
 * transaction that is rolled back on a dry run or when any row has a problem.
 */
export async function importProductsCsv(
  db: Db,
  text: string,
  o: { dryRun: boolean; fileName: string; actor: Actor },
): Promise<ImportReport> {
  const { lines } = parseCsv(text);
  const report: ImportReport = {
    dryRun: o.dryRun,
    rowCount: lines.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    optionsAdded: 0,
    stockChanges: 0,
    problems: [],
  };
  if (lines.length === 0) throw appError('CSV_INVALID', 'CSV에 가져올 행이 없습니다.');
  const groups = groupRows(lines, report.problems);
  const ctx = { fileName: o.fileName, actor: o.actor, now: new Date().toISOString() };
  try {
    await writeTx(db, async (tx) => {
      for (const g of groups) await importGroup(tx, g, ctx, report);
      if (o.dryRun || report.problems.length > 0) throw new RollBack();
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  const seen = new Set<string>();
  report.problems = report.problems
    .filter((p) => !seen.has(`${p.row}\n${p.message}`) && seen.add(`${p.row}\n${p.message}`))
    .sort((a, b) => a.row - b.row);
  return report;
}
