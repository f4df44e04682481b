import type { DesignDocumentInput } from '../../lib/design/schema.ts';

/**
 * Starter designs of /shop/template: ordinary design documents (the shared schema) on a product's
 * template, opened in the editor by /shop/template/editor?template=<id>. Text only: the shopper adds
 * photos in the editor.
 */

export interface StarterDesign {
  id: string;
  name: string;
  description: string;
  productSlug: string;
  design: DesignDocumentInput;
}

type TextInput = Extract<DesignDocumentInput['sides']['front']['nodes'][number], { type: 'text' }>;

const text = (id: string, init: Omit<TextInput, 'type' | 'id'>): TextInput => ({ type: 'text', id, ...init });

export const STARTERS: readonly StarterDesign[] = [
  {
    id: 'quiet-laundry',
    name: '조용한 세탁실',
    description: '민트 바탕에 곡선 문구를 두른 원형 방진패드 디자인',
    productSlug: 'custom-round-dampener',
    design: {
      version: 1,
      templateId: 'round-dampener-100',
      shape: 'circle',
      widthMm: 100,
      heightMm: 100,
      frontBackSame: true,
      sides: {
        front: {
          background: 'mint',
          nodes: [
            text('arc1', {
              x: 52,
              y: 52,
              text: '우리 집 세탁기',
              fontFamily: 'doHyeon',
              fontSize: 9,
              color: 'navy',
              arc: { radius: 36, angle: 0, direction: 'outside' },
            }),
            text('mid1', {
              x: 52,
              y: 54,
              text: '조용히\n부탁해요',
              fontFamily: 'jua',
              fontSize: 11,
              color: 'white',
            }),
          ],
        },
        back: { background: 'mint', nodes: [] },
      },
    },
  },
  {
    id: 'good-night',
    name: '굿나잇',
    description: '남색 바탕의 밤 인사, 층간소음 배려 문구',
    productSlug: 'custom-round-dampener',
    design: {
      version: 1,
      templateId: 'round-dampener-100',
      shape: 'circle',
      widthMm: 100,
      heightMm: 100,
      frontBackSame: true,
      sides: {
        front: {
          background: 'navy',
          nodes: [
            text('arc1', {
              x: 52,
              y: 52,
              text: 'GOOD NIGHT',
              fontFamily: 'blackHanSans',
              fontSize: 8,
              color: 'lemon',
              letterSpacing: 1.5,
              arc: { radius: 37, angle: 0, direction: 'outside' },
            }),
            text('mid1', { x: 52, y: 52, text: '쉿!', fontFamily: 'jua', fontSize: 22, color: 'white' }),
            text('arc2', {
              x: 52,
              y: 52,
              text: '아래층도 꿀잠',
              fontFamily: 'gowunDodum',
              fontSize: 6,
              color: 'babyBlue',
              arc: { radius: 36, angle: 180, direction: 'inside' },
            }),
          ],
        },
        back: { background: 'navy', nodes: [] },
      },
    },
  },
  {
    id: 'family-square',
    name: '우리 가족',
    description: '사진을 넣기 좋은 사각 방진패드 디자인 (사진은 편집기에서 추가)',
    productSlug: 'custom-square-photo-dampener',
    design: {
      version: 1,
      templateId: 'square-dampener-100',
      shape: 'square',
      widthMm: 100,
      heightMm: 100,
      frontBackSame: true,
      sides: {
        front: {
          background: 'cream',
          nodes: [
            text('title', {
              x: 52,
              y: 88,
              text: '우리 가족',
              fontFamily: 'gowunDodum',
              fontSize: 8,
              color: 'darkBrown',
            }),
          ],
        },
        back: { background: 'cream', nodes: [] },
      },
    },
  },
  {
    id: 'couple-initial',
    name: '커플 이니셜',
    description: '두 사람의 이니셜과 기념일을 담은 쿠션 디자인',
    productSlug: 'couple-initial-custom-cushion',
    design: {
      version: 1,
      templateId: 'square-cushion-450',
      shape: 'square',
      widthMm: 450,
      heightMm: 450,
      frontBackSame: true,
      sides: {
        front: {
          background: 'lightPink',
          nodes: [
            text('initials', {
              x: 235,
              y: 215,
              text: 'J & S',
              fontFamily: 'nanumMyeongjo',
              fontSize: 90,
              color: 'burgundy',
            }),
            text('date', {
              x: 235,
              y: 320,
              text: '2026. 05. 01',
              fontFamily: 'nanumGothic',
              fontSize: 22,
              color: 'wine',
              letterSpacing: 2,
            }),
          ],
        },
        back: { background: 'lightPink', nodes: [] },
      },
    },
  },
];

export function starterById(id: string | null | undefined): StarterDesign | null {
  return STARTERS.find((s) => s.id === id) ?? null;
}
