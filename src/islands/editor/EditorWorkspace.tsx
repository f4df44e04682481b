import { useStore } from '@nanostores/react';
import type Konva from 'konva/lib/Core';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { designAreas } from '../../lib/design/geometry.ts';
import { printIssues, type PrintIssue } from '../../lib/design/print-checks.ts';
import { normalizeSides, SIDE_LABELS } from '../../lib/design/sides.ts';
import { template } from '../../lib/design/templates.ts';
import { formatWon } from '../../lib/money.ts';
import { toPickerOptions } from '../catalog/option-model.ts';
import { clearDraft, stashDraftForLogin, type DraftInput } from '../stores/draft-design.ts';
import { $guestIdentity, type GuestIdentity } from '../stores/guest.ts';
import { useDesignAssets } from './assets.ts';
import { bootstrapEditor } from './bootstrap.ts';
import DesignCanvas from './DesignCanvas.tsx';
import CanvasHelp from './CanvasHelp.tsx';
import { selectedNode, visibleSide } from './editor-state.ts';
import { useDraftAutosave, useEditorStore, useElementSize } from './hooks.ts';
import { measureFor } from './measure.ts';
import { editorCommandFor } from './keyboard.ts';
import { clampInside } from './snapping.ts';
import LayersPanel from './LayersPanel.tsx';
import NodeProperties from './NodeProperties.tsx';
import PalettePicker from './PalettePicker.tsx';
import ProductOptions from './ProductOptions.tsx';
import EditorToolbar from './EditorToolbar.tsx';
import TextEditOverlay from './TextEditOverlay.tsx';
import GuestGuideModal from './GuestGuideModal.tsx';
import SaveDesignModal from './SaveDesignModal.tsx';
import AddToCartModal from './AddToCartModal.tsx';
import { useOrdering } from './use-ordering.ts';
import { useProductChoice } from './use-product-choice.ts';
import { useImageUpload } from './use-image-upload.ts';
import type { DesignEditorProps, EditorMember } from './types.ts';
import { FIT_VIEW, stageTransform, zoomBy, type View } from './view.ts';
import type { Designer } from './save-flow.ts';

const timeFmt = new Intl.DateTimeFormat('ko-KR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Seoul',
});

/** Who saves and uploads right now: the member, a guest whose identity has not lapsed, or nobody yet. */
function designerOf(member: EditorMember | null, guest: GuestIdentity | null): Designer {
  if (member) return { kind: 'member', memberNo: member.memberNo, memberId: member.memberId };
  return guest && guest.expiresAt > Date.now()
    ? { kind: 'guest', guestToken: guest.guestToken }
    : { kind: 'none' };
}

/**
 * The design editor's workspace (issue 7, "Editor"), loaded by `DesignEditor.tsx` once the template
 * has first been drawn (issue 16): a product template with its guides, front and back,
 * background colours, text (fonts loaded before drawing, Korean IME safe in-place editing, arc text
 * on round shapes), uploaded images with a DPI check, layers, undo/redo, zoom and pan, keyboard and
 * touch, a persisted draft, and saving into the cart.
 */
export default function EditorWorkspace(props: DesignEditorProps) {
  const { product, member, editorPath } = props;
  const options = useMemo(() => toPickerOptions(product.options, product.labels.length), [product]);
  // the option the product page chose: a new design starts on its size's template
  const requested = options.find((o) => o.optionNo === props.optionNo);

  const [boot] = useState(() =>
    bootstrapEditor({
      productNo: product.productNo,
      design: product.design,
      editorPath,
      templateId: props.templateId,
      starter: props.starter?.design,
      saved: props.saved,
      optionValues: requested
        ? Object.fromEntries(product.labels.map((l, i) => [l, requested.values[i] ?? '']))
        : undefined,
    }),
  );

  const { state, stateRef, dispatch, announcement, announce } = useEditorStore(boot.doc);
  const { chosen, option, onChoose } = useProductChoice({
    product,
    options,
    requestedOptionNo: requested?.optionNo ?? null,
    initialOptionNo: boot.draft ? boot.draft.optionNo : undefined,
    templateId: boot.doc.templateId,
    currentTemplateId: () => stateRef.current.history.present.templateId,
    dispatch,
    announce,
  });
  const doc = state.history.present;
  const side = visibleSide(state);
  const selected = selectedNode(state);
  const areas = useMemo(() => designAreas(template(doc.templateId)), [doc.templateId]);
  const assetsVersion = useDesignAssets(doc);

  const guest = useStore($guestIdentity);
  // asked when saving or uploading (an identity may lapse while the page is open)
  const designer = () => designerOf(member, guest);

  // ------------------------------------------------------------------ the guest guide
  const [guide, setGuide] = useState<{ reason?: string; then?: () => void } | null>(() =>
    props.requireMember && !member
      ? {
          reason:
            '커스텀 디자인은 회원이 저장하고 주문할 수 있습니다. 로그인하거나 비회원으로 계속해 주세요.',
        }
      : null,
  );
  const openGuide = (reason: string, then?: () => void) => setGuide({ reason, then });

  // ------------------------------------------------------------------ view
  const stageRef = useRef<Konva.Stage | null>(null);
  const { ref: stageBox, size } = useElementSize<HTMLDivElement>();
  const [view, setView] = useState<View>(FIT_VIEW);
  const frame = { ...size, areaWidth: areas.print.width, areaHeight: areas.print.height };
  const transform = stageTransform(frame, view);
  const [editingId, setEditingId] = useState<string | null>(null);
  // phones: the panels are a bottom sheet under the canvas, opened on demand (decision 030)
  const [toolsOpen, setToolsOpen] = useState(false);
  const editing = editingId ? side.nodes.find((n) => n.id === editingId && n.type === 'text') : undefined;

  function startEdit(id: string) {
    const node = side.nodes.find((n) => n.id === id);
    if (!node || node.type !== 'text' || node.locked) return;
    dispatch({ type: 'select', id });
    setEditingId(id);
  }

  // ------------------------------------------------------------------ saving and ordering
  const ordering = useOrdering({
    product,
    designer,
    option,
    chosen,
    doc,
    printIssues: () => printIssues(normalizeSides(stateRef.current.history.present), measureFor),
    initial: boot.draft,
    openGuide,
    onOrdered: (how) => {
      if (how !== 'complete') return;
      autosave.stop();
      clearDraft();
    },
  });

  const draftInput: DraftInput | null = useMemo(
    () =>
      state.history.past.length === 0 && !boot.draft
        ? null
        : {
            design: normalizeSides(doc),
            productNo: product.productNo,
            preview: null,
            colour: doc.sides.front.background,
            shapeType: doc.shape,
            shapeId: doc.templateId,
            frontBackSame: doc.frontBackSame,
            editorPath,
            optionNo: option?.optionNo ?? null,
            designId: ordering.saved?.designId ?? null,
            createTime: ordering.saved?.createTime ?? null,
            name: ordering.saved?.name ?? null,
          },
    [
      doc,
      state.history.past.length,
      boot.draft,
      product.productNo,
      editorPath,
      option?.optionNo,
      ordering.saved,
    ],
  );
  const autosave = useDraftAutosave(draftInput);

  // what would print wrongly, listed while the save or add-to-cart dialog is open (measured again
  // once the fonts are in: assetsVersion)
  const checking = ordering.saveOpen || ordering.cartOpen;
  const issues = useMemo(
    () => (checking ? printIssues(normalizeSides(doc), measureFor) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- assetsVersion: measure again once fonts load
    [checking, doc, assetsVersion],
  );

  /** Back from a dialog to the node at fault: its side shown, it selected, the canvas focused. */
  function fixIssue(issue: PrintIssue) {
    ordering.closeSave();
    ordering.closeCart();
    if (!doc.frontBackSame && state.side !== issue.side) dispatch({ type: 'set-side', side: issue.side });
    dispatch({ type: 'select', id: issue.nodeId });
    announce('고칠 요소를 선택했습니다.');
    setTimeout(() => stageBox.current?.focus(), 0);
  }
  const { savedAt, flush: flushDraft } = autosave;

  const {
    inputRef: uploadInput,
    busy: uploading,
    error: uploadError,
    pick: pickImage,
    onChange: onUploadChange,
  } = useImageUpload({ designer, dispatch, announce, openGuide });

  // any login link on the page (the design bar's too) carries the draft through the login
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!(e.target as Element | null)?.closest?.('a[href^="/login"]')) return;
      flushDraft();
      stashDraftForLogin();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [flushDraft]);

  // ------------------------------------------------------------------ keyboard
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (editingId) return;
    const target = e.target as HTMLElement;
    if (target.closest?.('dialog')) return;
    if (e.key === 'Enter' && target === stageBox.current && selected?.type === 'text') {
      e.preventDefault();
      startEdit(selected.id);
      return;
    }
    const cmd = editorCommandFor(e.nativeEvent);
    if (!cmd) return;
    const s = stateRef.current;
    if (cmd.type === 'nudge' && !s.selectedId && target === stageBox.current) {
      // nothing selected: the arrows pan the view (10 px, Shift: 100 px)
      e.preventDefault();
      setView((v) => ({ ...v, panX: v.panX - cmd.dx * 10, panY: v.panY - cmd.dy * 10 }));
      return;
    }
    const needsSelection = cmd.type === 'delete' || cmd.type === 'nudge' || cmd.type === 'duplicate';
    if (needsSelection && !s.selectedId) return;
    e.preventDefault();
    if (cmd.type === 'deselect') dispatch({ type: 'select', id: null });
    else if (cmd.type === 'nudge') dispatch({ type: 'nudge', ...clampedNudge(cmd.dx, cmd.dy) });
    else dispatch({ type: cmd.type });
  }

  /** A nudge that stops at the print area's edge. */
  function clampedNudge(dx: number, dy: number) {
    const stage = stageRef.current;
    const id = stateRef.current.selectedId;
    const shape = id ? stage?.findOne(`#${id}`) : undefined;
    const group = stage?.findOne('.design');
    if (!shape || !group) return { dx, dy };
    const rect = shape.getClientRect({ relativeTo: group as Konva.Container });
    const moved = clampInside({ ...rect, x: rect.x + dx, y: rect.y + dy }, areas.print);
    return { dx: moved.x - rect.x, dy: moved.y - rect.y };
  }

  const zoom = (factor: number | 'fit') =>
    setView((v) => (factor === 'fit' ? FIT_VIEW : zoomBy(frame, v, factor)));
  const atLimit = side.nodes.length >= 40;
  const unitPrice = option ? option.buyPrice : null;

  return (
    <div className="design-editor" onKeyDown={onKeyDown}>
      <div className="editor-head">
        <div>
          <h1 className="editor-title">{props.title}</h1>
          <p className="muted editor-sub">
            {template(doc.templateId).label} · {product.productName}
            {unitPrice !== null && <> · {formatWon(unitPrice)}</>}
          </p>
        </div>
        <p className="muted autosave" aria-live="off">
          {savedAt ? `임시 저장됨 ${timeFmt.format(savedAt)}` : ''}
        </p>
        <div className="editor-head__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => ordering.openSave('save')}
          >
            디자인 저장
          </button>
          <button type="button" className="button" onClick={() => ordering.openSave('complete')}>
            저장하고 장바구니 담기
          </button>
        </div>
      </div>
      {boot.otherDraft && (
        <p className="editor-note">
          다른 상품에서 만들던 디자인이 있습니다. <a href={boot.otherDraft.editorPath}>이어서 디자인하기</a>
        </p>
      )}
      {boot.draft && <p className="editor-note">임시 저장된 디자인을 불러왔습니다.</p>}
      {boot.draft?.designId && boot.draft.optionNo === null && !option && (
        <p className="editor-note" role="status">
          이 디자인은 상품 옵션 없이 저장되었습니다. 주문할 옵션을 모두 고른 뒤 저장해 주세요.
        </p>
      )}

      <EditorToolbar
        state={state}
        dispatch={dispatch}
        zoom={view.zoom}
        onZoom={zoom}
        upload={{ busy: uploading, pick: pickImage }}
        atLimit={atLimit}
      />
      <input
        ref={uploadInput}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void onUploadChange(e)}
      />
      {uploadError && (
        <p className="form-error" role="alert">
          {uploadError}
        </p>
      )}

      <div className="editor-body">
        <div className="editor-stage">
          <div
            ref={stageBox}
            className="stage-box"
            tabIndex={0}
            role="application"
            aria-roledescription="디자인 캔버스"
            aria-label={`${SIDE_LABELS[state.side]} 디자인 캔버스${selected ? `, 선택: ${selected.type === 'text' ? '문구' : '이미지'}` : ''}`}
            aria-describedby="canvas-help"
          >
            {size.width > 0 && (
              <DesignCanvas
                doc={doc}
                side={state.side}
                selectedId={state.selectedId}
                editingId={editingId}
                assetsVersion={assetsVersion}
                view={view}
                onView={setView}
                size={size}
                dispatch={dispatch}
                onEditText={startEdit}
                stageRef={stageRef}
              />
            )}
            {editing && editing.type === 'text' && (
              <TextEditOverlay
                key={editing.id}
                node={editing}
                transform={transform}
                onCommit={(text) =>
                  dispatch({
                    type: 'update',
                    id: editing.id,
                    patch: { text },
                    coalesceKey: `text:${editing.id}`,
                  })
                }
                onClose={({ cancelled, text }) => {
                  setEditingId(null);
                  if (cancelled) dispatch({ type: 'update', id: editing.id, patch: { text } });
                  else if (!text.trim()) dispatch({ type: 'delete', id: editing.id });
                  dispatch({ type: 'end-gesture' });
                  stageBox.current?.focus();
                }}
              />
            )}
          </div>
          <CanvasHelp templateId={doc.templateId} />
        </div>
        <div className="editor-tools" data-open={toolsOpen ? 'true' : undefined}>
          <button
            type="button"
            className="editor-tools__toggle"
            aria-expanded={toolsOpen}
            aria-controls="editor-tools-panels"
            onClick={() => setToolsOpen((o) => !o)}
          >
            {toolsOpen ? '도구 닫기' : '도구 열기'}
            <span className="visually-hidden"> (옵션, 배경, 요소 설정, 레이어)</span>
          </button>
          <div id="editor-tools-panels" className="editor-tools__panels">
            <aside className="editor-side" aria-label="상품과 배경">
              <ProductOptions
                labels={product.labels}
                options={options}
                chosen={chosen}
                materialLabel={product.materialLabel}
                onChoose={onChoose}
              />
              <section className="panel">
                <h2 className="panel__title">
                  {doc.frontBackSame ? '배경 (앞뒤 동일)' : `배경 (${SIDE_LABELS[state.side]})`}
                </h2>
                <PalettePicker
                  legend="배경색"
                  value={side.background}
                  onChange={(colour) => dispatch({ type: 'set-background', colour })}
                />
              </section>
            </aside>

            <aside className="editor-side" aria-label="선택한 요소와 레이어">
              {selected ? (
                <NodeProperties
                  key={selected.id}
                  doc={doc}
                  node={selected}
                  dispatch={dispatch}
                  onEditInPlace={startEdit}
                />
              ) : (
                <section className="panel">
                  <h2 className="panel__title">요소 설정</h2>
                  <p className="muted">캔버스나 레이어 목록에서 요소를 선택하세요.</p>
                </section>
              )}
              <LayersPanel side={side} selectedId={state.selectedId} dispatch={dispatch} />
            </aside>
          </div>
        </div>
      </div>

      <p className="visually-hidden" role="status" aria-live="polite" key={announcement.seq}>
        {announcement.text}
      </p>

      <SaveDesignModal
        open={ordering.saveOpen}
        defaultName={ordering.saved?.name ?? `${product.productName} 디자인`}
        product={product}
        optionTitle={ordering.optionTitle}
        unitPrice={unitPrice}
        inputs={ordering.inputs}
        onInputs={ordering.setInputs}
        busy={ordering.busy}
        error={ordering.error}
        issues={issues}
        onFix={fixIssue}
        onSave={(intent, name) => {
          autosave.flush();
          void ordering.save(intent, name);
        }}
        onClose={ordering.closeSave}
      />
      <AddToCartModal
        open={ordering.cartOpen}
        product={product}
        designName={ordering.saved?.name ?? ''}
        previewUrl={ordering.saved?.previewUrl ?? null}
        optionTitle={ordering.optionTitle}
        unitPrice={unitPrice}
        inputs={ordering.inputs}
        onInputs={ordering.setInputs}
        busy={ordering.busy}
        error={ordering.error}
        addedTo={ordering.addedTo}
        issues={issues}
        onFix={fixIssue}
        onAdd={(count) => void ordering.addToCart(count)}
        onClose={ordering.closeCart}
      />
      <GuestGuideModal
        open={guide !== null}
        reason={guide?.reason}
        target={editorPath}
        onBeforeLogin={flushDraft}
        onGuest={() => {
          const then = guide?.then;
          setGuide(null);
          announce('비회원으로 계속합니다.');
          // the identity is in the store now; the pending action runs with it on the next render
          if (then) setTimeout(then, 0);
        }}
        onClose={() => setGuide(null)}
      />
    </div>
  );
}
