/** The notification module's public entry: messages to shoppers about their orders, claims and questions. */
export {
  dispatchDueNotifications,
  MAX_ATTEMPTS,
  nextAttemptAfter,
  RETRY_BACKOFF_MINUTES,
} from './dispatch.ts';
export type { DispatchOptions, DispatchResult } from './dispatch.ts';
export { selectByRef as notificationsAbout } from './repo.ts';
export type { NotificationRow } from './repo.ts';
export * as notificationSteps from './steps.ts';
export type { Recipients } from './steps.ts';
export { NOTIFICATION_EVENTS, renderNotification } from './templates.ts';
export type { NotificationEvent, NotificationInput, OrderFacts, RenderedNotification } from './templates.ts';
export {
  listNotifications,
  NOTIFICATION_EVENT_LABELS,
  resendNotification,
  STATUS_OF as NOTIFICATION_STATUS_OF,
} from './admin.ts';
export type { NotificationFilter, NotificationListItem } from './admin.ts';
