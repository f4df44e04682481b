import { parseDesign } from '../../lib/design/schema.ts';
import type { Db } from '../db/client.ts';
import { AppError, appError } from '../platform/errors.ts';
import { storage } from '../storage/index.ts';
import { getCustomOrder, savePrintFiles, type CustomOrderRow } from './custom-orders.ts';
import { renderPrintFile } from './render.ts';

/**
 * The files the print shop gets for a custom order: a 300 DPI PNG per side and the design JSON,
 * drawn from the document copied when the order was paid. Stored under the design's unguessable id.
 */
export async function storeCustomOrderPrintFiles(
  db: Db,
  customOrderNo: number,
  now = new Date(),
): Promise<NonNullable<CustomOrderRow['printFiles']>> {
  const row = await getCustomOrder(db, customOrderNo);
  if (!row) throw appError('NOT_FOUND', '제작 주문을 찾을 수 없습니다.');
  const parsed = parseDesign(row.document);
  if (!parsed.ok) throw new AppError(parsed.code, 422, parsed.message);
  const port = storage();
  const folder = `print/${row.designId}/${row.customOrderNo}`;
  const files: NonNullable<CustomOrderRow['printFiles']> = {};
  for (const side of ['front', 'back'] as const) {
    const file = await renderPrintFile(parsed.document, side);
    await port.put(`${folder}/${side}-300dpi.png`, file.png, 'image/png');
    files[side] = port.publicUrl(`${folder}/${side}-300dpi.png`);
  }
  await port.put(
    `${folder}/design.json`,
    new TextEncoder().encode(JSON.stringify(parsed.document)),
    'application/json',
  );
  files.document = port.publicUrl(`${folder}/design.json`);
  await savePrintFiles(db, customOrderNo, files, now);
  return files;
}
