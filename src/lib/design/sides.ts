import type { DesignDocument, DesignSide, SideName } from './schema.ts';

/**
 * Front and back. With "front and back the same" on, the front is the one being edited and the back
 * is a copy of it; turning it off keeps that copy as the back's starting point. Every function
 * returns a new document (the history keeps the old ones).
 */

export const SIDES: readonly SideName[] = ['front', 'back'];
export const SIDE_LABELS: Record<SideName, string> = { front: '앞면', back: '뒷면' };

/** A deep copy of a side (its nodes keep their ids: ids are unique per side). */
export function copySide(side: DesignSide): DesignSide {
  return structuredClone(side);
}

/**
 * Turns "front and back the same" on or off. On: the back becomes a copy of the side the shopper was
 * looking at (`from`, the front by default), and that copy is also the front. Off: both sides keep
 * what they show now and are edited separately from here on.
 */
export function setFrontBackSame(
  doc: DesignDocument,
  same: boolean,
  from: SideName = 'front',
): DesignDocument {
  if (!same)
    return {
      ...doc,
      frontBackSame: false,
      sides: { front: copySide(doc.sides.front), back: copySide(doc.sides.back) },
    };
  const source = doc.sides[from];
  return { ...doc, frontBackSame: true, sides: { front: copySide(source), back: copySide(source) } };
}

/** Which stored side an edit of `side` changes: with "same" on, always the front. */
function editedSide(doc: DesignDocument, side: SideName): SideName {
  return doc.frontBackSame ? 'front' : side;
}

/** What `side` shows and prints: with "same" on, the front for both. */
export function sideToRender(doc: DesignDocument, side: SideName): DesignSide {
  return doc.sides[editedSide(doc, side)];
}

/** Applies an edit to a side; with "same" on the back follows the front. */
export function updateSide(
  doc: DesignDocument,
  side: SideName,
  edit: (current: DesignSide) => DesignSide,
): DesignDocument {
  const target = editedSide(doc, side);
  const next = edit(doc.sides[target]);
  if (doc.frontBackSame) return { ...doc, sides: { front: next, back: copySide(next) } };
  return { ...doc, sides: { ...doc.sides, [target]: next } };
}

/** The stored form of a document: with "same" on, the back is made an exact copy of the front. */
export function normalizeSides(doc: DesignDocument): DesignDocument {
  return doc.frontBackSame
    ? { ...doc, sides: { front: doc.sides.front, back: copySide(doc.sides.front) } }
    : doc;
}

/** Copies one side onto the other (a "copy front to back" button with "same" off). */
export function copySideTo(doc: DesignDocument, from: SideName, to: SideName): DesignDocument {
  if (from === to) return doc;
  return { ...doc, sides: { ...doc.sides, [to]: copySide(doc.sides[from]) } };
}
