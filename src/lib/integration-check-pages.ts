/**
 * The specification's /test/* pages that are integration checks (decision 028): administrators
 * only, each running one outside service or flow through the configured adapter. Not here: the
 * sandbox's payment window /test/{brand}-pay (shoppers use it; without a payment id it is the card
 * payment check and guards itself) and the point of sale under /test/pos.
 */
export const INTEGRATION_CHECK_PAGES = [
  '/test/board',
  '/test/coupon',
  '/test/dampener',
  '/test/kakao-login',
  '/test/login',
  '/test/naverpay',
  '/test/point',
  '/test/product',
  '/test/s3',
  '/test/sns-login',
  '/test/user-update',
  '/test/user-verification',
  '/test/user',
] as const;
