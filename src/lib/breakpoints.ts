/** Viewport breakpoints of the specification (px). */
export const VIEWPORT = {
  mobile: 320,
  mobileMedium: 375,
  mobileWide: 425,
  tablet: 768,
  desktop: 1024,
  desktopMedium: 1280,
  desktopWide: 1600,
} as const;

/** Image layout breakpoints of the specification (px) and the densities images are made for. */
export const IMAGE_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
export const IMAGE_DENSITIES = [1, 2] as const;
