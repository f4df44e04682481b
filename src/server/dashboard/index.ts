/** The dashboard module's public entry (issue 15): the back office's figures, read-only. */
export { dashboardFigures } from './figures.ts';
export type { DashboardDay, DashboardFigures, DashboardPeriod, Figure, SalesFigure } from './figures.ts';
