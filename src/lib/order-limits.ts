/** The most units one order line (or cart line) may hold, for the server and the browser alike. */
export const MAX_ORDER_CNT = 999;
