import { drawDesignSide } from '../../lib/design/draw.ts';
import { previewScale } from '../../lib/design/geometry.ts';
import type { DesignDocument, SideName } from '../../lib/design/schema.ts';
import { printAreaMm, template } from '../../lib/design/templates.ts';
import { designAssetsReady, loadedImage } from './assets.ts';

/**
 * A preview of one side drawn off-screen with the shared drawing code (draw.ts), so it shows the
 * side asked for whatever the canvas is showing, without guides or selection handles. Used for
 * the draft's thumbnail; the server renders the saved previews and print files itself.
 */
export async function renderPreview(
  doc: DesignDocument,
  side: SideName,
  sizePx = 160,
): Promise<string | null> {
  await designAssetsReady(doc);
  const t = template(doc.templateId);
  const pxPerMm = previewScale(t, sizePx);
  const area = printAreaMm(t);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.widthMm * pxPerMm);
  canvas.height = Math.round(area.heightMm * pxPerMm);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  drawDesignSide(ctx, doc, side, { pxPerMm, image: loadedImage });
  try {
    return canvas.toDataURL('image/png');
  } catch {
    // a tainted canvas (an image from a server without CORS): no thumbnail rather than an error
    return null;
  }
}
