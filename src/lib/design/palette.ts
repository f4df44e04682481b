/**
 * The editor's colours (spec: "about 12 basic and 35 extended" named colours). One list shared by
 * the editor's swatches and the server's validation and rendering: a design stores colour ids,
 * never raw hex, so a printed colour can only be one the print shop has calibrated.
 */

export interface PaletteColour {
  readonly id: string;
  readonly hex: string;
  /** Korean name shown beside the swatch and read by screen readers. */
  readonly label: string;
}

export const BASIC_COLOURS = [
  { id: 'black', hex: '#000000', label: '검정' },
  { id: 'white', hex: '#FFFFFF', label: '흰색' },
  { id: 'silver', hex: '#C0C0C0', label: '은색' },
  { id: 'red', hex: '#E53935', label: '빨강' },
  { id: 'orange', hex: '#FB8C00', label: '주황' },
  { id: 'yellow', hex: '#FDD835', label: '노랑' },
  { id: 'green', hex: '#43A047', label: '초록' },
  { id: 'skyBlue', hex: '#4FC3F7', label: '하늘색' },
  { id: 'cobaltBlue', hex: '#0047AB', label: '코발트블루' },
  { id: 'navy', hex: '#1A237E', label: '남색' },
  { id: 'purple', hex: '#8E24AA', label: '보라' },
  { id: 'pink', hex: '#F48FB1', label: '분홍' },
] as const satisfies readonly PaletteColour[];

export const EXTENDED_COLOURS = [
  { id: 'darkGreen', hex: '#1B5E20', label: '진초록' },
  { id: 'lightGreen', hex: '#9CCC65', label: '연두' },
  { id: 'mint', hex: '#98E0C8', label: '민트' },
  { id: 'olive', hex: '#808000', label: '올리브' },
  { id: 'khaki', hex: '#B5A66B', label: '카키' },
  { id: 'lime', hex: '#CDDC39', label: '라임' },
  { id: 'teal', hex: '#00897B', label: '청록' },
  { id: 'turquoise', hex: '#26C6DA', label: '터키석색' },
  { id: 'babyBlue', hex: '#BBDEFB', label: '연하늘' },
  { id: 'royalBlue', hex: '#3F51B5', label: '로열블루' },
  { id: 'indigo', hex: '#311B92', label: '인디고' },
  { id: 'lavender', hex: '#C5B3E6', label: '라벤더' },
  { id: 'violet', hex: '#7E57C2', label: '바이올렛' },
  { id: 'plum', hex: '#6A1B4D', label: '자두색' },
  { id: 'magenta', hex: '#D81B60', label: '자홍' },
  { id: 'hotPink', hex: '#FF4F9A', label: '핫핑크' },
  { id: 'lightPink', hex: '#FADADD', label: '연분홍' },
  { id: 'coral', hex: '#FF7F50', label: '코랄' },
  { id: 'salmon', hex: '#F4A582', label: '연어색' },
  { id: 'peach', hex: '#FFCBA4', label: '복숭아색' },
  { id: 'burgundy', hex: '#800020', label: '버건디' },
  { id: 'wine', hex: '#5E1224', label: '와인' },
  { id: 'lemon', hex: '#FFF59D', label: '레몬' },
  { id: 'mustard', hex: '#E1AD01', label: '머스터드' },
  { id: 'gold', hex: '#C9A227', label: '금색' },
  { id: 'ivory', hex: '#FFFFF0', label: '아이보리' },
  { id: 'cream', hex: '#F3E5C0', label: '크림' },
  { id: 'beige', hex: '#E8D8B8', label: '베이지' },
  { id: 'camel', hex: '#C19A6B', label: '카멜' },
  { id: 'brown', hex: '#795548', label: '갈색' },
  { id: 'darkBrown', hex: '#4E342E', label: '고동색' },
  { id: 'lightGray', hex: '#E0E0E0', label: '연회색' },
  { id: 'gray', hex: '#9E9E9E', label: '회색' },
  { id: 'darkGray', hex: '#616161', label: '진회색' },
  { id: 'charcoal', hex: '#36454F', label: '차콜' },
] as const satisfies readonly PaletteColour[];

export const PALETTE: readonly PaletteColour[] = [...BASIC_COLOURS, ...EXTENDED_COLOURS];

export type ColourId = (typeof BASIC_COLOURS)[number]['id'] | (typeof EXTENDED_COLOURS)[number]['id'];

/** Every colour id, as the non-empty tuple zod's `enum` wants. */
export const COLOUR_IDS = PALETTE.map((c) => c.id) as [ColourId, ...ColourId[]];

const byId = new Map(PALETTE.map((c) => [c.id, c]));

export function isColourId(id: string): id is ColourId {
  return byId.has(id);
}

/** The colour of an id; throws for an id that is not in the palette (validated documents have none). */
export function colour(id: ColourId): PaletteColour {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown colour id: ${id}`);
  return found;
}

export const colourHex = (id: ColourId): string => colour(id).hex;

/** A new design's background and a new text's colour. */
export const DEFAULT_BACKGROUND: ColourId = 'white';
export const DEFAULT_TEXT_COLOUR: ColourId = 'black';
