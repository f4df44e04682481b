import { managerDisplayApi } from '../../../lib/clients/manager-display.ts';
import { param, query, unwrap, type ResponseOf } from '../../../lib/shop-api-client.ts';

/** The banner editor's calls to /api/manager/display/banners, typed from the routes. */

export type BannerList = ResponseOf<typeof managerDisplayApi.banners.$get>;
export type Banner = BannerList['banners'][number];

const api = managerDisplayApi.banners;
const one = api[':bannerNo{[0-9]+}'];
const bannerParam = (bannerNo: number) => param({ bannerNo: String(bannerNo) });

export interface BannerFields {
  name: string;
  description: string;
  landingUrl: string;
  newWindow: boolean;
  visible: boolean;
  /** Seoul `YYYY-MM-DDTHH:mm`, or null for no limit. */
  displayStart: string | null;
  displayEnd: string | null;
}

export const listBanners = (groupNo: number) => unwrap(api.$get({ query: query({ groupNo }) }));

export const createBanner = (groupNo: number, fields: BannerFields) =>
  unwrap(api.$post({ json: { groupNo, ...fields } }));

export const updateBanner = (bannerNo: number, version: number, fields: BannerFields) =>
  unwrap(one.$patch({ param: bannerParam(bannerNo), json: { version, ...fields } }));

export const uploadBannerImage = (
  bannerNo: number,
  kind: 'desktop' | 'mobile',
  version: number,
  file: File,
) =>
  unwrap(
    one.image.$post({
      param: bannerParam(bannerNo),
      query: { kind },
      form: { file, version: String(version) },
    }),
  );

export const removeMobileImage = (bannerNo: number, version: number) =>
  unwrap(
    one.image.$delete({ param: bannerParam(bannerNo), query: { kind: 'mobile', version: String(version) } }),
  );

export const deleteBanner = (bannerNo: number, version: number) =>
  unwrap(one.$delete({ param: bannerParam(bannerNo), query: { version: String(version) } }));

export const reorderBanners = (groupNo: number, banners: readonly Banner[]) =>
  unwrap(
    api.reorder.$post({
      json: { groupNo, bannerNos: banners.map((b) => b.bannerNo), versions: banners.map((b) => b.version) },
    }),
  );
