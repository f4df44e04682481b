import { hc } from 'hono/client';
import type { ManagerCatalogSetupRoutes } from '../../api/api/manager-catalog-setup.ts';
import { CLIENT_OPTIONS, type ResponseOf } from '../shop-api-client.ts';

/**
 * `/api/manager/catalog`: the manager's categories, brands, partners and delivery templates
 * (src/api/api/manager-catalog-setup.ts).
 */
export const managerCatalogApi = hc<ManagerCatalogSetupRoutes>('/api/manager/catalog', CLIENT_OPTIONS);

type Api = typeof managerCatalogApi;
type CategoryJson = ResponseOf<Api['categories']['$get']>['menu'][number];
/** A category with its children (the JSON type of a recursive tree, spelled out). */
export type AdminCategory = Omit<CategoryJson, 'children'> & { children: AdminCategory[] };
export interface CategoryTree {
  menu: AdminCategory[];
  display: AdminCategory[];
}
export type AdminBrand = ResponseOf<Api['brands']['$get']>['items'][number];
export type AdminPartner = ResponseOf<Api['partners']['$get']>['items'][number];
export type AdminDeliveryTemplate = ResponseOf<Api['delivery-templates']['$get']>['items'][number];
export type AdminRemoteArea = AdminDeliveryTemplate['remoteAreas'][number];
