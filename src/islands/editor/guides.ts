/** The guides' colours: the canvas (Konva and the first draw) and its legend use the same. */
export const GUIDE = { bleed: '#d6336c', trim: '#495057', safe: '#1c7ed6', snap: '#e8590c' } as const;
