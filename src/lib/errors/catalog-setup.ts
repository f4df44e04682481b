/** Errors of the catalogue's setup editors: categories, brands, partners, delivery templates. */
export const CATALOG_SETUP_ERRORS = {} as const;
