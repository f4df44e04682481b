/**
 * Where the draft design is kept: its key in localStorage and the copy a login started from the
 * editor carries in sessionStorage (decision 010). Apart from the stores so the editor's first draw
 * can read them without the session and cart code.
 */
export const DRAFT_DESIGN_KEY = 'podo:draft-design';
export const DRAFT_LOGIN_STASH_KEY = 'podo:draft-design:login';
