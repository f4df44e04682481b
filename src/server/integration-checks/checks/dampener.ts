import { addNode, newDesign, newTextNode } from '../../../lib/design/document.ts';
import { updateSide } from '../../../lib/design/sides.ts';
import { isTemplateId } from '../../../lib/design/templates.ts';
import type { DesignDocument } from '../../../lib/design/schema.ts';
import type { Db } from '../../db/client.ts';
import { customizableProductNos, getProduct } from '../../catalog/index.ts';
import { createDesign, deleteDesign, renderPrintFile } from '../../design/index.ts';
import type { StoragePort } from '../../storage/index.ts';
import { runSteps, type StepDef } from '../run-steps.ts';
import { STORAGE_CHECK_FOLDER } from './storage.ts';
import { prepareTestMember, testMemberOf, type MemberCtx } from './test-member.ts';

/**
 * /test/dampener: the design editor's save and print file. A design with one line of text is saved
 * for the test member on the first customisable product (through the design service, as the editor
 * saves), its front is rendered as the 300 DPI print file, and the PNG is written to storage under
 * one fixed name (`integration-checks/dampener-print.png`, replaced by every run) so the page can
 * show it. The design is deleted again.
 */

export const PRINT_FILE_KEY = `${STORAGE_CHECK_FOLDER}/dampener-print.png`;

interface DampenerCtx extends MemberCtx {
  storage: StoragePort;
  productNo: number | null;
  doc: DesignDocument | null;
  designId: string | null;
  printUrl: string | null;
}

const actorOf = (ctx: DampenerCtx) => ({
  member: { memberNo: testMemberOf(ctx).memberNo, memberId: null, isAdmin: false },
  guestToken: null,
});

const STEPS: readonly StepDef<DampenerCtx>[] = [
  prepareTestMember,
  {
    label: '디자인할 상품 찾기',
    async run(ctx) {
      for (const productNo of await customizableProductNos(ctx.db)) {
        const product = await getProduct(ctx.db, productNo);
        const templateId = product?.extra.designTemplateId;
        if (!product || !templateId || !isTemplateId(templateId)) continue;
        ctx.productNo = productNo;
        ctx.doc = updateSide(newDesign(templateId), 'front', (s) =>
          addNode(s, newTextNode(templateId, { text: '연동 점검', fontFamily: 'jua' })),
        );
        return `${product.baseInfo.productName}(상품 번호 ${productNo}), 템플릿 ${templateId}.`;
      }
      throw new Error('디자인할 수 있는 상품(커스텀 상품과 디자인 템플릿)이 없습니다.');
    },
  },
  {
    label: '디자인 저장',
    async run(ctx) {
      const saved = await createDesign(ctx.db, actorOf(ctx), {
        productNo: ctx.productNo!,
        name: '[연동 점검] 디자인',
        design: ctx.doc!,
      });
      ctx.designId = saved.designId;
      return `점검용 회원의 디자인으로 저장했습니다 (디자인 ${saved.designId}).`;
    },
  },
  {
    label: '인쇄 파일 만들기',
    async run(ctx) {
      const file = await renderPrintFile(ctx.doc!, 'front');
      await ctx.storage.put(PRINT_FILE_KEY, new Uint8Array(file.png), 'image/png');
      // one name for every run: the address carries the run's time so no cache shows an older file
      ctx.printUrl = `${ctx.storage.publicUrl(PRINT_FILE_KEY)}?run=${Date.now()}`;
      const kb = Math.ceil(file.png.byteLength / 1024).toLocaleString('ko-KR');
      return `앞면 인쇄 파일(PNG ${file.width}×${file.height}px, ${file.dpi} DPI, ${kb}KB)을 만들어 저장소에 올렸습니다.`;
    },
  },
  {
    label: '디자인 지우기',
    undo: true,
    async run(ctx) {
      if (!ctx.designId) return '저장한 디자인이 없어 지울 것이 없습니다.';
      await deleteDesign(ctx.db, actorOf(ctx), { designId: ctx.designId });
      return `디자인을 지웠습니다 (디자인 ${ctx.designId}). 인쇄 파일은 다음 점검까지 남겨 둡니다.`;
    },
  },
];

export async function runDampenerCheck(db: Db, storage: StoragePort) {
  const ctx: DampenerCtx = {
    db,
    storage,
    member: null,
    productNo: null,
    doc: null,
    designId: null,
    printUrl: null,
  };
  const steps = await runSteps(ctx, STEPS);
  return { steps, printUrl: ctx.printUrl };
}
