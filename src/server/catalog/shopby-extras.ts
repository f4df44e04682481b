import type { Executor } from '../db/client.ts';
import type { SkinBannersGroupsBySkinBannerGroup } from '@shopby/shop-sdk/build/types/domain/display';

/**
 * Catalogue reads for the calls a Shopby skin makes at start: the banner groups of the display
 * back office, named as the skin's banner groups (`groupCode` is what GET /display/banners/{codes}
 * takes).
 */
export async function skinBannerGroups(db: Executor): Promise<SkinBannersGroupsBySkinBannerGroup[]> {
  const r = await db.execute('SELECT code, name FROM banner_groups ORDER BY banner_group_no');
  return r.rows.map((g) => ({ groupCode: String(g.code), groupName: String(g.name), groupType: 'BANNER' }));
}
