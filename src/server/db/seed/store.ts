import type { BrandKey, PartnerKey } from './types.ts';

/**
 * The shop's fixed reference data: partners (the first is the shop's own brand), brands, delivery
 * templates, and the display and standard category trees.
 */
export const PARTNER_NO: Record<PartnerKey, number> = {
  self: 10001,
  daehan: 10002,
  bareun: 10003,
  cozy: 10004,
};

export function partners(brandName: string) {
  return [
    { no: PARTNER_NO.self, name: brandName, isBrandSelf: 1 },
    { no: PARTNER_NO.daehan, name: '(주)대한방진산업', isBrandSelf: 0 },
    { no: PARTNER_NO.bareun, name: '바른스포츠', isBrandSelf: 0 },
    { no: PARTNER_NO.cozy, name: '코지리빙', isBrandSelf: 0 },
  ];
}

export const BRAND_NO: Record<BrandKey, number> = {
  self: 20001,
  silentStep: 20002,
  fitmate: 20003,
  ecoyoga: 20004,
  cozyroom: 20005,
};

export function brands(brandName: string, brandSlug: string) {
  return [
    { no: BRAND_NO.self, name: brandName, ko: brandName, en: brandSlug.toUpperCase(), order: 1 },
    { no: BRAND_NO.silentStep, name: '사일런트스텝', ko: '사일런트스텝', en: 'SILENT STEP', order: 2 },
    { no: BRAND_NO.fitmate, name: '핏메이트', ko: '핏메이트', en: 'FITMATE', order: 3 },
    { no: BRAND_NO.ecoyoga, name: '에코요가', ko: '에코요가', en: 'ECOYOGA', order: 4 },
    { no: BRAND_NO.cozyroom, name: '코지룸', ko: '코지룸', en: 'COZYROOM', order: 5 },
  ];
}

export const TEMPLATE = {
  selfConditional: 30001,
  selfFree: 30002,
  daehanFixed: 30003,
  bareunConditional: 30004,
  cozyFree: 30005,
} as const;

export interface DeliveryTemplateSeed {
  no: number;
  partner: PartnerKey;
  name: string;
  company: string;
  condition: 'FREE' | 'CONDITIONAL' | 'FIXED_FEE';
  base: number;
  above: number | null;
  remote: number;
  returnAmt: number;
  area: 'MALL' | 'PARTNER';
}

export const DELIVERY_TEMPLATES: DeliveryTemplateSeed[] = [
  {
    no: TEMPLATE.selfConditional,
    partner: 'self',
    name: '기본 배송 (5만원 이상 무료)',
    company: 'CJ',
    condition: 'CONDITIONAL',
    base: 3000,
    above: 50000,
    remote: 3000,
    returnAmt: 3000,
    area: 'MALL',
  },
  {
    no: TEMPLATE.selfFree,
    partner: 'self',
    name: '무료배송 (주문 제작 상품)',
    company: 'CJ',
    condition: 'FREE',
    base: 0,
    above: null,
    remote: 3000,
    returnAmt: 5000,
    area: 'MALL',
  },
  {
    no: TEMPLATE.daehanFixed,
    partner: 'daehan',
    name: '대한방진 고정 배송비',
    company: 'HANJIN',
    condition: 'FIXED_FEE',
    base: 2500,
    above: null,
    remote: 3000,
    returnAmt: 2500,
    area: 'PARTNER',
  },
  {
    no: TEMPLATE.bareunConditional,
    partner: 'bareun',
    name: '바른스포츠 조건부 무료배송',
    company: 'LOTTE',
    condition: 'CONDITIONAL',
    base: 3000,
    above: 50000,
    remote: 3000,
    returnAmt: 3000,
    area: 'PARTNER',
  },
  {
    no: TEMPLATE.cozyFree,
    partner: 'cozy',
    name: '코지리빙 무료배송',
    company: 'CJ',
    condition: 'FREE',
    base: 0,
    above: null,
    remote: 3000,
    returnAmt: 4000,
    area: 'PARTNER',
  },
];

export const DEFAULT_TEMPLATE: Record<PartnerKey, number> = {
  self: TEMPLATE.selfConditional,
  daehan: TEMPLATE.daehanFixed,
  bareun: TEMPLATE.bareunConditional,
  cozy: TEMPLATE.cozyFree,
};

/** Display category numbers the pages and the specification refer to. */
export const CATEGORY = {
  dampeners: 529105,
  washerPads: 529106,
  treadmillPads: 529107,
  audioPads: 529108,
  appliancePads: 529109,
  exercise: 757067,
  yogaMats: 757068,
  bands: 757069,
  rollers: 757070,
  homeTraining: 757071,
  cushions: 612300,
  customCushions: 612301,
  seatCushions: 612302,
  living: 684500,
  floorNoise: 684501,
  soundproof: 684502,
  desk: 684503,
  newArrivals: 178561,
  pod: 250001,
  custom: 250003,
  test: 318518,
} as const;

export interface CategorySeed {
  no: number;
  parent: number | null;
  label: string;
  depth: number;
  order: number;
  menu: 0 | 1;
}

const C = CATEGORY;
export const CATEGORIES: CategorySeed[] = [
  { no: C.dampeners, parent: null, label: '방진패드·방진매트', depth: 1, order: 1, menu: 1 },
  { no: C.washerPads, parent: C.dampeners, label: '세탁기·건조기 방진패드', depth: 2, order: 1, menu: 1 },
  { no: C.treadmillPads, parent: C.dampeners, label: '러닝머신·운동기구 방진', depth: 2, order: 2, menu: 1 },
  { no: C.audioPads, parent: C.dampeners, label: '스피커·오디오 방진', depth: 2, order: 3, menu: 1 },
  { no: C.appliancePads, parent: C.dampeners, label: '가전 진동 방지', depth: 2, order: 4, menu: 1 },
  { no: C.exercise, parent: null, label: '운동 액세서리', depth: 1, order: 2, menu: 1 },
  { no: C.yogaMats, parent: C.exercise, label: '요가매트·운동매트', depth: 2, order: 1, menu: 1 },
  { no: C.bands, parent: C.exercise, label: '밴드·튜빙', depth: 2, order: 2, menu: 1 },
  { no: C.rollers, parent: C.exercise, label: '폼롤러·마사지', depth: 2, order: 3, menu: 1 },
  { no: C.homeTraining, parent: C.exercise, label: '홈트레이닝 소도구', depth: 2, order: 4, menu: 1 },
  { no: C.cushions, parent: null, label: '쿠션·방석', depth: 1, order: 3, menu: 1 },
  { no: C.customCushions, parent: C.cushions, label: '커스텀 쿠션', depth: 2, order: 1, menu: 1 },
  { no: C.seatCushions, parent: C.cushions, label: '방석·등쿠션', depth: 2, order: 2, menu: 1 },
  { no: C.living, parent: null, label: '생활·소음방지', depth: 1, order: 4, menu: 1 },
  { no: C.floorNoise, parent: C.living, label: '층간소음 방지', depth: 2, order: 1, menu: 1 },
  { no: C.soundproof, parent: C.living, label: '방음·흡음', depth: 2, order: 2, menu: 1 },
  { no: C.desk, parent: C.living, label: '데스크·생활 소품', depth: 2, order: 3, menu: 1 },
  // special display categories: not in the menu, used by /new, /custom-products and tests
  { no: C.newArrivals, parent: null, label: '신상품', depth: 1, order: 90, menu: 0 },
  { no: C.pod, parent: null, label: 'POD 상품', depth: 1, order: 91, menu: 0 },
  { no: C.custom, parent: null, label: '커스텀 상품', depth: 1, order: 92, menu: 0 },
  { no: C.test, parent: null, label: '테스트', depth: 1, order: 99, menu: 0 },
];

/** The back office's standard classification (one per product). */
export const STANDARD = { noise: 1101, sportsMat: 2101, sportsGear: 2102, cushion: 3101, etc: 9001 } as const;

export const STANDARD_CATEGORIES = [
  { no: 1000, parent: null, label: '생활/건강', depth: 1 },
  { no: 1100, parent: 1000, label: '생활용품', depth: 2 },
  { no: STANDARD.noise, parent: 1100, label: '소음·진동 방지용품', depth: 3 },
  { no: 2000, parent: null, label: '스포츠/레저', depth: 1 },
  { no: 2100, parent: 2000, label: '헬스/요가', depth: 2 },
  { no: STANDARD.sportsMat, parent: 2100, label: '요가·운동매트', depth: 3 },
  { no: STANDARD.sportsGear, parent: 2100, label: '운동 소도구', depth: 3 },
  { no: 3000, parent: null, label: '가구/인테리어', depth: 1 },
  { no: 3100, parent: 3000, label: '홈데코', depth: 2 },
  { no: STANDARD.cushion, parent: 3100, label: '쿠션·방석', depth: 3 },
  { no: 9000, parent: null, label: '기타', depth: 1 },
  { no: STANDARD.etc, parent: 9000, label: '기타 상품', depth: 2 },
];
