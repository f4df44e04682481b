import { Hono } from 'hono';
import { apiClientRegistry } from '../middleware/cors.ts';
import { shopHeaders } from '../middleware/shop-headers.ts';
import { authenticate } from '../middleware/auth.ts';
import { csrfProtection } from '../middleware/csrf.ts';
import { untypedJsonBody } from '../middleware/untyped-json.ts';
import { absoluteFileUrlAnswers } from '../middleware/absolute-urls.ts';
import { categoryListSlashRoutes, categoryRoutes } from './categories.ts';
import { displayRoutes } from './display.ts';
import { productRoutes } from './products.ts';
import { profileRoutes } from './profile.ts';
import { oauthTokenRoutes } from './oauth-token.ts';
import { termsRoutes } from './terms.ts';
import { authenticationRoutes } from './authentications.ts';
import { oauthRoutes, socialProfileRoutes } from './oauth.ts';
import { recoveryRoutes } from './recovery.ts';
import { boardRoutes } from './boards.ts';
import { inquiryRoutes } from './inquiries.ts';
import { pageScriptRoutes } from './page-scripts.ts';
import { termsHistoryRoutes } from './terms-history.ts';
import { cartRoutes } from './cart.ts';
import { guestCartRoutes } from './guest-cart.ts';
import { orderSheetRoutes } from './order-sheets.ts';
import { paymentRoutes } from './payments.ts';
import { guestOrderRoutes } from './guest-orders.ts';
import { profileOrderRoutes } from './profile-orders.ts';
import { accumulationWaitingRoutes, mypageOrderRoutes } from './profile-orders-mypage.ts';
import {
  profileClaimRoutes,
  profileOrderClaimRoutes,
  profileOrderOptionClaimRoutes,
} from './profile-claims.ts';
import { couponRoutes } from './coupons.ts';
import { kcpRoutes } from './kcp.ts';
import { accumulationRoutes } from './accumulations.ts';
import { shippingAddressRoutes } from './shipping-addresses.ts';
import { likeProductRoutes } from './like-products.ts';
import { productInquiryRoutes, profileProductInquiryRoutes } from './product-inquiries.ts';
import { productReviewRoutes } from './product-reviews.ts';
import { profileReviewRoutes, profileReviewableRoutes } from './profile-reviews.ts';
import {
  addressSearchRoutes,
  boardConfigRoutes,
  designPopupRoutes,
  displayExtraRoutes,
  externalScriptRoutes,
  mallRoutes,
  orderConfigRoutes,
  productInquiryConfigRoutes,
  productReviewConfigRoutes,
  profileExtraRoutes,
  relatedProductRoutes,
  skinBannerRoutes,
} from './skin-boot.ts';

/** `/shop-api`: the Shopby-compatible shop engine. One sub-app per resource. */
export function shopApi() {
  const app = new Hono();
  app.use('*', apiClientRegistry());
  app.use('*', shopHeaders());
  app.use('*', absoluteFileUrlAnswers());
  app.use('*', authenticate());
  app.use('*', csrfProtection());
  app.use('*', untypedJsonBody());
  // The calls a Shopby skin makes at start (skin-boot.ts), ahead of the routes sharing their prefixes.
  app.route('/malls', mallRoutes);
  app.route('/external-scripts', externalScriptRoutes);
  app.route('/skin-banners', skinBannerRoutes);
  app.route('/design-popups', designPopupRoutes);
  app.route('/display', displayExtraRoutes);
  app.route('/products', productInquiryConfigRoutes);
  app.route('/products', relatedProductRoutes);
  app.route('/product-reviews', productReviewConfigRoutes);
  app.route('/boards', boardConfigRoutes);
  app.route('/order-configs', orderConfigRoutes);
  app.route('/profile', profileExtraRoutes);
  app.route('/addresses', addressSearchRoutes);
  // before the catalogue's routes: their public cache must not reach the viewer-dependent Q&A and reviews
  app.route('/products', productInquiryRoutes);
  app.route('/products', productReviewRoutes);
  app.route('/products', productRoutes);
  app.route('/categories', categoryRoutes);
  app.route('/categories/', categoryListSlashRoutes);
  app.route('/display', displayRoutes);
  app.route('/profile', profileRoutes);
  app.route('/oauth/token', oauthTokenRoutes);
  app.route('/terms/history', termsHistoryRoutes);
  app.route('/terms', termsRoutes);
  app.route('/authentications', authenticationRoutes);
  app.route('/oauth', oauthRoutes);
  app.route('/profile', socialProfileRoutes);
  app.route('/profile', recoveryRoutes);
  app.route('/boards', boardRoutes);
  app.route('/inquiries', inquiryRoutes);
  app.route('/page', pageScriptRoutes);
  app.route('/cart', cartRoutes);
  app.route('/guest/cart', guestCartRoutes);
  app.route('/order-sheets', orderSheetRoutes);
  app.route('/payments', paymentRoutes);
  app.route('/guest/orders', guestOrderRoutes);
  app.route('/profile/orders', mypageOrderRoutes);
  app.route('/profile/orders', profileOrderClaimRoutes);
  app.route('/profile/orders', profileOrderRoutes);
  app.route('/profile/claims', profileClaimRoutes);
  app.route('/profile/order-options', profileOrderOptionClaimRoutes);
  app.route('/profile/accumulations', accumulationWaitingRoutes);
  app.route('/profile/accumulations', accumulationRoutes);
  app.route('/profile/shipping-addresses', shippingAddressRoutes);
  app.route('/profile/like-products', likeProductRoutes);
  app.route('/profile/product-inquiries', profileProductInquiryRoutes);
  app.route('/profile/product-reviews', profileReviewRoutes);
  app.route('/profile/order-options', profileReviewableRoutes);
  app.route('/coupons', couponRoutes);
  app.route('/kcp', kcpRoutes);
  return app;
}
