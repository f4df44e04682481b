import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import FieldError from './FieldError.tsx';
import {
  createBanner,
  removeMobileImage,
  updateBanner,
  uploadBannerImage,
  type Banner,
  type BannerFields,
} from './banner-api.ts';
import {
  errorMessage,
  errorProps,
  fieldErrorsOf,
  isStale,
  toLocalInput,
  type FieldErrors,
} from './display-shared.ts';
import Check from './Check.tsx';
import SaveAlert from './SaveAlert.tsx';
import PeriodFields from './PeriodFields.tsx';
import { useDisplayForm } from './use-display-form.ts';
import TextField from './TextField.tsx';

/**
 * One banner's form, new or existing: its texts, link, window, visibility and period (Seoul time),
 * the desktop image (3:1) and an optional phone image (4:3). The texts are saved first, then each
 * chosen image, each step with the version the previous one returned; the server checks and cuts
 * the images, and deletes the files of those they replace. The form's title takes the focus when it
 * opens; a refused save takes it to the first field marked.
 */

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

interface Props {
  groupNo: number;
  banner: Banner | null;
  onSaved: (banner: Banner, message: string) => void;
  /** Closes the form; `draft`: what this form saved before a later step failed, if anything. */
  onCancel: (draft: Banner | null) => void;
}

export default function BannerForm({ groupNo, banner, onSaved, onCancel }: Props) {
  const { uid, fields, set, errors, alert, formRef, foundProblems, refused, textForm } =
    useDisplayForm<BannerFields>(() => ({
      name: banner?.name ?? '',
      description: banner?.description ?? '',
      landingUrl: banner?.landingUrl ?? '',
      newWindow: banner?.newWindow ?? false,
      visible: banner?.visible ?? true,
      displayStart: toLocalInput(banner?.displayStart ?? null) || null,
      displayEnd: toLocalInput(banner?.displayEnd ?? null) || null,
    }));
  const [desktop, setDesktop] = useState<File | null>(null);
  const [mobile, setMobile] = useState<File | null>(null);
  const [dropMobile, setDropMobile] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  // a banner made by this form whose image step failed: the next save edits it instead
  const [own, setSaved] = useState<Banner | null>(banner);
  // the list's copy is newer after a reorder on this screen (same fields, next version): use it
  const saved =
    own && banner && banner.bannerNo === own.bannerNo && banner.version > own.version ? banner : own;
  const titleRef = useRef<HTMLHeadingElement>(null);
  // opened by 새 배너 추가 or 수정: the manager is taken to it (it may open far below the button)
  useEffect(() => titleRef.current?.focus(), []);
  const desktopPreview = usePreview(desktop);
  const mobilePreview = usePreview(mobile);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!fields.name.trim()) local.name = '배너 이름을 입력해 주세요.';
    if (!fields.landingUrl.trim()) local.landingUrl = '배너 링크를 입력해 주세요.';
    if (!saved?.imageUrl && !desktop) local.file = 'PC 이미지 파일을 골라 주세요.';
    if (foundProblems(local)) return;
    let current = saved;
    let step: 'fields' | 'file' | 'mobileFile' = 'fields';
    try {
      setPending('내용을 저장하는 중입니다…');
      current = current
        ? await updateBanner(current.bannerNo, current.version, fields)
        : await createBanner(groupNo, fields);
      setSaved(current);
      if (desktop) {
        step = 'file';
        setPending('PC 이미지를 올리는 중입니다…');
        current = await uploadBannerImage(current.bannerNo, 'desktop', current.version, desktop);
        setSaved(current);
        setDesktop(null);
      }
      if (mobile) {
        step = 'mobileFile';
        setPending('모바일 이미지를 올리는 중입니다…');
        current = await uploadBannerImage(current.bannerNo, 'mobile', current.version, mobile);
        setSaved(current);
        setMobile(null);
      } else if (dropMobile && current.mobileImageUrl) {
        current = await removeMobileImage(current.bannerNo, current.version);
        setSaved(current);
      }
      setPending(null);
      onSaved(current, `'${current.name}' 배너를 저장했습니다.`);
    } catch (err) {
      setPending(null);
      const stale = isStale(err);
      const found = fieldErrorsOf(err, step === 'mobileFile' ? { file: 'mobileFile' } : {});
      // an image the server could not read: the message belongs next to that file field
      if (step !== 'fields' && !stale && Object.keys(found).length === 0) found[step] = errorMessage(err);
      refused(err, found);
    }
  }

  const id = (name: string) => `${uid}-${name}`;
  const title = banner ? `'${banner.name}' 배너 수정` : '새 배너';
  return (
    <form
      className="bf-form dm-form"
      onSubmit={(e) => void submit(e)}
      ref={formRef}
      aria-labelledby={id('title')}
      noValidate
    >
      <h2 id={id('title')} className="dm-form-title" tabIndex={-1} ref={titleRef}>
        {title}
      </h2>
      <TextField
        form={textForm}
        name="name"
        label="배너 이름"
        required
        maxLength={100}
        hint="배너 위에 글자로 보이고, 화면 읽기 프로그램이 링크 이름으로 읽습니다."
      />
      <TextField form={textForm} name="description" label="설명" maxLength={200} />
      <TextField
        form={textForm}
        name="landingUrl"
        label="링크"
        required
        inputMode="url"
        maxLength={2000}
        placeholder="/product/100001"
        hint={
          <>
            쇼핑몰 안의 주소는 /로 시작해 입력하고(예: /product/100001, /categories/529105), 다른 사이트는
            https://로 시작하는 주소를 입력해 주세요.
          </>
        }
      />
      <div className="bf-checks">
        <Check checked={fields.newWindow} onChange={(v) => set('newWindow', v)}>
          새 창으로 열기
        </Check>
        <Check checked={fields.visible} onChange={(v) => set('visible', v)}>
          쇼핑몰에 노출
        </Check>
      </div>
      <PeriodFields
        start={fields.displayStart}
        end={fields.displayEnd}
        onChange={set}
        errors={errors}
        id={id}
      />
      <div className="dm-images">
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('file')}>
            PC 이미지 {!saved?.imageUrl && <span className="bf-required">(필수)</span>}
          </label>
          <p className="bf-hint" id={id('file-hint')}>
            가로:세로 3:1로 잘라 1920×640 등 여러 크기로 저장합니다. JPG, PNG, WebP, GIF, 10MB 이하.
          </p>
          <Preview url={desktopPreview ?? saved?.thumbnailUrl ?? null} alt="PC 이미지 미리 보기" wide />
          <input
            className="bf-input"
            type="file"
            accept={ACCEPT}
            onChange={(e) => setDesktop(e.target.files?.[0] ?? null)}
            {...errorProps(errors, 'file', id('file'), id('file-hint'))}
          />
          <FieldError errors={errors} name="file" id={id('file')} />
        </div>
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('mobileFile')}>
            모바일 이미지 (선택)
          </label>
          <p className="bf-hint" id={id('mobileFile-hint')}>
            폭 768px보다 좁은 화면에 가로:세로 4:3으로 보입니다. 없으면 PC 이미지의 가운데를 잘라 보여 줍니다.
          </p>
          <Preview
            url={mobilePreview ?? (dropMobile ? null : (saved?.mobileThumbnailUrl ?? null))}
            alt="모바일 이미지 미리 보기"
          />
          <input
            className="bf-input"
            type="file"
            accept={ACCEPT}
            onChange={(e) => setMobile(e.target.files?.[0] ?? null)}
            {...errorProps(errors, 'mobileFile', id('mobileFile'), id('mobileFile-hint'))}
          />
          <FieldError errors={errors} name="mobileFile" id={id('mobileFile')} />
          {saved?.mobileImageUrl && !mobile && (
            <label className="bf-check">
              <input type="checkbox" checked={dropMobile} onChange={(e) => setDropMobile(e.target.checked)} />
              모바일 이미지 삭제
            </label>
          )}
        </div>
      </div>
      <p className="dm-live" aria-live="polite">
        {pending ?? ''}
      </p>
      <SaveAlert alert={alert} />
      <div className="bf-actions">
        <button className="button" type="submit" disabled={pending !== null}>
          {saved ? '저장' : '배너 추가'}
        </button>
        <button
          className="button button--secondary"
          type="button"
          onClick={() => onCancel(own && (!banner || own.version > banner.version) ? own : null)}
          disabled={pending !== null}
        >
          취소
        </button>
      </div>
    </form>
  );
}

function Preview({ url, alt, wide = false }: { url: string | null; alt: string; wide?: boolean }) {
  return url ? (
    <img className={wide ? 'dm-preview dm-preview--wide' : 'dm-preview'} src={url} alt={alt} />
  ) : (
    <p className="bf-hint">등록된 이미지가 없습니다.</p>
  );
}

/** An object URL for a chosen file, let go when the file changes or the form closes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
