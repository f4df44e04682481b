import { useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  ADDRESS_NAME_MAX,
  AddressFields,
  DETAIL_ADDRESS_MAX,
  RECEIVER_NAME_MAX,
} from '../../lib/address-rules.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import {
  Field,
  FormMessage,
  focusFirstError,
  focusSoon,
  useHydrated,
  type Errors,
} from '../auth/form-kit.tsx';
import { goToLogin } from '../catalog/go-to-login.ts';
import { PostcodeSearch } from '../common/PostcodeSearch.tsx';
import { ADDRESS_DRAFT_KEY, saveAddress, type AddressPayload, type BookAddress } from './address-api.ts';
import '../board/board-forms.css';
import './mypage.css';

export interface AddressFormProps {
  /** The address being changed; null for a new one. */
  address: BookAddress | null;
  /** The postcode step's result, when the shopper comes back from it. */
  postcode: { zipCd: string; address: string; jibun: string } | null;
  /** This page without the postcode parameters (the postcode step comes back here). */
  selfPath: string;
  /** Where to go once saved (a same-site path). */
  returnTo: string;
  /** 우편번호 찾기: Kakao's postcode search when the shop is online, else the manual entry page (decision 041). */
  postcodeSearch?: 'kakao' | 'manual';
}

type Key =
  | 'addressName'
  | 'receiverName'
  | 'receiverZipCd'
  | 'receiverAddress'
  | 'receiverDetailAddress'
  | 'receiverContact1'
  | 'receiverContact2';
const ORDER: readonly Key[] = [
  'addressName',
  'receiverName',
  'receiverContact1',
  'receiverContact2',
  'receiverZipCd',
  'receiverAddress',
  'receiverDetailAddress',
];

function fromAddress(a: BookAddress | null): AddressPayload {
  return {
    addressName: a?.addressName ?? '',
    receiverName: a?.receiverName ?? '',
    receiverZipCd: a?.receiverZipCd ?? '',
    receiverAddress: a?.receiverAddress ?? '',
    receiverJibunAddress: a?.receiverJibunAddress ?? '',
    receiverDetailAddress: a?.receiverDetailAddress ?? '',
    receiverContact1: a?.receiverContact1 ?? '',
    receiverContact2: a?.receiverContact2 ?? '',
    defaultYn: a?.defaultYn ?? 'N',
  };
}

function withDone(path: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('done', 'saved');
  return `${url.pathname}${url.search}`;
}

/** /address/edit/:slug: a new address or a change to one, with the postcode step in between. */
export default function AddressForm({
  address,
  postcode,
  selfPath,
  returnTo,
  postcodeSearch = 'manual',
}: AddressFormProps) {
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const hydrated = useHydrated();
  const [fields, setFields] = useState<AddressPayload>(() => fromAddress(address));
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const wasDefault = address?.defaultYn === 'Y';

  // back from the postcode step: what was typed before, plus the chosen postcode and address
  useEffect(() => {
    if (!postcode) return;
    let draft: Partial<AddressPayload> = {};
    try {
      const raw = window.sessionStorage.getItem(ADDRESS_DRAFT_KEY);
      const saved = raw ? (JSON.parse(raw) as { path?: string; fields?: Partial<AddressPayload> }) : null;
      if (saved?.path === selfPath && saved.fields) draft = saved.fields;
      window.sessionStorage.removeItem(ADDRESS_DRAFT_KEY);
    } catch {
      // storage disabled or an old draft: start from the saved address
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft is in session storage, readable only after hydration
    setFields((f) => ({
      ...f,
      ...draft,
      receiverZipCd: postcode.zipCd,
      receiverAddress: postcode.address,
      receiverJibunAddress: postcode.jibun,
    }));
    focusSoon(`${uid}-receiverDetailAddress`);
  }, [postcode, selfPath, uid]); // once: all three are fixed for the page

  const set = (k: keyof AddressPayload) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [k]: e.target.value }));

  function findPostcode() {
    try {
      window.sessionStorage.setItem(ADDRESS_DRAFT_KEY, JSON.stringify({ path: selfPath, fields }));
    } catch {
      // storage disabled: the typed fields are typed again
    }
    window.location.assign(`/address/search?return=${encodeURIComponent(selfPath)}`);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = AddressFields.safeParse(fields);
    const found: Errors<Key> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Key;
        found[key] ??= issue.message;
      }
    }
    setErrors(found);
    if (focusFirstError(found, ORDER, id)) return;
    setPending(true);
    try {
      await saveAddress(address?.addressNo ?? null, fields);
      window.location.assign(withDone(returnTo));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setFormError(errorMessage(err));
      setPending(false);
      focusSoon(id('alert'));
    }
  }

  return (
    <form className="mp-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
      <FormMessage id={id('alert')} error={formError} />
      <Field
        id={id('addressName')}
        label="배송지 이름"
        hint="예: 집, 회사. 비워 두면 받는 분 이름으로 저장됩니다."
        value={fields.addressName}
        maxLength={ADDRESS_NAME_MAX}
        onChange={set('addressName')}
        error={errors.addressName}
      />
      <Field
        id={id('receiverName')}
        label="받는 분"
        required
        autoComplete="name"
        value={fields.receiverName}
        maxLength={RECEIVER_NAME_MAX}
        onChange={set('receiverName')}
        error={errors.receiverName}
      />
      <Field
        id={id('receiverContact1')}
        label="연락처"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="010-1234-5678"
        value={fields.receiverContact1}
        onChange={set('receiverContact1')}
        error={errors.receiverContact1}
      />
      <Field
        id={id('receiverContact2')}
        label="추가 연락처"
        type="tel"
        inputMode="tel"
        value={fields.receiverContact2}
        onChange={set('receiverContact2')}
        error={errors.receiverContact2}
      />
      <Field
        id={id('receiverZipCd')}
        label="우편번호"
        required
        readOnly
        value={fields.receiverZipCd}
        error={errors.receiverZipCd}
        hint={
          postcodeSearch === 'kakao'
            ? '우편번호 찾기에서 주소를 고르면 채워집니다. 검색이 안 되면 직접 입력할 수 있습니다.'
            : '우편번호 찾기에서 주소를 고르면 채워집니다.'
        }
        addon={
          postcodeSearch === 'kakao' ? (
            <>
              <PostcodeSearch
                disabled={!hydrated}
                onManual={findPostcode}
                onPicked={(a) => {
                  setFields((f) => ({
                    ...f,
                    receiverZipCd: a.zipCd,
                    receiverAddress: a.address,
                    receiverJibunAddress: a.jibun,
                  }));
                  focusSoon(id('receiverDetailAddress'));
                }}
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={findPostcode}
                disabled={!hydrated}
              >
                직접 입력
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={findPostcode}
              disabled={!hydrated}
            >
              우편번호 찾기
            </button>
          )
        }
      />
      <Field
        id={id('receiverAddress')}
        label="주소"
        required
        readOnly
        value={fields.receiverAddress}
        error={errors.receiverAddress}
      />
      {fields.receiverJibunAddress && <p className="mp-muted">지번 {fields.receiverJibunAddress}</p>}
      <Field
        id={id('receiverDetailAddress')}
        label="상세 주소"
        autoComplete="address-line2"
        value={fields.receiverDetailAddress}
        maxLength={DETAIL_ADDRESS_MAX}
        onChange={set('receiverDetailAddress')}
        error={errors.receiverDetailAddress}
      />
      <label className="bf-check">
        <input
          type="checkbox"
          checked={wasDefault || fields.defaultYn === 'Y'}
          disabled={wasDefault}
          onChange={(e) => setFields((f) => ({ ...f, defaultYn: e.target.checked ? 'Y' : 'N' }))}
        />
        기본 배송지로 설정
      </label>
      {wasDefault && <p className="mp-muted">기본 배송지는 다른 배송지를 기본으로 고르면 바뀝니다.</p>}
      <div className="bf-actions">
        <button className="button" type="submit" disabled={!hydrated || pending}>
          저장
        </button>
        <a className="button button--secondary" href={returnTo}>
          취소
        </a>
      </div>
    </form>
  );
}
