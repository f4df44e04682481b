import { josa } from 'es-hangul';
import { useId, useState } from 'react';
import {
  managerStoresApi,
  type AdminStaffRow,
  type AdminStoreRow,
} from '../../../lib/clients/manager-stores.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { SaveMessages, useSaveState } from '../catalog-setup/save-state.tsx';

/**
 * Where each staff member may sell: one group of checkboxes per staff account, saved on its own.
 * A staff member never assigned sells at their home store (shown ticked, with a note); the save
 * sends the assignment the screen showed, so a change someone made meanwhile is refused (409).
 */
export default function StaffStores({
  staff,
  stores,
  onSaved,
}: {
  staff: AdminStaffRow[];
  stores: AdminStoreRow[];
  onSaved: (saved: AdminStaffRow) => void;
}) {
  if (staff.length === 0)
    return <p className="cs-meta">직원 계정이 없습니다. 직원 계정은 회원 관리에서 만듭니다.</p>;
  return (
    <ul className="st-staff" role="list">
      {staff.map((s) => (
        <li key={s.memberNo}>
          <StaffRow member={s} stores={stores} onSaved={onSaved} />
        </li>
      ))}
    </ul>
  );
}

function StaffRow({
  member,
  stores,
  onSaved,
}: {
  member: AdminStaffRow;
  stores: AdminStoreRow[];
  onSaved: (saved: AdminStaffRow) => void;
}) {
  const uid = useId();
  const save = useSaveState();
  const assigned = member.storeNos.length > 0;
  const [chosen, setChosen] = useState<number[]>(assigned ? member.storeNos : [member.homeStoreNo]);
  const home = stores.find((s) => s.storeNo === member.homeStoreNo);
  const noteId = `${uid}-note`;
  const toggle = (storeNo: number, on: boolean) =>
    setChosen((now) => (on ? [...now, storeNo].sort((a, b) => a - b) : now.filter((n) => n !== storeNo)));

  const submit = () =>
    void save.run(
      async () => {
        const saved = await unwrap(
          managerStoresApi.staff[':memberNo'].stores.$put({
            param: { memberNo: String(member.memberNo) },
            json: { storeNos: chosen, previous: member.storeNos },
          }),
        );
        onSaved(saved);
        return saved;
      },
      (saved) => {
        const names = saved.storeNos
          .map((no) => stores.find((s) => s.storeNo === no)?.storeName ?? `${no}번 매장`)
          .join(', ');
        return `${member.memberName} 님의 판매 매장을 ${josa(names, '으로/로')} 저장했습니다.`;
      },
    );

  return (
    <form
      className="bf-form st-staff__row"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="st-staff__stores" aria-describedby={noteId}>
        <legend>
          <strong>{member.memberName}</strong> <span className="cs-meta">({member.memberId})</span>
          {!member.active && <span className="cs-badge cs-badge--off">계정 해지됨</span>}
        </legend>
        {stores.map((store) => (
          <label key={store.storeNo} className="cs-radio">
            <input
              type="checkbox"
              checked={chosen.includes(store.storeNo)}
              onChange={(e) => toggle(store.storeNo, e.target.checked)}
            />
            {store.storeName}
            {!store.active && <span className="cs-meta"> (운영 중지)</span>}
          </label>
        ))}
        <p className="bf-hint" id={noteId}>
          {assigned
            ? `판매할 수 있는 매장 ${member.storeNos.length}곳. 두 곳 이상이면 로그인할 때 매장을 고릅니다.`
            : `아직 배정 전이라 기본 매장(${home?.storeName ?? `${member.homeStoreNo}번 매장`})에서만 판매합니다.`}
        </p>
      </fieldset>
      <div className="bf-actions">
        <button className="cs-small" type="submit" disabled={save.pending}>
          {member.memberName} 님 판매 매장 저장
        </button>
      </div>
      <SaveMessages state={save} />
    </form>
  );
}
