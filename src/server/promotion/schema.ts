import { z } from 'zod';

const Flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

const Page = {
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const CouponListQuery = z.object({ usable: Flag, ...Page });
export const PageQuery = z.object(Page);
export const CouponNoParam = z.object({
  couponNo: z.coerce.number().int().positive({ error: '쿠폰 번호를 확인해 주세요.' }),
});
export const ProductNoParam = z.object({
  productNo: z.coerce.number().int().positive({ error: '상품 번호를 확인해 주세요.' }),
});
