import { z } from 'zod';
import { DESIGN_LIMITS, TemplateIdSchema, type DesignDocument, type SideName } from './schema.ts';
import type { TemplateId } from './templates.ts';

/**
 * The custom-design HTTP API's bodies and answers, shared by the editor (types, client-side checks)
 * and the routes (validation). The design itself is validated separately with `parseDesign`
 * (schema.ts) so its errors get their own codes.
 */

/** The cart's design input (apart, without zod, for the carts' islands). */
export { DESIGN_INPUT_LABEL, optionInputOf } from './design-input.ts';

/** `create_time` of the spec, `date@time` in Korean time: `2026-05-01@13:45:12.345`. */
export const CreateTime = z
  .string({ error: '디자인 생성 시각(createTime)을 입력해 주세요.' })
  .regex(
    /^\d{4}-\d{2}-\d{2}@\d{2}:\d{2}:\d{2}(\.\d{3})?$/,
    '디자인 생성 시각(createTime) 형식이 올바르지 않습니다.',
  );

/** Design ids: 22 url-safe random characters (128 bits), never guessable. */
export const DESIGN_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const DesignId = z.string().regex(DESIGN_ID_PATTERN, '디자인 번호가 올바르지 않습니다.');

export const SALES_CHANNELS = ['brand', 'smartstore', 'administrator', 'none'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/** Custom order statuses (spec: request, progress, completion, design complete). */
export const CUSTOM_ORDER_STATUSES = ['request', 'design_complete', 'progress', 'completion'] as const;
export type CustomOrderStatus = (typeof CUSTOM_ORDER_STATUSES)[number];
export const CUSTOM_ORDER_STATUS_LABELS: Record<CustomOrderStatus, string> = {
  request: '제작 요청',
  design_complete: '디자인 완료',
  progress: '제작 중',
  completion: '제작 완료',
};

const DesignName = z
  .string()
  .trim()
  .min(1, '디자인 이름을 입력해 주세요.')
  .max(DESIGN_LIMITS.maxNameLength, `디자인 이름은 ${DESIGN_LIMITS.maxNameLength}자까지 입력할 수 있습니다.`);
/** The document as an object or as its JSON text (the draft store keeps text). */
const DesignPayload = z.union([z.string(), z.record(z.string(), z.unknown())], {
  error: '디자인 데이터(design)를 보내 주세요.',
});
/** Sales channel as the API shows it: the brand slug, smartstore, administrator or none. */
const SalesChannelInput = z.string().regex(/^[a-z][a-z0-9-]{0,40}$/, '판매 채널이 올바르지 않습니다.');

/** A product option's number (the catalogue's `optionNo`). */
const OptionNo = z.number({ error: '옵션 번호(optionNo)는 숫자여야 합니다.' }).int().positive();

/** `POST /api/custom/dampener` body: `{ dampenerPostData }`. */
export const DampenerPostData = z.strictObject({
  name: DesignName.optional(),
  productNo: z.number().int().positive(),
  /** Defaults to the product's template for its size option. */
  templateId: TemplateIdSchema.optional(),
  /**
   * The product option chosen in the editor (colour, size, thickness, material): the design is
   * ordered with exactly this option. Its size must give the design's template.
   */
  optionNo: OptionNo.optional(),
  /** The cushioning material: the value of the product's material option (e.g. '실리콘'). */
  material: z.string().trim().max(50).optional(),
  salesChannel: SalesChannelInput.optional(),
  design: DesignPayload,
});
export type DampenerPostData = z.infer<typeof DampenerPostData>;
export const DampenerPostBody = z.object({ dampenerPostData: DampenerPostData });

/** `PATCH /api/custom/dampener` body: `{ dampenerPatchData, createTime }`. */
export const DampenerPatchData = z.strictObject({
  name: DesignName.optional(),
  optionNo: OptionNo.optional(),
  material: z.string().trim().max(50).nullable().optional(),
  salesChannel: SalesChannelInput.optional(),
  design: DesignPayload.optional(),
});
export type DampenerPatchData = z.infer<typeof DampenerPatchData>;
export const DampenerPatchBody = z.object({ dampenerPatchData: DampenerPatchData, createTime: CreateTime });

/** `DELETE /api/custom/dampener` body: `{ createTime }`. */
export const DampenerDeleteBody = z.object({ createTime: CreateTime });

/** A saved design as every design route answers it. */
export interface DesignView {
  designId: string;
  /** `date@time` (Korean time); with the member, what the spec's routes address a design by. */
  createTime: string;
  memberNo: number | null;
  /** True for a design kept with a guest identity. */
  guest: boolean;
  name: string;
  productNo: number;
  templateId: TemplateId;
  shape: 'circle' | 'square';
  frontBackSame: boolean;
  /** The latest custom order's status, null before the design is ordered. */
  status: CustomOrderStatus | null;
  /** The brand slug, 'smartstore', 'administrator' or 'none'. */
  salesChannel: string;
  material: string | null;
  /**
   * The product option the design was saved with, which ordering it uses; null for a design saved
   * before designs kept their option.
   */
  optionNo: number | null;
  /** Preview PNG per side (600 px), for cart, my page and admin lists. */
  previewUrls: Record<SideName, string | null>;
  /** The option input a cart line carries for this design. */
  optionInput: { inputLabel: string; inputValue: string };
  document: DesignDocument;
  createdAt: string;
  updatedAt: string;
}

/**
 * A design as cart, order sheet and order lines show it (`extra.design` of an option line): its
 * name and previews, so the cart page can show what was designed instead of the product photo.
 */
export interface DesignSummary {
  designId: string;
  name: string;
  productNo: number;
  material: string | null;
  /** The front preview (600 px PNG), or null while none was rendered. */
  previewUrl: string | null;
  previewUrls: Record<SideName, string | null>;
}
