/**
 * A design line in the cart: the product, its option (material …), and this option input carrying
 * the design id. Each design line is its own cart line (a custom input never merges). Without zod,
 * for the carts' islands (issue 16); `api.ts` holds the routes' schemas.
 */
export const DESIGN_INPUT_LABEL = '디자인 번호';

export const optionInputOf = (designId: string) => ({ inputLabel: DESIGN_INPUT_LABEL, inputValue: designId });
