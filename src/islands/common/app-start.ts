import { expireGuestCart } from '../stores/guest-cart.ts';
import { expireGuestIdentity } from '../stores/guest.ts';

/**
 * What every page checks once at start (spec sections 4 and 5): an expired guest identity (48 h)
 * and a guest cart older than 24 hours are dropped.
 */
expireGuestIdentity();
expireGuestCart();
