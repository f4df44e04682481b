import { z } from 'zod';
import { COLOUR_IDS } from './palette.ts';
import { FONT_IDS } from './fonts.ts';
import { TEMPLATE_IDS, isTemplateId, template } from './templates.ts';

/**
 * The design document, version 1: the one JSON shape the editor saves and the server validates,
 * stores and renders. Every length is in millimetres on the print area (origin top-left, see
 * templates.ts); angles are degrees clockwise; a node's `x`/`y` is its centre (text on an arc: the
 * arc's centre), and it rotates about that point. `nodes` are in z-order, first drawn first (bottom).
 * Objects are strict: an unknown key is an error, never silently kept.
 */

export const DESIGN_VERSION = 1;

export const DESIGN_LIMITS = {
  /** Nodes per side. */
  maxNodes: 40,
  /** Image nodes per side (each is decoded in full to print it). */
  maxImages: 10,
  /** Characters of one text node. */
  maxTextLength: 200,
  /** The document as compact JSON, UTF-8. */
  maxDocumentBytes: 64 * 1024,
  /** The saved design's name. */
  maxNameLength: 50,
  /** Largest coordinate (mm) accepted anywhere: off-canvas positions are fine, absurd ones are not. */
  maxCoordinateMm: 2000,
  minFontSizeMm: 1,
  maxFontSizeMm: 400,
  /** Uploaded images are capped by the upload route; this bounds the claimed natural size. */
  maxImagePixels: 20_000,
} as const;

const L = DESIGN_LIMITS;

const Coordinate = z
  .number({ error: '좌표는 숫자여야 합니다.' })
  .finite()
  .min(-L.maxCoordinateMm)
  .max(L.maxCoordinateMm);
const Length = z.number().finite().positive().max(L.maxCoordinateMm);
const Angle = z.number().finite().min(-3600).max(3600);
const Scale = z.number().finite().min(0.05).max(20);

const NodeId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '요소 번호가 올바르지 않습니다.');
const ColourIdSchema = z.enum(COLOUR_IDS, { error: '지원하지 않는 색상입니다.' });
const FontIdSchema = z.enum(FONT_IDS, { error: '지원하지 않는 글꼴입니다.' });
export const TemplateIdSchema = z.enum(TEMPLATE_IDS, { error: '지원하지 않는 상품 템플릿입니다.' });
const DesignShapeSchema = z.enum(['circle', 'square'], { error: '모양은 원형 또는 사각형입니다.' });
export const SideName = z.enum(['front', 'back']);
export type SideName = z.infer<typeof SideName>;

// Control characters other than a line break would print as boxes (or hide text).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F\u2028\u2029]/;

const nodeBase = {
  id: NodeId,
  x: Coordinate,
  y: Coordinate,
  rotation: Angle.default(0),
  locked: z.boolean().default(false),
  hidden: z.boolean().default(false),
};

/** Text along a circle (round shapes): baseline on `radius` around the node's x/y, centred at `angle`
 * (0 = 12 o'clock, clockwise); `inside` reads along the bottom, upright, with glyphs towards the centre. */
export const TextArc = z.strictObject({
  radius: Length,
  angle: Angle,
  direction: z.enum(['outside', 'inside']).default('outside'),
});
export type TextArc = z.infer<typeof TextArc>;

export const TextNode = z.strictObject({
  type: z.literal('text'),
  ...nodeBase,
  text: z
    .string()
    .min(1, '문구를 입력해 주세요.')
    .max(L.maxTextLength, `문구는 ${L.maxTextLength}자까지 입력할 수 있습니다.`)
    .refine((s) => !CONTROL.test(s), '문구에 쓸 수 없는 문자가 있습니다.'),
  fontFamily: FontIdSchema,
  /** Em size in millimetres (1 pt ≈ 0.3528 mm). */
  fontSize: z.number().finite().min(L.minFontSizeMm).max(L.maxFontSizeMm),
  color: ColourIdSchema,
  align: z.enum(['left', 'center', 'right']).default('center'),
  /** Extra space after each character, in millimetres (may be negative). */
  letterSpacing: z.number().finite().min(-50).max(200).default(0),
  /** Line height as a multiple of the font size. */
  lineHeight: z.number().finite().min(0.5).max(4).default(1.2),
  scaleX: Scale.default(1),
  scaleY: Scale.default(1),
  /** Only on round shapes; null = straight text. An arc text has one line. */
  arc: TextArc.nullable().default(null),
});
export type TextNode = z.infer<typeof TextNode>;

/** An image URL as the storage port publishes it: a same-site path or an https address, no query. */
const ImageUrl = z
  .string()
  .min(1)
  .max(1024)
  .refine(
    (s) =>
      (/^\/[^/]/.test(s) || /^https:\/\/[^/]/.test(s)) && !/[\s?#\\]/.test(s) && !/(^|\/)\.\.?(\/|$)/.test(s),
    '이미지 주소가 올바르지 않습니다.',
  );

export const ImageNode = z.strictObject({
  type: z.literal('image'),
  ...nodeBase,
  /** A URL of the shop's own storage (the server checks it is the owner's upload or the catalogue's). */
  src: ImageUrl,
  naturalWidth: z.number().int().min(1).max(L.maxImagePixels),
  naturalHeight: z.number().int().min(1).max(L.maxImagePixels),
  /** Printed size in millimetres (already includes any resize). */
  width: Length,
  height: Length,
});
export type ImageNode = z.infer<typeof ImageNode>;

export const DesignNode = z.discriminatedUnion('type', [TextNode, ImageNode], {
  error: '알 수 없는 요소입니다.',
});
export type DesignNode = z.infer<typeof DesignNode>;

export const DesignSide = z
  .strictObject({
    background: ColourIdSchema,
    nodes: z.array(DesignNode).max(L.maxNodes, `한 면에 요소는 ${L.maxNodes}개까지 넣을 수 있습니다.`),
  })
  .superRefine((side, ctx) => {
    if (side.nodes.filter((n) => n.type === 'image').length > L.maxImages) {
      ctx.addIssue({
        code: 'custom',
        path: ['nodes'],
        message: `한 면에 이미지는 ${L.maxImages}개까지 넣을 수 있습니다.`,
      });
    }
    const seen = new Set<string>();
    side.nodes.forEach((node, i) => {
      if (seen.has(node.id))
        ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: '요소 번호가 중복되었습니다.' });
      seen.add(node.id);
    });
  });
export type DesignSide = z.infer<typeof DesignSide>;

export const DesignDocument = z
  .strictObject({
    version: z.literal(DESIGN_VERSION, { error: '지원하지 않는 디자인 버전입니다.' }),
    templateId: TemplateIdSchema,
    shape: DesignShapeSchema,
    /** Trim size, equal to the template's (kept in the document so it reads on its own). */
    widthMm: Length,
    heightMm: Length,
    /** Front and back print the same: `sides.back` is then a copy of `sides.front`. */
    frontBackSame: z.boolean(),
    sides: z.strictObject({ front: DesignSide, back: DesignSide }),
  })
  .superRefine((doc, ctx) => {
    if (!isTemplateId(doc.templateId)) return;
    const t = template(doc.templateId);
    if (doc.shape !== t.shape)
      ctx.addIssue({ code: 'custom', path: ['shape'], message: '모양이 상품 템플릿과 다릅니다.' });
    if (doc.widthMm !== t.widthMm || doc.heightMm !== t.heightMm) {
      ctx.addIssue({ code: 'custom', path: ['widthMm'], message: '크기가 상품 템플릿과 다릅니다.' });
    }
    if (doc.shape !== 'circle') {
      for (const side of ['front', 'back'] as const) {
        doc.sides[side].nodes.forEach((node, i) => {
          if (node.type === 'text' && node.arc) {
            ctx.addIssue({
              code: 'custom',
              path: ['sides', side, 'nodes', i, 'arc'],
              message: '곡선 문구는 원형 상품에만 쓸 수 있습니다.',
            });
          }
        });
      }
    }
  });
export type DesignDocument = z.infer<typeof DesignDocument>;
/** What a caller may send: defaults (rotation, locked, …) may be left out. */
export type DesignDocumentInput = z.input<typeof DesignDocument>;

export type DesignParseResult =
  | { ok: true; document: DesignDocument }
  | {
      ok: false;
      code: 'DESIGN_TOO_LARGE' | 'DESIGN_MALFORMED' | 'DESIGN_INVALID';
      message: string;
      path?: string;
    };

/** The UTF-8 size of a document as compact JSON. */
function documentBytes(doc: unknown): number {
  return new TextEncoder().encode(JSON.stringify(doc)).length;
}

/**
 * Parses an untrusted design: a JSON string or an already-parsed value. Checks the size first
 * (before any parsing work), then the schema. The message is Korean and names the first problem.
 */
export function parseDesign(input: unknown): DesignParseResult {
  let value = input;
  if (typeof input === 'string') {
    if (new TextEncoder().encode(input).length > L.maxDocumentBytes) return tooLarge();
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, code: 'DESIGN_MALFORMED', message: '디자인 데이터 형식이 올바르지 않습니다.' };
    }
  }
  let bytes: number;
  try {
    bytes = documentBytes(value);
  } catch {
    return { ok: false, code: 'DESIGN_MALFORMED', message: '디자인 데이터 형식이 올바르지 않습니다.' };
  }
  if (bytes > L.maxDocumentBytes) return tooLarge();
  const parsed = DesignDocument.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    const message =
      issue?.message && /[가-힣]/.test(issue.message)
        ? issue.message
        : `디자인 데이터를 확인해 주세요${path ? ` (${path})` : ''}.`;
    return { ok: false, code: 'DESIGN_INVALID', message, path };
  }
  return { ok: true, document: parsed.data };
}

function tooLarge(): DesignParseResult {
  return {
    ok: false,
    code: 'DESIGN_TOO_LARGE',
    message: `디자인 데이터가 너무 큽니다 (최대 ${Math.round(L.maxDocumentBytes / 1024)}KB).`,
  };
}
