import { code128, drawingSVG, ean13 } from 'bwip-js/generic';
import { isValidEan13 } from '../../lib/barcode.ts';

/**
 * An option's barcode drawn as SVG by bwip-js (vector, so labels print sharp at any size): EAN-13
 * for a manufacturer's code (guard bars and digits under them, as scanners and people expect),
 * Code 128 for the shop's in-house `PD…` codes and anything else. The label sheet renders it on the
 * server; the barcode screens load it in the browser for a preview. The SVG has a viewBox and no
 * size: the container gives it its width.
 */

export type Symbology = 'EAN-13' | 'Code 128';

export function symbologyOf(code: string): Symbology {
  return isValidEan13(code) ? 'EAN-13' : 'Code 128';
}

export interface BarcodeSvgOptions {
  /** Bar height in millimetres at scale 1 (bwip-js units); the label's CSS sizes the whole. */
  height?: number;
  /** Print the code's characters under the bars. */
  text?: boolean;
}

/** The SVG markup of `code`; throws for a code its symbology cannot carry. */
export function barcodeSvg(code: string, { height = 12, text = true }: BarcodeSvgOptions = {}): string {
  // ten modules of white either side: the quiet zone scanners need, whatever the label's margin
  const common = { text: code, scale: 1, height, includetext: text, paddingwidth: 10 };
  return symbologyOf(code) === 'EAN-13'
    ? ean13({ bcid: 'ean13', ...common }, drawingSVG())
    : code128({ bcid: 'code128', ...common }, drawingSVG());
}
