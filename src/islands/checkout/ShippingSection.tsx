import { Field, focusSoon } from '../auth/form-kit.tsx';
import { formatPhone } from '../../lib/phone.ts';
import { PostcodeSearch } from '../common/PostcodeSearch.tsx';
import type { SavedAddress } from './checkout-api.ts';
import { addressFields, CUSTOM_MEMO, MEMO_MAX, MEMO_PRESETS } from './checkout-form.ts';
import { Section, type SectionProps } from './sections.tsx';

/** Where 우편번호 찾기 goes: Kakao's postcode search, or typing only (decision 041). */
export type PostcodeMode = 'kakao' | 'manual';

/**
 * The postcode step. With Kakao's search, 우편번호 찾기 fills the postcode and the address and moves
 * to 상세 주소; the fields stay editable, so typing them is always possible (and the only way with
 * manual entry or when the search cannot load).
 */
function PostcodeStep({ form, errors, idOf, update, postcode }: SectionProps & { postcode: PostcodeMode }) {
  const search = postcode === 'kakao';
  return (
    <fieldset className="af-fieldset checkout-postcode">
      <legend className="af-legend">주소 (필수)</legend>
      <p className="af-hint" id={idOf('postcode-hint')}>
        {search
          ? '우편번호 찾기로 주소를 고르거나 우편번호 5자리와 도로명 주소를 직접 입력해 주세요.'
          : '우편번호 5자리와 도로명 주소를 입력해 주세요.'}{' '}
        제주·도서산간 지역은 추가 배송비가 붙습니다.
      </p>
      <Field
        id={idOf('receiverZipCd')}
        label="우편번호"
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={form.receiverZipCd}
        error={errors.receiverZipCd}
        onChange={(e) => update({ receiverZipCd: e.target.value.replace(/\D/g, '').slice(0, 5) })}
        addon={
          search ? (
            <PostcodeSearch
              manualHint="우편번호와 주소를 아래 칸에 직접 입력해 주세요."
              onPicked={(a) => {
                update({ receiverZipCd: a.zipCd, receiverAddress: a.address });
                focusSoon(idOf('receiverDetailAddress'));
              }}
            />
          ) : undefined
        }
      />
      <Field
        id={idOf('receiverAddress')}
        label="도로명 주소"
        required
        autoComplete="address-line1"
        maxLength={200}
        value={form.receiverAddress}
        error={errors.receiverAddress}
        onChange={(e) => update({ receiverAddress: e.target.value })}
      />
      <Field
        id={idOf('receiverDetailAddress')}
        label="상세 주소"
        autoComplete="address-line2"
        maxLength={100}
        value={form.receiverDetailAddress}
        error={errors.receiverDetailAddress}
        onChange={(e) => update({ receiverDetailAddress: e.target.value })}
      />
    </fieldset>
  );
}

function addressText(a: SavedAddress): string {
  return [`(${a.receiverZipCd})`, a.receiverAddress, a.receiverDetailAddress].filter(Boolean).join(' ');
}

export function ShippingSection(
  props: SectionProps & {
    member: boolean;
    addresses: SavedAddress[];
    recentAddress: SavedAddress | null;
    addressError: string | null;
    postcode: PostcodeMode;
  },
) {
  const { form, errors, idOf, update, member, addresses, recentAddress, addressError } = props;
  const usingNew = form.addressChoice === 'new' || !addresses.some((a) => a.addressNo === form.addressChoice);
  return (
    <Section id={idOf('shipping')} title="배송지">
      {member && addressError && (
        <p className="af-error" role="alert">
          {addressError}
        </p>
      )}
      {member && addresses.length > 0 && (
        <fieldset className="af-fieldset">
          <legend className="af-legend">배송지 선택</legend>
          <ul role="list" className="checkout-addresses">
            {addresses.map((a) => (
              <li key={a.addressNo}>
                <label className="checkout-address">
                  <input
                    type="radio"
                    name={idOf('address')}
                    checked={form.addressChoice === a.addressNo}
                    onChange={() => update({ addressChoice: a.addressNo })}
                  />
                  <span>
                    <strong>
                      {a.addressName || a.receiverName}
                      {a.defaultYn === 'Y' && <span className="checkout-badge">기본 배송지</span>}
                    </strong>
                    <span className="checkout-address__text">
                      {a.receiverName} · {formatPhone(a.receiverContact1)}
                    </span>
                    <span className="checkout-address__text">{addressText(a)}</span>
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className="checkout-address">
                <input
                  type="radio"
                  name={idOf('address')}
                  checked={usingNew}
                  onChange={() => update({ addressChoice: 'new' })}
                />
                <span>
                  <strong>새 배송지</strong>
                </span>
              </label>
            </li>
          </ul>
        </fieldset>
      )}
      {member && recentAddress && (
        <div className="checkout-recent">
          <p className="af-hint" id={idOf('recent-address')}>
            최근 배송지: {recentAddress.receiverName} · {addressText(recentAddress)}
          </p>
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={idOf('recent-address')}
            onClick={() => update(addressFields(recentAddress))}
          >
            최근 배송지 불러오기
          </button>
        </div>
      )}
      {usingNew && (
        <div className="checkout-fields">
          <label className="af-check checkout-same">
            <input
              type="checkbox"
              checked={form.sameAsOrderer === true}
              onChange={(e) => update({ sameAsOrderer: e.target.checked })}
            />
            주문자 정보와 동일
          </label>
          {/* the same as the orderer: shown as they will be sent, changed in the orderer's fields */}
          <Field
            id={idOf('receiverName')}
            label="받는 분"
            required
            autoComplete="shipping name"
            readOnly={form.sameAsOrderer === true}
            value={form.sameAsOrderer ? form.ordererName : form.receiverName}
            error={errors.receiverName}
            onChange={(e) => update({ receiverName: e.target.value })}
          />
          <Field
            id={idOf('receiverContact')}
            label="받는 분 휴대폰 번호"
            required
            type="tel"
            inputMode="tel"
            autoComplete="shipping tel"
            readOnly={form.sameAsOrderer === true}
            value={form.sameAsOrderer ? form.ordererContact : form.receiverContact}
            error={errors.receiverContact}
            onChange={(e) => update({ receiverContact: e.target.value })}
          />
          <PostcodeStep {...props} />
        </div>
      )}
      <div className="checkout-fields">
        <div className="af-field">
          <label htmlFor={idOf('memoPreset')} className="af-label">
            배송 메모
          </label>
          <select
            id={idOf('memoPreset')}
            className="af-select"
            value={form.memoPreset}
            onChange={(e) => update({ memoPreset: e.target.value })}
          >
            <option value="">선택 안 함</option>
            {MEMO_PRESETS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
            <option value={CUSTOM_MEMO}>직접 입력</option>
          </select>
        </div>
        {form.memoPreset === CUSTOM_MEMO && (
          <Field
            id={idOf('memoCustom')}
            label="배송 메모 직접 입력"
            maxLength={MEMO_MAX}
            value={form.memoCustom}
            error={errors.memoCustom}
            hint={`${form.memoCustom.length}/${MEMO_MAX}자`}
            onChange={(e) => update({ memoCustom: e.target.value })}
          />
        )}
      </div>
    </Section>
  );
}
