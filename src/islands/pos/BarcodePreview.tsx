import { useEffect, useState } from 'react';
import { IN_HOUSE_PATTERN, isValidEan13 } from '../../lib/barcode.ts';

/**
 * The barcode as its label will print it, drawn in the browser by the same bwip-js code as the
 * label sheet. bwip-js is loaded only when a code is shown, so no other screen pays for it.
 */
export default function BarcodePreview({ code }: { code: string | null }) {
  const [svg, setSvg] = useState<{ code: string; markup: string } | null>(null);
  const drawable = code !== null && (isValidEan13(code) || IN_HOUSE_PATTERN.test(code));

  useEffect(() => {
    if (!drawable || !code) return undefined;
    let live = true;
    import('./BarcodeSvg.ts')
      .then(({ barcodeSvg }) => {
        if (live) setSvg({ code, markup: barcodeSvg(code) });
      })
      .catch(() => {
        if (live) setSvg(null);
      });
    return () => {
      live = false;
    };
  }, [code, drawable]);

  if (!drawable || !svg || svg.code !== code) return null;
  return (
    <figure className="pc-barcode-preview" role="img" aria-label={`바코드 ${code} 미리보기`}>
      {/* bwip-js's own drawing of a validated code: paths only, no text from the user */}
      <div dangerouslySetInnerHTML={{ __html: svg.markup }} />
    </figure>
  );
}
