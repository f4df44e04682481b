import { describe, expect, it } from 'vitest';
import type { CounterItem } from '../../server/catalog/index.ts';
import { addScan, batchProblem, difference, newBatchKey, removeLine, setQty, stepQty } from './StockLines.ts';

const item = (optionNo: number, stock: number): CounterItem => ({
  productNo: 1,
  optionNo,
  productName: `상품 ${optionNo}`,
  optionLabel: '',
  barcode: null,
  optionManagementCd: null,
  unitPrice: 1000,
  stock,
  soldOut: false,
  saleStatus: 'ONSALE',
  sellable: true,
  imageUrl: null,
  customizable: false,
  inputs: [],
});

describe('scanned stock lines', () => {
  it('counts scans per option, the last scanned on top, with the stock seen at the first scan', () => {
    let lines = addScan([], item(1, 5));
    lines = addScan(lines, item(2, 0));
    lines = addScan(lines, item(1, 99)); // a later lookup does not move what the count compares with
    expect(lines.map((l) => [l.item.optionNo, l.qty, l.systemStock])).toEqual([
      [1, 2, 5],
      [2, 1, 0],
    ]);
    expect(difference(lines[0]!, 'count')).toBe(-3);
    expect(difference(lines[0]!, 'receive')).toBe(2);
  });

  it('takes typed whole numbers, keeps −/+ at 0 or more and in place, and removes lines', () => {
    let lines = addScan(addScan([], item(1, 5)), item(2, 5));
    lines = setQty(lines, 1, '1,200');
    expect(lines.find((l) => l.item.optionNo === 1)?.qty).toBe(1200);
    expect(setQty(lines, 1, '-3')).toEqual(lines);
    expect(setQty(lines, 1, '2.5')).toEqual(lines);
    lines = stepQty(stepQty(lines, 2, -1), 2, -1);
    expect(lines.map((l) => [l.item.optionNo, l.qty])).toEqual([
      [2, 0],
      [1, 1200],
    ]);
    expect(removeLine(lines, 2).map((l) => l.item.optionNo)).toEqual([1]);
  });

  it('refuses an empty batch and a receipt line of 0, but counts a shelf found empty', () => {
    expect(batchProblem([], 'receive')).toBe('입고할 상품을 스캔해 주세요.');
    const zero = stepQty(addScan([], item(1, 5)), 1, -1);
    expect(batchProblem(zero, 'receive')).toContain('입고 수량을 1개 이상');
    expect(batchProblem(zero, 'count')).toBeNull();
  });

  it('names a batch by kind and Seoul day', () => {
    const key = newBatchKey('receive', new Date('2026-11-25T16:00:00Z'), () => 0);
    expect(key).toBe('R-20261126-aaaaaaaa');
    expect(newBatchKey('count')).toMatch(/^C-\d{8}-[a-z2-9]{8}$/);
  });
});
