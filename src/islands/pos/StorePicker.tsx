import { josa } from 'es-hangul';
import { useEffect, useState, type SubmitEvent } from 'react';
import { posStoresApi, type CounterStoreChoice } from '../../lib/clients/pos-stores.ts';
import { errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import { FormMessage, RadioGroup, SubmitButton, focusSoon, usePending } from '../auth/form-kit.tsx';
import { saleQueueStore } from './sale-queue-db.ts';
import './StorePicker.css';

/**
 * The counter's store picker (decision 018), after signing in and behind 매장 변경: the stores the
 * server lets this member sell at, each with whether its shift is open. The server checks the choice
 * and remembers it (PUT /api/pos/store); then the counter opens at `target`. Leaving a store whose
 * shift is open leaves that shift open for the store. While offline sales of this device still wait
 * to be sent, the store cannot change: they belong to the current store's shift, and another
 * store's counter would have them refused.
 */
export interface StorePickerProps {
  stores: CounterStoreChoice[];
  /** The store the counter sells at now, if any. */
  current: number | null;
  /** Where to go afterwards: a same-site path, checked by the page. */
  target: string;
  /** Ids prefix (two pickers never share a page, but the login page also has its form's ids). */
  idPrefix?: string;
  /** Takes the keyboard to the list when it appears (after the sign-in form made way for it). */
  autoFocus?: boolean;
}

export default function StorePicker({
  stores,
  current,
  target,
  idPrefix = 'pos-store',
  autoFocus = false,
}: StorePickerProps) {
  const ids = { legend: `${idPrefix}-legend`, alert: `${idPrefix}-alert` };
  const [value, setValue] = useState(String(current ?? stores[0]?.storeNo ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [pending, run] = usePending();
  const [queued, setQueued] = useState(0);
  useEffect(() => {
    if (autoFocus) focusSoon(ids.legend);
  }, [autoFocus, ids.legend]);
  useEffect(() => {
    let live = true;
    // sales the server already refused are the staff's to deal with; only those still to send hold
    saleQueueStore()
      .all()
      .then((all) => {
        if (live) setQueued(all.filter((q) => q.state === 'waiting').length);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const held =
    queued > 0
      ? `이 기기에 아직 서버로 보내지 못한 오프라인 판매가 ${queued}건 있습니다. 연결된 판매 화면에서 전송을 마친 뒤 매장을 바꿔 주세요.`
      : null;
  const leaving = stores.find((s) => s.storeNo === current && String(s.storeNo) !== value && s.shiftOpen);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    if (held && current !== null && Number(value) !== current) {
      setError(held);
      focusSoon(ids.alert);
      return;
    }
    await run(async () => {
      try {
        await unwrap(posStoresApi.store.$put({ json: { storeNo: Number(value) } }));
      } catch (err) {
        setError(errorMessage(err));
        focusSoon(ids.alert);
        return;
      }
      window.location.assign(target);
    });
  }

  return (
    <form className="af-form pos-store-picker" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <FormMessage id={ids.alert} error={error} />
      {held && <p className="pos-store-picker__note">{held}</p>}
      <RadioGroup
        name={`${idPrefix}-store`}
        legend="판매할 매장"
        legendId={ids.legend}
        value={value}
        onChange={setValue}
        options={stores.map((s) => [
          String(s.storeNo),
          <span key={s.storeNo} className="pos-store-picker__option">
            <strong>{s.storeName}</strong>
            <span className={s.shiftOpen ? 'pos-store-picker__open' : 'pos-store-picker__closed'}>
              {s.shiftOpen ? ' · 영업 중' : ' · 영업 전'}
            </span>
            {s.storeNo === current && <span> · 지금 매장</span>}
            {s.address && <span className="pos-store-picker__address">{s.address}</span>}
          </span>,
        ])}
      />
      {/* always in the page, so the note is read out when a store with an open shift is left */}
      <p className={leaving ? 'pos-store-picker__note' : 'visually-hidden'} role="status">
        {leaving &&
          `${josa(leaving.storeName, '은/는')} 영업 중입니다. 매장을 바꿔도 ${leaving.storeName}의 영업은 열린 채로 남습니다. 마감하려면 ${josa(leaving.storeName, '을/를')} 다시 골라 영업 마감에서 닫아 주세요.`}
      </p>
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '매장을 여는 중…' : '이 매장에서 판매'}</SubmitButton>
      </div>
    </form>
  );
}
