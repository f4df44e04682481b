/** Errors of the display editors: home banners and display sections. */
export const DISPLAY_MANAGE_ERRORS = {} as const;
