import { Hono } from 'hono';
import { auditTrail } from '../middleware/audit.ts';
import { authenticate } from '../middleware/auth.ts';
import { csrfProtection } from '../middleware/csrf.ts';
import { catalogRoutes, searchRoutes } from './catalog.ts';
import { cookieRoutes } from './cookies.ts';
import { brandRoutes } from './brand.ts';
import { devOAuthRoutes } from './dev-oauth.ts';
import { managerAuditRoutes } from './manager-audit.ts';
import { managerCouponRoutes, managerPointsRoutes } from './manager-promotions.ts';
import { managerOutboxRoutes } from './manager-outbox.ts';
import { managerCatalogSetupRoutes } from './manager-catalog-setup.ts';
import { managerDisplayRoutes } from './manager-display.ts';
import { managerProductRoutes } from './manager-products.ts';
import { managerStoreRoutes } from './manager-stores.ts';
import { kakaoSandboxRoutes, posRoutes } from './pos.ts';
import { posSalesRoutes } from './pos-sales.ts';
import { posCustomRoutes } from './pos-custom.ts';
import { posCatalogRoutes } from './pos-catalog.ts';
import { posStoreRoutes } from './pos-stores.ts';
import { s3Routes, uploadRoutes } from './upload.ts';
import { managerBoardRoutes } from './manager-board.ts';
import { managerProductInquiryRoutes } from './manager-product-inquiries.ts';
import { paymentSandboxRoutes, paymentWebhookRoutes } from './payment-sandbox.ts';
import { brandCustomOrderRoutes, customDesignRoutes } from './custom-design.ts';
import { podRoutes } from './pod.ts';
import { managerClaimRoutes, managerOrderRoutes } from './manager-orders.ts';

/** `/api`: the shop's own routes (cookies, uploads, custom designs, brand member routes, admin). */
export function ownApi() {
  const app = new Hono();
  app.use('*', authenticate());
  app.use('*', csrfProtection());
  app.use('*', auditTrail());
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/', cookieRoutes);
  app.route('/catalog', catalogRoutes);
  app.route('/search', searchRoutes);
  app.route('/dev-oauth', devOAuthRoutes);
  app.route('/manager/outbox', managerOutboxRoutes);
  app.route('/manager/audit', managerAuditRoutes);
  app.route('/upload', uploadRoutes);
  app.route('/s3', s3Routes);
  app.route('/manager/product-inquiries', managerProductInquiryRoutes);
  app.route('/manager/orders', managerOrderRoutes);
  app.route('/manager/products', managerProductRoutes);
  app.route('/manager/catalog', managerCatalogSetupRoutes);
  app.route('/manager/display', managerDisplayRoutes);
  app.route('/manager/claims', managerClaimRoutes);
  app.route('/manager/stores', managerStoreRoutes);
  app.route('/manager/coupons', managerCouponRoutes);
  app.route('/manager/points', managerPointsRoutes);
  app.route('/pos/catalog', posCatalogRoutes);
  app.route('/pos/kakao-sandbox', kakaoSandboxRoutes);
  app.route('/pos/reports', posSalesRoutes);
  app.route('/pos/custom', posCustomRoutes);
  // before posRoutes: choosing a store must work while the remembered one is refused
  app.route('/pos', posStoreRoutes);
  app.route('/pos', posRoutes);
  app.route('/manager', managerBoardRoutes);
  app.route('/payment-sandbox', paymentSandboxRoutes);
  app.route('/payments/webhook', paymentWebhookRoutes);
  app.route('/custom', customDesignRoutes);
  app.route('/pod', podRoutes);
  // `/:brand` answers only for BRAND_SLUG and passes every other path on
  app.route('/', brandCustomOrderRoutes);
  app.route('/', brandRoutes);
  return app;
}
