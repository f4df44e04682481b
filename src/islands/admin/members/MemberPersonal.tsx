import { useId, useState } from 'react';
import { managerMembersApi, type RevealedMemberView } from '../../../lib/clients/manager-members.ts';
import { param, unwrap } from '../../../lib/shop-api-client.ts';
import { SaveMessages, useSaveState } from '../catalog-setup/save-state.tsx';

export interface MaskedPersonal {
  memberName: string;
  mobileNo: string;
  email: string;
  birthday: string;
  addresses: {
    addressNo: number;
    addressName: string;
    receiverName: string;
    receiverAddress: string;
    receiverContact1: string;
    isDefault: boolean;
  }[];
}

/**
 * A member's personal data, masked as the server sent it, and 개인정보 보기: the manager gives a
 * reason, the server writes the audit line and only then answers the unmasked data, which stays
 * in this island's memory (never in the page's HTML).
 */
export default function MemberPersonal({
  memberNo,
  masked,
  withdrawn,
}: {
  memberNo: number;
  masked: MaskedPersonal;
  withdrawn: boolean;
}) {
  const uid = useId();
  const save = useSaveState();
  const [reason, setReason] = useState('');
  const [revealed, setRevealed] = useState<RevealedMemberView | null>(null);
  const shown = revealed ?? masked;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void save.run(async () => {
      const data = await unwrap(
        managerMembersApi[':memberNo'].reveal.$post({
          param: param({ memberNo: String(memberNo) }),
          json: { reason },
        }),
      );
      setRevealed(data);
      return data;
    }, '개인정보를 표시했습니다. 열람 기록이 남았습니다.');
  };

  return (
    <section className="mm-card" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>
        개인정보 {revealed ? <span className="mm-tag">열람 중</span> : <span className="mm-tag">가림</span>}
      </h2>
      <dl className="mm-facts" data-revealed={revealed ? 'true' : 'false'}>
        <dt>이름</dt>
        <dd data-field="memberName">{shown.memberName || '-'}</dd>
        <dt>휴대폰</dt>
        <dd data-field="mobileNo">{shown.mobileNo || '-'}</dd>
        <dt>이메일</dt>
        <dd data-field="email">{shown.email || '-'}</dd>
        <dt>생년월일</dt>
        <dd>{shown.birthday || '-'}</dd>
      </dl>
      <h3>배송지</h3>
      {shown.addresses.length === 0 ? (
        <p className="muted">등록한 배송지가 없습니다.</p>
      ) : (
        <ul className="mm-addresses" role="list">
          {shown.addresses.map((a) => (
            <li key={a.addressNo}>
              <strong>{a.addressName || '배송지'}</strong>
              {a.isDefault && <span className="mm-tag">기본</span>} · {a.receiverName} · {a.receiverContact1}
              <br />
              {'receiverZipCd' in a ? `(${String(a.receiverZipCd)}) ` : ''}
              {a.receiverAddress}
              {'receiverDetailAddress' in a ? ` ${String(a.receiverDetailAddress)}` : ''}
            </li>
          ))}
        </ul>
      )}
      {!revealed && !withdrawn && (
        <form className="mm-inline" onSubmit={submit} noValidate>
          <label htmlFor={`${uid}-reason`}>열람 사유</label>
          <input
            id={`${uid}-reason`}
            value={reason}
            maxLength={200}
            required
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={`${uid}-hint`}
          />
          <p id={`${uid}-hint`} className="hint">
            사유와 함께 누가 언제 열람했는지 작업 기록에 남습니다.
          </p>
          <button type="submit" className="button" disabled={save.pending}>
            개인정보 보기
          </button>
        </form>
      )}
      <SaveMessages state={save} />
    </section>
  );
}
