import type { InStatement } from '@libsql/client';
import { BANNER_IMAGE_WIDTHS } from '../../../lib/images.ts';
import { bannerArt, type ArtKind } from './artwork.ts';
import { isListed } from './build.ts';
import { imageBase, variants, variantUrl, type ImageJob } from './images.ts';
import { insert } from './sql.ts';
import { CATEGORY } from './store.ts';
import type { ProductSeed } from './types.ts';

interface BannerSeed {
  no: number;
  group: 'MAIN' | 'SUB';
  name: string;
  description: string;
  landingUrl: string;
  art: { from: string; to: string; kind: ArtKind; color: string; accent: string };
}

const GROUPS = [
  { no: 1, code: 'MAIN', name: '메인 캐러셀 배너' },
  { no: 2, code: 'SUB', name: '메인 서브 배너' },
] as const;

const BANNERS: BannerSeed[] = [
  {
    no: 101,
    group: 'MAIN',
    name: '세탁기 소음, 이제 그만',
    description: '원형·사각 방진패드 최대 10% 할인',
    landingUrl: `/categories/${CATEGORY.dampeners}`,
    art: { from: '#1d3557', to: '#457b9d', kind: 'round-pad', color: '#2f3437', accent: '#a8dadc' },
  },
  {
    no: 102,
    group: 'MAIN',
    name: '나만의 방진패드 만들기',
    description: '색상부터 문구까지 직접 디자인하는 커스텀 방진패드',
    landingUrl: '/products/custom-round-dampener',
    art: { from: '#2a9d8f', to: '#8ad1c2', kind: 'round-pad', color: '#3fb8a8', accent: '#ffd166' },
  },
  {
    no: 103,
    group: 'MAIN',
    name: '홈트 시작 준비물',
    description: '요가매트·폼롤러·밴드 인기 상품 모음',
    landingUrl: `/categories/${CATEGORY.exercise}`,
    art: { from: '#5b4b9a', to: '#b7a6e0', kind: 'mat-roll', color: '#b7a6e0', accent: '#6d5aa8' },
  },
  {
    no: 201,
    group: 'SUB',
    name: '사진 한 장으로 만드는 쿠션',
    description: '커스텀 포토 쿠션 첫 주문 3,000원 할인',
    landingUrl: '/products/custom-photo-cushion-square',
    art: { from: '#e76f51', to: '#f4a261', kind: 'cushion-square', color: '#f6c6b8', accent: '#e05a47' },
  },
  {
    no: 202,
    group: 'SUB',
    name: '조용한 집 만들기',
    description: '슬리퍼·펠트 패드·방진매트로 층간소음 줄이기',
    landingUrl: `/categories/${CATEGORY.floorNoise}`,
    art: { from: '#264653', to: '#3d8b7d', kind: 'slipper', color: '#e0d6c8', accent: '#8b7d6b' },
  },
];

function bannerImageJobs(): { banner: BannerSeed; job: ImageJob }[] {
  return BANNERS.map((banner) => {
    const { from, to, kind, color, accent } = banner.art;
    const art = bannerArt(from, to, kind, color, accent);
    return {
      banner,
      job: {
        base: imageBase('catalog/banners', `banner-${banner.no}`, art),
        art,
        viewWidth: 300,
        viewHeight: 100,
        widths: BANNER_IMAGE_WIDTHS,
      },
    };
  });
}

/** Banner groups and banners, shown from two weeks before the seed time. */
export function bannerStatements(anchor: Date): { stmts: InStatement[]; images: ImageJob[] } {
  const stmts = GROUPS.map((g) =>
    insert('banner_groups', { banner_group_no: g.no, code: g.code, name: g.name }),
  );
  const jobs = bannerImageJobs();
  const start = new Date(anchor.getTime() - 14 * 86_400_000).toISOString();
  jobs.forEach(({ banner, job }, i) => {
    stmts.push(
      insert('banners', {
        banner_no: banner.no,
        banner_group_no: GROUPS.find((g) => g.code === banner.group)?.no ?? 1,
        name: banner.name,
        description: banner.description,
        image_url: variantUrl(job.base, 1920),
        image_width: 1920,
        image_height: 640,
        variants: JSON.stringify(variants(job)),
        landing_url: banner.landingUrl,
        display_order: i + 1,
        display_start_ymdt: start,
      }),
    );
  });
  return { stmts, images: jobs.map((j) => j.job) };
}

/**
 * The product sections: best, new, MD picks and custom products. The home page shows best and new
 * in that order (`on_home`, `display_order`); the manager changes that at /manager/display/sections.
 */
export function sectionStatements(products: ProductSeed[]): InStatement[] {
  const listed = products.filter(isListed);
  const sections: {
    no: number;
    label: string;
    explain: string;
    sort: string;
    onHome?: boolean;
    items: ProductSeed[];
  }[] = [
    {
      no: 1001,
      onHome: true,
      label: '베스트',
      explain: '지금 가장 많이 팔리는 상품',
      sort: 'ADMIN_SETTING',
      items: [...listed].sort((a, b) => b.sales - a.sales).slice(0, 12),
    },
    {
      no: 1002,
      onHome: true,
      label: '신상품',
      explain: '새로 들어온 상품을 만나 보세요',
      sort: 'SALE_YMD',
      items: [...listed].sort((a, b) => a.daysAgo - b.daysAgo).slice(0, 12),
    },
    {
      no: 1003,
      label: 'MD 추천',
      explain: 'MD가 직접 써 보고 고른 상품',
      sort: 'ADMIN_SETTING',
      items: listed.filter((p) => p.md !== undefined).sort((a, b) => (a.md ?? 0) - (b.md ?? 0)),
    },
    {
      no: 1004,
      label: '나만의 커스텀 상품',
      explain: '디자인부터 인쇄까지, 세상에 하나뿐인 상품',
      sort: 'ADMIN_SETTING',
      items: listed.filter((p) => p.customizable),
    },
  ];
  return sections.flatMap((s, i) => [
    insert('display_sections', {
      section_no: s.no,
      label: s.label,
      section_explain: s.explain,
      display_type: 'GALLERY',
      sort_type: s.sort,
      on_home: s.onHome ? 1 : 0,
      display_order: i + 1,
    }),
    ...s.items.map((p, i) =>
      insert('display_section_products', { section_no: s.no, product_no: p.no, display_order: i + 1 }),
    ),
  ]);
}
