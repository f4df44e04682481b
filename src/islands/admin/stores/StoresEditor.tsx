import { useCallback, useMemo, useState } from 'react';
import {
  managerStoresApi,
  type AdminStaffRow,
  type AdminStoreRow,
} from '../../../lib/clients/manager-stores.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatBusinessNo, formatStorePhone } from '../../../lib/pos/store-fields.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { useFocusLater } from '../focus.ts';
import { SaveMessages, useSaveState } from '../catalog-setup/save-state.tsx';
import SetupTable, { type SetupColumn } from '../catalog-setup/SetupTable.tsx';
import StaffStores from './StaffStores.tsx';
import StoreForm from './StoreForm.tsx';
import '../../board/board-forms.css';
import '../catalog-setup/catalog-setup.css';
import './stores.css';

/**
 * /manager/stores (decision 018): the stores with their numbers, whether each is running and
 * whether its shift is open; add one, edit one, stop or resume one (not while its shift is open),
 * and, below, which stores each staff member may sell at. Every save names the version it read.
 */
export default function StoresEditor({
  initialStores,
  initialStaff,
}: {
  initialStores: AdminStoreRow[];
  initialStaff: AdminStaffRow[];
}) {
  const [stores, setStores] = useState(initialStores);
  const [staff, setStaff] = useState(initialStaff);
  const [editingNo, setEditingNo] = useState<number | null>(null);
  const status = useSaveState();
  const focusLater = useFocusLater();
  const reload = useCallback(async () => {
    setStores((await unwrap(managerStoresApi.index.$get())).items);
  }, []);
  const editing = stores.find((s) => s.storeNo === editingNo) ?? null;

  const setActive = useCallback(
    (store: AdminStoreRow, active: boolean) => {
      if (
        !active &&
        !window.confirm(
          `'${store.storeName}' 매장의 운영을 멈출까요? 직원이 이 매장을 고를 수 없고 영업을 시작할 수 없습니다.`,
        )
      )
        return;
      void status.run(
        async () => {
          await unwrap(
            managerStoresApi[':storeNo'].active.$put({
              param: { storeNo: String(store.storeNo) },
              json: { version: store.version, active },
            }),
          );
          await reload();
          // the pressed button turned into its opposite: keep the keyboard on it
          focusLater(() => document.querySelector<HTMLElement>(`[data-active-no="${store.storeNo}"]`));
        },
        active
          ? `'${store.storeName}' 매장을 다시 운영합니다.`
          : `'${store.storeName}' 매장의 운영을 멈췄습니다.`,
      );
    },
    [status, reload, focusLater],
  );

  const columns = useMemo<SetupColumn<AdminStoreRow>[]>(
    () => [
      { id: 'storeNo', header: '번호', numeric: true, sortValue: (s) => s.storeNo, cell: (s) => s.storeNo },
      {
        id: 'storeName',
        header: '매장 이름',
        sortValue: (s) => s.storeName,
        cell: (s) => (
          <>
            <strong>{s.storeName}</strong>
            {s.address && (
              <>
                <br />
                <span className="cs-meta">{s.address}</span>
              </>
            )}
          </>
        ),
      },
      {
        id: 'businessNo',
        header: '사업자등록번호',
        cell: (s) => (s.businessNo ? formatBusinessNo(s.businessNo) : <span className="cs-meta">없음</span>),
      },
      {
        id: 'phone',
        header: '전화번호',
        cell: (s) => (s.phone ? formatStorePhone(s.phone) : <span className="cs-meta">없음</span>),
      },
      {
        id: 'pointRate',
        header: '적립률',
        numeric: true,
        sortValue: (s) => s.pointRate,
        cell: (s) => `${s.pointRate}%`,
      },
      {
        id: 'active',
        header: '운영',
        sortValue: (s) => (s.active ? 0 : 1),
        cell: (s) =>
          s.active ? (
            <span className="cs-badge">운영 중</span>
          ) : (
            <span className="cs-badge cs-badge--off">운영 중지</span>
          ),
      },
      {
        id: 'shift',
        header: '영업',
        sortValue: (s) => (s.shift ? 0 : 1),
        cell: (s) =>
          s.shift ? (
            <>
              <strong className="st-open">영업 중</strong>
              <br />
              <span className="cs-meta">
                {formatDateTime(s.shift.openedAt)} 시작 · {s.shift.openedByName}
              </span>
            </>
          ) : (
            <span className="cs-meta">영업 전</span>
          ),
      },
      {
        id: 'staffCount',
        header: '판매 직원',
        numeric: true,
        sortValue: (s) => s.staffCount,
        cell: (s) => `${s.staffCount}명`,
      },
      {
        id: 'edit',
        header: '관리',
        cell: (s) => (
          <span className="cs-actions">
            <button
              type="button"
              className="cs-small"
              data-edit-no={s.storeNo}
              aria-label={`'${s.storeName}' 매장 수정`}
              aria-expanded={editingNo === s.storeNo}
              onClick={() => setEditingNo((now) => (now === s.storeNo ? null : s.storeNo))}
            >
              수정
            </button>
            <button
              type="button"
              className="cs-small"
              data-active-no={s.storeNo}
              aria-label={s.active ? `'${s.storeName}' 매장 운영 중지` : `'${s.storeName}' 매장 다시 운영`}
              disabled={status.pending}
              onClick={() => setActive(s, !s.active)}
            >
              {s.active ? '운영 중지' : '다시 운영'}
            </button>
          </span>
        ),
      },
    ],
    [editingNo, setActive, status.pending],
  );

  return (
    <div className="cs-editor">
      <StoreForm key="new" store={null} onSaved={reload} />
      <section className="cs-section" aria-labelledby="st-store-list">
        <h2 id="st-store-list" className="cs-title">
          매장 목록 <span className="cs-meta">{stores.length}곳</span>
        </h2>
        <SaveMessages state={status} />
        <SetupTable caption="매장 목록" rows={stores} columns={columns} rowKey={(s) => String(s.storeNo)} />
      </section>
      {editing && (
        <StoreForm
          key={editing.storeNo}
          store={editing}
          onSaved={reload}
          onClose={() => {
            const no = editing.storeNo;
            setEditingNo(null);
            focusLater(() => document.querySelector<HTMLElement>(`[data-edit-no="${no}"]`));
          }}
        />
      )}
      <section className="cs-section" aria-labelledby="st-staff-list">
        <h2 id="st-staff-list" className="cs-title">
          직원별 판매 매장 <span className="cs-meta">{staff.length}명</span>
        </h2>
        <p className="bf-hint">
          직원은 고른 매장에서만 판매합니다. 두 곳 이상이면 로그인할 때 매장을 고르고, 판매 화면의 ‘매장
          변경’으로 바꿉니다. 관리자는 운영 중인 모든 매장에서 판매할 수 있습니다.
        </p>
        <StaffStores
          staff={staff}
          stores={stores}
          onSaved={(saved) => {
            setStaff((now) => now.map((s) => (s.memberNo === saved.memberNo ? saved : s)));
            void reload();
          }}
        />
      </section>
    </div>
  );
}
