import type { Db } from '../db/client.ts';
import { findBannerGroups, type BannerRow } from './display-repo.ts';
import { groupBy, imageInfo, ymdt } from './product-view.ts';
import type { BannerResponse, BannerSectionResponse } from './types.ts';

function toBanner(row: BannerRow & { banner_no: number }): BannerResponse {
  const start = row.display_start_ymdt;
  const end = row.display_end_ymdt;
  const image = imageInfo({
    product_no: 0,
    url: row.image_url ?? '',
    width: row.image_width ?? 0,
    height: row.image_height ?? 0,
    alt: row.name ?? '',
    is_main: 1,
    variants: row.variants ?? '[]',
  });
  return {
    bannerNo: row.banner_no,
    name: row.name ?? '',
    nameColor: '',
    description: row.description ?? '',
    descriptionColor: '',
    imageUrl: image.url,
    mouseOverImageUrl: '',
    videoUrl: '',
    landingUrl: row.landing_url ?? '/',
    landingUrlType: 'GENERAL',
    browerTargetType: row.browser_target ?? 'CURRENT',
    displayOrder: row.display_order ?? 0,
    displayPeriodType: start || end ? 'PERIOD' : 'REGULAR',
    displayStartYmdt: start ? ymdt(start) : '',
    displayEndYmdt: end ? ymdt(end) : '',
    leftSpaceColor: '',
    rightSpaceColor: '',
    extra: {
      mobileImageUrl: row.mobile_image_url,
      width: image.width,
      height: image.height,
      variants: image.variants,
    },
  };
}

/**
 * GET /display/banners/{codes}: one entry per known code, in the order asked, each with one account
 * holding the banners visible now (none: `accounts` is empty). Unknown codes are left out.
 */
export async function getBanners(db: Db, codes: readonly string[]): Promise<BannerSectionResponse[]> {
  const wanted = [...new Set(codes)];
  const rows = await findBannerGroups(db, wanted, new Date().toISOString());
  const groups = groupBy(rows, (r) => r.banner_group_no);
  const byCode = new Map([...groups.values()].map((g) => [g[0]?.code, g]));
  return wanted.flatMap((code) => {
    const group = byCode.get(code);
    const first = group?.[0];
    if (!group || !first) return [];
    const banners = group
      .filter((r): r is BannerRow & { banner_no: number } => r.banner_no !== null)
      .map(toBanner);
    return [
      {
        bannerSectionNo: first.banner_group_no,
        code: first.code,
        label: first.group_name,
        name: first.group_name,
        accounts: banners.length
          ? [
              {
                accountNo: first.banner_group_no,
                accountName: first.group_name,
                displayType: 'SEQUENTIAL',
                width: banners[0]?.extra.width ?? 0,
                height: banners[0]?.extra.height ?? 0,
                banners,
              },
            ]
          : [],
      },
    ];
  });
}
