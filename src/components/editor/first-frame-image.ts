import { drawFirstFrame, type FirstFrame } from '../../islands/editor/first-draw.ts';

/**
 * The editor's first frame as an image in the page's HTML (decision 049): the template the design
 * starts on, drawn on the server by the browser's own first-draw code (`drawFirstFrame`) so it is
 * painted with the HTML — the page's largest paint — before any script runs. The image is square
 * with the fit view's margin in it, so `object-fit: contain` in the stage box puts the print area
 * exactly where the canvas and then the workspace draw it. Server only.
 */

/** CSS pixels of the square the frame is drawn in, and device pixels per CSS pixel. */
const FRAME_CSS_PX = 320;
const PIXEL_RATIO = 2;
/** The image's intrinsic size (its `width` and `height` attributes). */
export const FIRST_FRAME_IMAGE_PX = FRAME_CSS_PX * PIXEL_RATIO;

const made = new Map<string, Promise<string>>();

async function render(frame: FirstFrame): Promise<string> {
  // loaded on the first editor page, not at start (decision 077)
  const [{ createCanvas }, { default: sharp }] = await Promise.all([
    import('@napi-rs/canvas'),
    import('sharp'),
  ]);
  const canvas = createCanvas(FIRST_FRAME_IMAGE_PX, FIRST_FRAME_IMAGE_PX);
  drawFirstFrame(canvas.getContext('2d'), frame, {
    width: FRAME_CSS_PX,
    height: FRAME_CSS_PX,
    pixelRatio: PIXEL_RATIO,
  });
  // a few flat colours and their edges: a 16-colour palette keeps it near 10 KB (57 KB as RGBA)
  const png = await sharp(canvas.toBuffer('image/png'))
    .png({ palette: true, colours: 16, compressionLevel: 9 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The frame as a `data:` PNG address, made once per template and colour in a process. */
export function firstFrameImage(frame: FirstFrame): Promise<string> {
  const key = `${frame.templateId}|${frame.background}`;
  let src = made.get(key);
  if (!src) {
    src = render(frame);
    made.set(key, src);
    src.catch(() => made.delete(key));
  }
  return src;
}
