import { useId, useState, type FormEvent } from 'react';
import { UPLOAD_FAILED_MESSAGE } from '../../../lib/board-limits.ts';
import { CLAIM_IMAGES_MAX, RETURN_REASONS } from '../../../lib/order-claims.ts';
import { ApiError } from '../../../lib/shop-api-client.ts';
import { focusSoon } from '../../auth/form-kit.tsx';
import { uploadImage } from '../../board/api.ts';
import { PostcodeSearch } from '../../common/PostcodeSearch.tsx';
import { requestReturn, type ReturnAddressInput } from './claim-api.ts';
import {
  ClaimDialog,
  LinePicker,
  ReasonFields,
  pickedItems,
  useClaimForm,
  type ClaimLine,
} from './ClaimParts.tsx';

/**
 * The spec's refund modal (반품 신청): units, a reason, photos (uploaded through GET /api/upload
 * into the member's own folder), where the parcel is collected, and the refund the server
 * estimates. A manager then approves or rejects it.
 */
export default function ReturnModal({
  open,
  onClose,
  onDone,
  lines,
  address,
  postcodeSearch = 'manual',
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  lines: readonly ClaimLine[];
  address: ReturnAddressInput;
  /** 우편번호 찾기 for the collection address when the shop is online (decision 041). */
  postcodeSearch?: 'kakao' | 'manual';
}) {
  const uid = useId();
  const [photos, setPhotos] = useState<{ url: string; thumbnailUrl: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  const [addr, setAddr] = useState<ReturnAddressInput>(address);
  const [way, setWay] = useState<'SELLER_COLLECT' | 'BUYER_DIRECT_RETURN'>('SELLER_COLLECT');
  const claim = useClaimForm({
    open,
    lines,
    onDone,
    onOpen: () => {
      setPhotos([]);
      setAddr(address);
      setWay('SELLER_COLLECT');
    },
  });
  const { setError, pending } = claim;

  const items = pickedItems(claim.picked);

  async function addPhotos(files: FileList | null) {
    if (!files?.length) return;
    const room = CLAIM_IMAGES_MAX - photos.length;
    if (files.length > room) setError(`사진은 ${CLAIM_IMAGES_MAX}장까지 첨부할 수 있습니다.`);
    setUploading(true);
    try {
      for (const file of [...files].slice(0, room)) {
        const up = await uploadImage(file, 'claims');
        setPhotos((p) => [...p, { url: up.url, thumbnailUrl: up.thumbnailUrl }]);
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : UPLOAD_FAILED_MESSAGE);
    } finally {
      setUploading(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (items.length === 0) return setError('반품할 상품을 선택해 주세요.');
    if (!claim.reason) return setError('반품 사유를 선택해 주세요.');
    await claim.send(() =>
      requestReturn({
        items,
        claimReasonType: claim.reason,
        claimReasonDetail: claim.detail,
        claimImageUrls: photos.map((p) => p.url),
        returnAddress: addr,
        returnWayType: way,
      }),
    );
  }

  const field = (
    key: keyof ReturnAddressInput,
    label: string,
    opts: { required?: boolean; inputMode?: 'numeric' | 'tel' } = {},
  ) => (
    <div className="bf-field">
      <label className="bf-label" htmlFor={`${uid}-${key}`}>
        {label} {opts.required && <span className="bf-required">(필수)</span>}
      </label>
      <input
        id={`${uid}-${key}`}
        className="bf-input"
        value={addr[key]}
        required={opts.required}
        inputMode={opts.inputMode}
        onChange={(e) => setAddr({ ...addr, [key]: e.target.value })}
      />
    </div>
  );

  return (
    <ClaimDialog
      open={open}
      onClose={onClose}
      title="반품 신청"
      kind="RETURN"
      items={items}
      claim={claim}
      onSubmit={submit}
      submit={
        <button className="button" type="submit" disabled={pending || uploading}>
          {pending ? '신청하는 중…' : '반품 신청'}
        </button>
      }
    >
      <LinePicker legend="반품할 상품과 수량" {...claim.linePicker} />
      <ReasonFields label="반품" reasons={RETURN_REASONS} {...claim.reasonFields} />
      <div className="bf-field">
        <span className="bf-label" id={`${uid}-photos`}>
          사진 첨부 ({photos.length}/{CLAIM_IMAGES_MAX})
        </span>
        {photos.length > 0 && (
          <ul role="list" className="bf-photos" aria-labelledby={`${uid}-photos`}>
            {photos.map((p, i) => (
              <li key={p.url}>
                <img src={p.thumbnailUrl || p.url} alt={`첨부한 사진 ${i + 1}`} width={64} height={64} />
                <button
                  type="button"
                  aria-label={`사진 ${i + 1} 삭제`}
                  onClick={() => setPhotos(photos.filter((x) => x !== p))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {photos.length < CLAIM_IMAGES_MAX && (
          <label className="bf-file">
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              disabled={uploading || pending}
              onChange={(e) => {
                void addPhotos(e.target.files);
                e.target.value = '';
              }}
            />
            <span>{uploading ? '사진을 올리는 중…' : '사진 선택'}</span>
          </label>
        )}
      </div>
      <fieldset className="bf-fieldset">
        <legend className="bf-legend">회수 방법과 주소</legend>
        <div className="bf-checks">
          <label className="bf-check">
            <input
              type="radio"
              name={`${uid}-way`}
              checked={way === 'SELLER_COLLECT'}
              onChange={() => setWay('SELLER_COLLECT')}
            />
            택배 기사님 방문 회수
          </label>
          <label className="bf-check">
            <input
              type="radio"
              name={`${uid}-way`}
              checked={way === 'BUYER_DIRECT_RETURN'}
              onChange={() => setWay('BUYER_DIRECT_RETURN')}
            />
            직접 보내기
          </label>
        </div>
        {field('receiverName', '보내는 분', { required: true })}
        {field('receiverContact1', '연락처', { required: true, inputMode: 'tel' })}
        {postcodeSearch === 'kakao' && (
          <div className="bf-field">
            <PostcodeSearch
              manualHint="우편번호와 주소를 아래 칸에 직접 입력해 주세요."
              onPicked={(a) => {
                setAddr((cur) => ({ ...cur, receiverZipCd: a.zipCd, receiverAddress: a.address }));
                focusSoon(`${uid}-receiverDetailAddress`);
              }}
            />
          </div>
        )}
        {field('receiverZipCd', '우편번호', { required: true, inputMode: 'numeric' })}
        {field('receiverAddress', '주소', { required: true })}
        {field('receiverDetailAddress', '상세 주소')}
        {field('deliveryMemo', '회수 요청 사항')}
      </fieldset>
    </ClaimDialog>
  );
}
