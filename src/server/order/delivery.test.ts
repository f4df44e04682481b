import { describe, expect, it } from 'vitest';
import { groupDeliveryFee, isRemoteZipCode, remoteFeeAt, type DeliveryTemplate } from './delivery.ts';

const conditional: DeliveryTemplate = {
  templateNo: 100,
  conditionType: 'CONDITIONAL',
  baseDeliveryAmt: 3000,
  aboveDeliveryAmt: 50000,
  remoteDeliveryAmt: 3000,
  returnDeliveryAmt: 3000,
};

describe('delivery fee rules', () => {
  it('charges the base fee below the free threshold and nothing at or above it', () => {
    expect(groupDeliveryFee(conditional, 49999, false)).toEqual({ deliveryAmt: 3000, remoteDeliveryAmt: 0 });
    expect(groupDeliveryFee(conditional, 50000, false)).toEqual({ deliveryAmt: 0, remoteDeliveryAmt: 0 });
  });

  it('charges a fixed fee always and a free template never', () => {
    expect(
      groupDeliveryFee({ ...conditional, conditionType: 'FIXED_FEE', baseDeliveryAmt: 2500 }, 999999, false)
        .deliveryAmt,
    ).toBe(2500);
    expect(groupDeliveryFee({ ...conditional, conditionType: 'FREE' }, 1000, false).deliveryAmt).toBe(0);
  });

  it('adds the remote fee for Jeju and islands, free shipping included, and nothing for an empty group', () => {
    expect(groupDeliveryFee(conditional, 60000, true)).toEqual({ deliveryAmt: 0, remoteDeliveryAmt: 3000 });
    expect(groupDeliveryFee({ ...conditional, conditionType: 'FREE' }, 1000, true).remoteDeliveryAmt).toBe(
      3000,
    );
    expect(groupDeliveryFee(conditional, 0, true)).toEqual({ deliveryAmt: 0, remoteDeliveryAmt: 0 });
  });

  it('knows Jeju and island postcodes', () => {
    expect(isRemoteZipCode('63000')).toBe(true);
    expect(isRemoteZipCode('63644')).toBe(true);
    expect(isRemoteZipCode('63645')).toBe(false);
    expect(isRemoteZipCode('40200')).toBe(true); // 울릉
    expect(isRemoteZipCode('23100')).toBe(true); // 옹진
    expect(isRemoteZipCode('06236')).toBe(false); // 서울 강남
    expect(isRemoteZipCode('')).toBe(false);
    expect(isRemoteZipCode(undefined)).toBe(false);
    expect(isRemoteZipCode('6300')).toBe(false);
  });
});

describe('remote-area fee at an address', () => {
  const ranges = [
    { zipFrom: '63000', zipTo: '63644', extraFee: 5000 },
    { zipFrom: '40200', zipTo: '40240', extraFee: 7000 },
  ];

  it("charges the matching range's fee of a template that has ranges, and nothing outside them", () => {
    expect(remoteFeeAt(conditional, '63000', ranges)).toBe(5000);
    expect(remoteFeeAt(conditional, '63644', ranges)).toBe(5000);
    expect(remoteFeeAt(conditional, '40210', ranges)).toBe(7000);
    // in the common table but not in the template's own ranges: the template's ranges decide
    expect(remoteFeeAt(conditional, '23100', ranges)).toBe(0);
    expect(remoteFeeAt(conditional, '06236', ranges)).toBe(0);
  });

  it("uses the common table with the template's remote fee when it has no ranges", () => {
    expect(remoteFeeAt(conditional, '23100', [])).toBe(3000);
    expect(remoteFeeAt(conditional, '23100', undefined)).toBe(3000);
    expect(remoteFeeAt(conditional, '06236', undefined)).toBe(0);
  });

  it('charges nothing without a valid postcode', () => {
    expect(remoteFeeAt(conditional, null, ranges)).toBe(0);
    expect(remoteFeeAt(conditional, '6300', ranges)).toBe(0);
    expect(remoteFeeAt(conditional, '63-000', ranges)).toBe(5000); // digits are what count
  });
});
