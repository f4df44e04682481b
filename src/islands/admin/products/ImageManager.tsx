import { useRef, useState, type DragEvent } from 'react';
import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ManagedImage } from '../../../server/catalog/index.ts';
import { imageUrlAtWidth } from '../../../lib/images.ts';
import { errorMessage, unwrap } from '../../../lib/shop-api-client.ts';
import ConfirmDialog from '../../mypage/ConfirmDialog.tsx';
import { PromptKeyboardSensor } from '../keyboard-sensor.ts';
import { moveButtonIn, useFocusLater } from '../focus.ts';
import { fileProblem, IMAGE_ACCEPT, productCall, uploadWithProgress } from './editor-api.ts';

const MAX_IMAGES = 20;
/** Uploads running at once (the server makes four sizes of each). */
const PARALLEL = 2;

interface Upload {
  key: number;
  name: string;
  percent: number;
  error: string | null;
}

export interface ImageManagerProps {
  productNo: number;
  initial: ManagedImage[];
  readOnly: boolean;
}

const thumb = (img: ManagedImage) =>
  img.variants.find((v) => v.width === 320)?.url ?? imageUrlAtWidth(img.url, 320);
const nameOf = (index: number) => `${index + 1}번째 이미지`;

/**
 * The product's photos, saved as soon as they change (not with the form): upload many at once,
 * each file on its own request with its progress; reorder by dragging (mouse, touch, or keyboard
 * with Korean announcements) or with the 앞으로/뒤로 buttons; the first is the main image; alt text
 * per photo; delete with a confirmation. The server answers the whole list after each change.
 */
export default function ImageManager({ productNo, initial, readOnly }: ImageManagerProps) {
  const { api, param } = productCall(productNo);
  const [images, setImages] = useState<ManagedImage[]>(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dropping, setDropping] = useState(false);
  const [deleting, setDeleting] = useState<ManagedImage | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const focusLater = useFocusLater();
  const cardOf = (imageNo: number) => document.querySelector<HTMLElement>(`[data-image-no="${imageNo}"]`);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(PromptKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const ids = images.map((i) => i.imageNo);
  const posOf = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;
  // the drag is over its own place when it starts: the pick-up text stays until it moves
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `${posOf(active.id)}번째 이미지를 집었습니다. 화살표 키로 옮기고 스페이스바로 놓거나 Esc 키로 취소하세요.`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !moved.current) return undefined;
      moved.current = true;
      return over
        ? `${posOf(active.id)}번째 이미지가 ${posOf(over.id)}번째 자리에 있습니다.`
        : '이미지가 목록 밖에 있습니다.';
    },
    onDragEnd: ({ over }) =>
      over ? `이미지를 ${posOf(over.id)}번째 자리에 놓았습니다.` : '이미지를 놓았습니다.',
    onDragCancel: ({ active }) =>
      `옮기기를 취소했습니다. 이미지는 ${posOf(active.id)}번째 자리에 그대로 있습니다.`,
  };

  async function run(action: () => Promise<ManagedImage[]>, done: string) {
    setBusy(true);
    setError(null);
    try {
      setImages(await action());
      setStatus(done);
    } catch (err) {
      setError(errorMessage(err));
      // the list as the server has it (another manager may have changed it)
      unwrap(api.images.$get({ param }))
        .then(setImages)
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  function reorder(next: ManagedImage[], done: string) {
    setImages(next);
    void run(
      () => unwrap(api.images.order.$put({ param, json: { imageNos: next.map((i) => i.imageNo) } })),
      done,
    );
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (busy || to < 0 || to >= images.length) return;
    reorder(arrayMove(images, index, to), `${nameOf(index)}를 ${to + 1}번째로 옮겼습니다.`);
    // React moves the card (which drops the focus) and the button pressed may be disabled at the
    // new place: keep the focus on the moved photo
    const imageNo = images[index]!.imageNo;
    focusLater(() => moveButtonIn(cardOf(imageNo), String(by)));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    reorder(arrayMove(images, from, to), `${nameOf(from)}를 ${to + 1}번째로 옮겼습니다.`);
  }

  function addFiles(files: File[]) {
    setError(null);
    const problems = files.map(fileProblem).filter((p): p is string => p !== null);
    const ok = files.filter((f) => fileProblem(f) === null);
    const room = MAX_IMAGES - images.length - uploads.filter((u) => !u.error).length;
    const chosen = ok.slice(0, Math.max(0, room));
    if (ok.length > chosen.length) problems.push(`상품 이미지는 ${MAX_IMAGES}장까지 올릴 수 있습니다.`);
    if (problems.length > 0) setError(problems.join(' '));
    if (chosen.length === 0) return;
    const queue = chosen.map((file) => ({ file, key: ++seq.current }));
    setUploads((u) => [
      ...u.filter((x) => !x.error),
      ...queue.map(({ file, key }) => ({ key, name: file.name, percent: 0, error: null })),
    ]);
    setStatus(`이미지 ${chosen.length}장을 올리는 중입니다.`);
    let next = 0;
    let uploaded = 0;
    const worker = async (): Promise<void> => {
      const item = queue[next++];
      if (!item) return;
      const setPercent = (percent: number) =>
        setUploads((u) => u.map((x) => (x.key === item.key ? { ...x, percent } : x)));
      try {
        const image = await uploadWithProgress<ManagedImage>(
          `/api/manager/products/${productNo}/images`,
          item.file,
          { alt: '' },
          setPercent,
        ).done;
        uploaded += 1;
        setImages((list) => (list.some((i) => i.imageNo === image.imageNo) ? list : [...list, image]));
        setUploads((u) => u.filter((x) => x.key !== item.key));
      } catch (err) {
        setUploads((u) => u.map((x) => (x.key === item.key ? { ...x, error: errorMessage(err) } : x)));
      }
      return worker();
    };
    void Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker)).then(async () => {
      setStatus(
        uploaded === queue.length
          ? `이미지 ${uploaded}장을 올렸습니다.`
          : `이미지 ${queue.length}장 중 ${uploaded}장을 올렸습니다. 올리지 못한 파일을 확인해 주세요.`,
      );
      try {
        setImages(await unwrap(api.images.$get({ param })));
      } catch {
        // the list already holds what was uploaded
      }
    });
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDropping(false);
    if (readOnly) return;
    addFiles([...e.dataTransfer.files]);
  }

  return (
    <div className="pe-images">
      {!readOnly && (
        <div
          className={`pe-dropzone${dropping ? ' pe-dropzone--over' : ''}`}
          onDragOver={(e) => {
            if ([...e.dataTransfer.types].includes('Files')) {
              e.preventDefault();
              setDropping(true);
            }
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={onDrop}
        >
          <p>이미지 파일을 여기에 끌어다 놓거나 골라 주세요. 여러 장을 한 번에 올릴 수 있습니다.</p>
          <label className="bf-file">
            <input
              id="pe-images-file"
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              aria-describedby="pe-images-hint"
              disabled={images.length >= MAX_IMAGES}
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                addFiles(files);
              }}
            />
            <span className="button button--secondary" aria-hidden="true">
              이미지 파일 선택
            </span>
            <span className="visually-hidden">상품 이미지 올리기</span>
          </label>
          <p className="bf-hint" id="pe-images-hint">
            JPG, PNG, WebP, GIF · 장당 10MB 이하 · {MAX_IMAGES}장까지 ({images.length}장 있음). 정사각형 안에
            맞추고 남는 곳은 흰 여백으로 채워 저장됩니다.
          </p>
        </div>
      )}
      {uploads.length > 0 && (
        <ul className="pe-uploads" aria-label="올리는 중인 파일">
          {uploads.map((u) => (
            <li key={u.key}>
              <label htmlFor={`pe-upload-${u.key}`}>{u.name}</label>
              {u.error ? (
                <span className="bf-error">{u.error}</span>
              ) : (
                <progress id={`pe-upload-${u.key}`} max={100} value={u.percent}>
                  {u.percent}%
                </progress>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="pe-announce">
        {status}
      </p>
      {error && (
        <p className="bf-alert" role="alert">
          {error}
        </p>
      )}
      {images.length === 0 ? (
        <p className="bf-hint">아직 이미지가 없습니다.</p>
      ) : (
        <DndContext
          id="pe-images-dnd"
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                '순서를 바꾸려면 스페이스바나 엔터 키로 이미지를 집고, 화살표 키로 옮긴 뒤 스페이스바나 엔터 키로 놓으세요. Esc 키를 누르면 취소됩니다.',
            },
          }}
        >
          <SortableContext items={ids} strategy={rectSortingStrategy}>
            <ol className="pe-image-grid" aria-label="상품 이미지 (첫 번째가 대표 이미지)" aria-busy={busy}>
              {images.map((img, i) => (
                <ImageCard
                  key={img.imageNo}
                  image={img}
                  index={i}
                  count={images.length}
                  readOnly={readOnly}
                  busy={busy}
                  onMove={(by) => move(i, by)}
                  onMain={() => {
                    if (busy) return;
                    void run(
                      () =>
                        unwrap(
                          api.images[':imageNo'].$patch({
                            param: { ...param, imageNo: String(img.imageNo) },
                            json: { main: true },
                          }),
                        ),
                      `${nameOf(i)}를 대표 이미지로 정했습니다.`,
                    ).then(() =>
                      // first now, without its 대표로 button: the focus stays on the photo's tools
                      focusLater(() => moveButtonIn(cardOf(img.imageNo), '1')),
                    );
                  }}
                  onAlt={(alt) =>
                    run(
                      () =>
                        unwrap(
                          api.images[':imageNo'].$patch({
                            param: { ...param, imageNo: String(img.imageNo) },
                            json: { alt },
                          }),
                        ),
                      `${nameOf(i)}의 대체 텍스트를 저장했습니다.`,
                    )
                  }
                  onDelete={() => setDeleting(img)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="이미지 삭제"
        message="이 이미지를 삭제할까요? 이미지 파일도 함께 지워지고 되돌릴 수 없습니다."
        confirmLabel="삭제"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const at = images.findIndex((i) => i.imageNo === deleting.imageNo);
          const res = await unwrap(
            api.images[':imageNo'].$delete({ param: { ...param, imageNo: String(deleting.imageNo) } }),
          );
          setImages(res.images);
          setDeleting(null);
          setStatus('이미지를 삭제했습니다.');
          // its card is gone: the photo now in its place, or the file picker when none is left
          const next = res.images[Math.min(at, res.images.length - 1)];
          focusLater(() =>
            next
              ? cardOf(next.imageNo)?.querySelector<HTMLElement>('.pe-drag-handle')
              : document.getElementById('pe-images-file'),
          );
        }}
      />
    </div>
  );
}

interface ImageCardProps {
  image: ManagedImage;
  index: number;
  count: number;
  readOnly: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onMain: () => void;
  onAlt: (alt: string) => Promise<void>;
  onDelete: () => void;
}

function ImageCard({ image, index, count, readOnly, busy, onMove, onMain, onAlt, onDelete }: ImageCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: image.imageNo,
      disabled: readOnly,
      attributes: { roleDescription: '순서를 바꿀 수 있는 이미지' },
    });
  const [alt, setAlt] = useState(image.alt);
  const [savedAlt, setSavedAlt] = useState(image.alt);
  // the server's list changed this photo's alt text (another save): follow it
  if (image.alt !== savedAlt) {
    setSavedAlt(image.alt);
    setAlt(image.alt);
  }
  const name = nameOf(index);
  const altId = `pe-image-alt-${image.imageNo}`;
  return (
    <li
      ref={setNodeRef}
      className={`pe-image-card${isDragging ? ' pe-image-card--dragging' : ''}`}
      data-image-no={image.imageNo}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="pe-image-frame">
        <img
          src={thumb(image)}
          alt={image.alt || `상품 이미지 ${index + 1}`}
          width={160}
          height={160}
          loading="lazy"
        />
        {index === 0 && <span className="pe-badge">대표 이미지</span>}
      </div>
      {!readOnly && (
        <>
          <div className="pe-image-tools">
            <button
              type="button"
              ref={setActivatorNodeRef}
              className="pe-drag-handle"
              aria-label={`${name} 끌어서 순서 바꾸기`}
              {...attributes}
              {...listeners}
            >
              ⠿
            </button>
            <button
              type="button"
              className="pe-chip-btn"
              data-move="-1"
              aria-label={`${name} 앞으로`}
              disabled={index === 0}
              aria-disabled={busy || undefined}
              onClick={() => onMove(-1)}
            >
              앞으로
            </button>
            <button
              type="button"
              className="pe-chip-btn"
              data-move="1"
              aria-label={`${name} 뒤로`}
              disabled={index === count - 1}
              aria-disabled={busy || undefined}
              onClick={() => onMove(1)}
            >
              뒤로
            </button>
            {index > 0 && (
              <button
                type="button"
                className="pe-chip-btn"
                aria-label={`${name} 대표로`}
                aria-disabled={busy || undefined}
                onClick={onMain}
              >
                대표로
              </button>
            )}
            <button
              type="button"
              className="pe-chip-btn pe-danger-text"
              aria-label={`${name} 삭제`}
              onClick={onDelete}
            >
              삭제
            </button>
          </div>
          <div className="pe-image-alt">
            <label htmlFor={altId} className="bf-label">
              {`${name} 대체 텍스트`}
            </label>
            <input
              id={altId}
              className="bf-input"
              value={alt}
              maxLength={200}
              placeholder="예: 화이트 색상 정면"
              onChange={(e) => setAlt(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void onAlt(alt.trim());
                }
              }}
            />
            <button
              type="button"
              className="pe-chip-btn"
              aria-label={`${name} 대체 텍스트 저장`}
              disabled={busy || alt.trim() === image.alt}
              onClick={() =>
                // the button is disabled once saved: the focus goes back to the text
                void onAlt(alt.trim()).then(() => document.getElementById(altId)?.focus())
              }
            >
              저장
            </button>
          </div>
        </>
      )}
      {readOnly && image.alt && <p className="bf-hint">{image.alt}</p>}
    </li>
  );
}
