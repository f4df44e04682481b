import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { ean13 } from '../../../lib/barcode.ts';
import { AppError } from '../../platform/errors.ts';
import {
  barcodeKind,
  barcodeProblem,
  generateInHouse,
  generateMissingInHouse,
  normalizeBarcode,
  setOptionBarcode,
} from './barcodes.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterEach(() => t.close());

const VALID = '8801234567893'; // 880123456789 → check digit 3
const barcodeOf = async (optionNo: number) =>
  (await t.db.execute({ sql: 'SELECT barcode FROM product_options WHERE option_no = ?', args: [optionNo] }))
    .rows[0]?.barcode ?? null;
const versionOf = async (productNo: number) =>
  Number(
    (await t.db.execute({ sql: 'SELECT version FROM products WHERE product_no = ?', args: [productNo] }))
      .rows[0]?.version,
  );

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('barcode rules', () => {
  it('accepts an EAN-13 whose last digit is its check digit and names the right one otherwise', () => {
    expect(ean13('880123456789')).toBe(VALID);
    expect(barcodeProblem(VALID, 1011)).toBeNull();
    expect(barcodeKind(VALID)).toBe('EAN13');
    const wrong = barcodeProblem('8801234567890', 1011);
    expect(wrong).toContain('검증 숫자');
    expect(wrong).toContain('880123456789의 검증 숫자는 3입니다');
    expect(wrong).toContain('입력한 마지막 자리: 0');
  });

  it('explains a missing check digit, other lengths and codes that are neither EAN-13 nor in-house', () => {
    expect(barcodeProblem('880123456789', 1011)).toContain('880123456789' + '3');
    expect(barcodeProblem('12345678', 1011)).toContain('입력 8자리');
    expect(barcodeProblem('ABC-123', 1011)).toContain('자체 코드 만들기');
    expect(barcodeProblem('', 1011)).toBe('바코드를 스캔하거나 입력해 주세요.');
  });

  it('takes an in-house code only as the option’s own (PD + its number)', () => {
    expect(barcodeProblem('PD00001011', 1011)).toBeNull();
    expect(barcodeKind('PD00001011')).toBe('IN_HOUSE');
    expect(barcodeProblem('PD00001012', 1011)).toContain('PD00001011');
    expect(normalizeBarcode(' pd00001011 ')).toBe('PD00001011');
    expect(normalizeBarcode('880 1234 567893')).toBe(VALID);
  });
});

describe('setOptionBarcode', () => {
  it('registers, changes and removes a barcode, counting as a save of the product', async () => {
    const v = await versionOf(102);
    const item = await setOptionBarcode(t.db, 1021, VALID);
    expect(item).toMatchObject({ optionNo: 1021, productNo: 102, barcode: VALID, optionLabel: '검정' });
    expect(await versionOf(102)).toBe(v + 1);
    // the same code again changes nothing
    await setOptionBarcode(t.db, 1021, VALID);
    expect(await versionOf(102)).toBe(v + 1);
    await setOptionBarcode(t.db, 1021, null, { previous: VALID });
    expect(await barcodeOf(1021)).toBeNull();
    expect(await versionOf(102)).toBe(v + 2);
  });

  it('refuses a wrong check digit with 400 and the field’s message, writing nothing', async () => {
    const err = await refusal(setOptionBarcode(t.db, 1021, '8801234567890'));
    expect(err.status).toBe(400);
    expect(err.fields?.[0]).toMatchObject({ path: 'barcode' });
    expect(err.message).toContain('검증 숫자는 3입니다');
    expect(await barcodeOf(1021)).toBeNull();
  });

  it('keeps a barcode unique over the shop: 409 naming the option that has it', async () => {
    await setOptionBarcode(t.db, 1031, VALID);
    const err = await refusal(setOptionBarcode(t.db, 1021, VALID));
    expect(err.code).toBe('BARCODE_TAKEN');
    expect(err.status).toBe(409);
    expect(err.message).toContain('요가 매트 프로 · 보라 / 6mm');
    expect(err.message).toContain('옵션 번호 1031');
    expect(await barcodeOf(1021)).toBeNull();
  });

  it('answers 409 when the option’s barcode changed since the screen read it', async () => {
    await setOptionBarcode(t.db, 1021, VALID);
    const err = await refusal(setOptionBarcode(t.db, 1021, 'PD00001021', { previous: null }));
    expect(err.code).toBe('VERSION_CONFLICT');
    expect(err.message).toContain(VALID);
    expect(await barcodeOf(1021)).toBe(VALID);
  });

  it('answers 404 for an unknown option', async () => {
    expect((await refusal(setOptionBarcode(t.db, 999_999, VALID))).status).toBe(404);
  });

  it('leaves a manager’s editor opened before the change unable to write the old barcode back', async () => {
    const { loadManagedProduct, updateProduct } = await import('./products.ts');
    const before = (await loadManagedProduct(t.db, 101))!;
    await setOptionBarcode(t.db, 1011, VALID);
    const err = await refusal(
      updateProduct(t.db, 101, before.version, { ...before, slug: null }, { memberNo: 1, name: '관리자' }),
    );
    expect(err.code).toBe('VERSION_CONFLICT');
    expect(await barcodeOf(1011)).toBe(VALID);
  });
});

describe('in-house codes', () => {
  it('gives an option PD + its number, and every option of a product without one in one go', async () => {
    expect((await generateInHouse(t.db, 1011)).barcode).toBe('PD00001011');
    await setOptionBarcode(t.db, 1032, VALID);
    // someone typed option 1034's in-house code onto 1033 in the manager's editor
    await t.db.execute("UPDATE product_options SET barcode = 'PD00001034' WHERE option_no = 1033");
    const { generated, skipped } = await generateMissingInHouse(t.db, 103);
    expect(generated.map((i) => [i.optionNo, i.barcode])).toEqual([[1031, 'PD00001031']]);
    expect(skipped).toEqual([
      { optionNo: 1034, message: expect.stringContaining('옵션 번호 1033') as string },
    ]);
    expect(await barcodeOf(1032)).toBe(VALID);
  });

  it('answers 404 for a deleted or unknown product', async () => {
    expect((await refusal(generateMissingInHouse(t.db, 999))).status).toBe(404);
  });
});
