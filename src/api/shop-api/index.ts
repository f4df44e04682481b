import { Hono } from 'hono';
import { shopHeaders } from '../middleware/shop-headers.ts';
import { authenticate } from '../middleware/auth.ts';
import { csrfProtection } from '../middleware/csrf.ts';
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

/** `/shop-api`: the Shopby-compatible shop engine. One sub-app per resource. */
export function shopApi() {
  const app = new Hono();
  app.use('*', shopHeaders());
  app.use('*', authenticate());
  app.use('*', csrfProtection());
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
  return app;
}
