/** The registered API clients' module (decision 032): code outside src/server/api-client/ imports only this file. */
export {
  createApiClient,
  getApiClient,
  listApiClients,
  updateApiClient,
  type AdminApiClient,
} from './service.ts';
export { invalidateApiClients, refreshApiClients, registeredApiClients } from './registry.ts';
export { API_CLIENT_NAME_MAX, ApiClientCreate, ApiClientPut, ClientIdParam } from './schema.ts';
