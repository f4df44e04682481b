import { josa } from 'es-hangul';
import { useId, useState } from 'react';
import { formatPhone } from '../../lib/phone.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { goToLogin } from '../catalog/go-to-login.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import {
  fetchAddressBook,
  makeDefault,
  rememberSelectedAddress,
  removeAddress,
  type BookAddress,
} from './address-api.ts';
import './mypage.css';

export interface AddressBookProps {
  initial: BookAddress[];
  /** `manage` (/mypage/address): default, edit, delete. `select` (/address/list): choose one too. */
  mode: 'manage' | 'select';
  /** Where the edit form and a choice go back to (a same-site path). */
  returnTo: string;
}

/** The address book: the default first, "기본 배송지로 설정", edit, delete with a confirm modal. */
export default function AddressBook({ initial, mode, returnTo }: AddressBookProps) {
  const uid = useId();
  const [list, setList] = useState<BookAddress[]>(initial);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<BookAddress | null>(null);

  const editHref = (no: number | 'new') => `/address/edit/${no}?return=${encodeURIComponent(returnTo)}`;

  async function refresh(message: string) {
    setList(await fetchAddressBook());
    setStatus(message);
  }

  async function onDefault(a: BookAddress) {
    setPending(a.addressNo);
    setError(null);
    try {
      await makeDefault(a.addressNo);
      await refresh(`'${a.addressName}'${josa.pick(a.addressName, '을/를')} 기본 배송지로 설정했습니다.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setError(errorMessage(err));
    } finally {
      setPending(null);
    }
  }

  function onSelect(a: BookAddress) {
    rememberSelectedAddress(a);
    window.location.assign(returnTo);
  }

  return (
    <div className="address-book">
      <div className="mp-toolbar">
        <p>
          저장된 배송지 <strong>{list.length}</strong>개
        </p>
        <a className="button" href={editHref('new')}>
          새 배송지 추가
        </a>
      </div>
      <p className="mp-live" role="status">
        {status}
      </p>
      {error && (
        <p className="bf-alert" role="alert">
          {error}
        </p>
      )}
      {list.length === 0 ? (
        <p className="mp-empty">
          저장된 배송지가 없습니다. 자주 쓰는 주소를 추가해 두면 주문할 때 편리합니다.
        </p>
      ) : (
        <ul className="address-list" role="list" aria-label="배송지 목록">
          {list.map((a) => {
            const titleId = `${uid}-${a.addressNo}`;
            const isDefault = a.defaultYn === 'Y';
            return (
              <li key={a.addressNo}>
                <article className="address-card" aria-labelledby={titleId} data-address-no={a.addressNo}>
                  <h2 className="address-title" id={titleId}>
                    {a.addressName}
                    {isDefault && <span className="mp-badge">기본 배송지</span>}
                  </h2>
                  <p>
                    {a.receiverName} · {formatPhone(a.receiverContact1)}
                    {a.receiverContact2 ? ` / ${formatPhone(a.receiverContact2)}` : ''}
                  </p>
                  <p>
                    ({a.receiverZipCd}) {a.receiverAddress} {a.receiverDetailAddress ?? ''}
                  </p>
                  {a.receiverJibunAddress && <p className="mp-muted">지번 {a.receiverJibunAddress}</p>}
                  <p className="address-actions">
                    {mode === 'select' && (
                      <button type="button" className="button" onClick={() => onSelect(a)}>
                        선택<span className="visually-hidden"> ({a.addressName})</span>
                      </button>
                    )}
                    {!isDefault && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => void onDefault(a)}
                        disabled={pending !== null}
                      >
                        기본 배송지로 설정<span className="visually-hidden"> ({a.addressName})</span>
                      </button>
                    )}
                    <a className="button button--secondary" href={editHref(a.addressNo)}>
                      수정<span className="visually-hidden"> ({a.addressName})</span>
                    </a>
                    <button type="button" className="button button--secondary" onClick={() => setDeleting(a)}>
                      삭제<span className="visually-hidden"> ({a.addressName})</span>
                    </button>
                  </p>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="배송지 삭제"
        message={
          deleting?.defaultYn === 'Y'
            ? `기본 배송지 '${deleting.addressName}'${josa.pick(deleting.addressName, '을/를')} 삭제할까요? 가장 최근에 추가한 배송지가 기본 배송지가 됩니다.`
            : `'${deleting?.addressName ?? ''}' 배송지를 삭제할까요?`
        }
        confirmLabel="삭제"
        onConfirm={async () => {
          if (!deleting) return;
          await removeAddress(deleting.addressNo);
          const name = deleting.addressName;
          setDeleting(null);
          await refresh(`'${name}' 배송지를 삭제했습니다.`);
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
