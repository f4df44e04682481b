import { josa } from 'es-hangul';
import { useId, useState } from 'react';
import { managerMembersApi, type ManagedMemberView } from '../../../lib/clients/manager-members.ts';
import { param, unwrap } from '../../../lib/shop-api-client.ts';
import { SaveMessages, useSaveState } from '../catalog-setup/save-state.tsx';

export interface StoreChoice {
  storeNo: number;
  storeName: string;
  active: boolean;
}

/**
 * What a manager changes on a member: grade, groups (the administrator group among them), the
 * staff role with its store, suspension and the withdrawal the member asked for. Each save sends
 * the version this screen holds; the answer (the member as saved) replaces it, so a change someone
 * else made meanwhile is refused with the server's 409 message and nothing is overwritten.
 */
export default function MemberRoles({
  initial,
  stores,
}: {
  initial: ManagedMemberView;
  stores: StoreChoice[];
}) {
  const [member, setMember] = useState(initial);
  if (member.state === 'WITHDRAWN')
    return <p className="muted">탈퇴한 회원입니다. 등급, 그룹, 권한을 바꿀 수 없습니다.</p>;
  const props = { member, onSaved: setMember };
  return (
    <div className="mm-roles">
      <GradeForm {...props} />
      <GroupsForm {...props} />
      <StaffForm {...props} stores={stores} />
      <SuspensionForm {...props} />
      <WithdrawalForm {...props} />
    </div>
  );
}

interface FormProps {
  member: ManagedMemberView;
  onSaved: (m: ManagedMemberView) => void;
}

const at = (memberNo: number) => ({ param: param({ memberNo: String(memberNo) }) });

function GradeForm({ member, onSaved }: FormProps) {
  const uid = useId();
  const save = useSaveState();
  const [gradeNo, setGradeNo] = useState(member.gradeNo);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void save.run(
      async () => {
        const saved = await unwrap(
          managerMembersApi[':memberNo'].grade.$put({
            ...at(member.memberNo),
            json: { version: member.version, gradeNo },
          }),
        );
        onSaved(saved);
        return saved;
      },
      (saved) => `등급을 ${josa(saved.gradeName, '으로/로')} 저장했습니다.`,
    );
  };
  return (
    <form className="mm-card" onSubmit={submit} aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>등급</h2>
      <label htmlFor={`${uid}-grade`}>회원 등급</label>
      <select id={`${uid}-grade`} value={gradeNo} onChange={(e) => setGradeNo(Number(e.target.value))}>
        {member.grades.map((g) => (
          <option key={g.gradeNo} value={g.gradeNo}>
            {g.gradeName}
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={save.pending}>
        등급 저장
      </button>
      <SaveMessages state={save} />
    </form>
  );
}

function GroupsForm({ member, onSaved }: FormProps) {
  const uid = useId();
  const save = useSaveState();
  const [chosen, setChosen] = useState<number[]>(member.groupNos);
  const toggle = (no: number, on: boolean) =>
    setChosen((now) => (on ? [...now, no].sort((a, b) => a - b) : now.filter((n) => n !== no)));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void save.run(async () => {
      const saved = await unwrap(
        managerMembersApi[':memberNo'].groups.$put({
          ...at(member.memberNo),
          json: { version: member.version, groupNos: chosen },
        }),
      );
      onSaved(saved);
      setChosen(saved.groupNos);
      return saved;
    }, '그룹을 저장했습니다.');
  };
  return (
    <form className="mm-card" onSubmit={submit}>
      <fieldset>
        <legend>그룹</legend>
        {member.groups.map((g) => (
          <label key={g.groupNo} className="mm-check">
            <input
              type="checkbox"
              checked={chosen.includes(g.groupNo)}
              onChange={(e) => toggle(g.groupNo, e.target.checked)}
              aria-describedby={g.isAdmin ? `${uid}-admin` : undefined}
            />
            {g.groupName}
          </label>
        ))}
        <p id={`${uid}-admin`} className="hint">
          관리자 그룹의 회원은 관리 화면을 모두 쓸 수 있습니다. 자신의 관리자 권한은 해제할 수 없습니다.
        </p>
      </fieldset>
      <button type="submit" className="button" disabled={save.pending}>
        그룹 저장
      </button>
      <SaveMessages state={save} />
    </form>
  );
}

function StaffForm({ member, onSaved, stores }: FormProps & { stores: StoreChoice[] }) {
  const uid = useId();
  const save = useSaveState();
  const [staff, setStaff] = useState(member.isStaff);
  const firstStore = stores.find((s) => s.active)?.storeNo ?? null;
  const [storeNo, setStoreNo] = useState<number | null>(member.staffStoreNo ?? firstStore);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void save.run(
      async () => {
        const saved = await unwrap(
          managerMembersApi[':memberNo'].staff.$put({
            ...at(member.memberNo),
            json: { version: member.version, staff, storeNo: staff ? storeNo : null },
          }),
        );
        onSaved(saved);
        return saved;
      },
      (saved) => (saved.isStaff ? '매장 직원으로 지정했습니다.' : '매장 직원 권한을 해제했습니다.'),
    );
  };
  return (
    <form className="mm-card" onSubmit={submit}>
      <fieldset>
        <legend>매장 직원</legend>
        <label className="mm-check">
          <input type="checkbox" checked={staff} onChange={(e) => setStaff(e.target.checked)} />
          매장(POS) 직원 권한
        </label>
        <label htmlFor={`${uid}-store`}>판매 매장</label>
        <select
          id={`${uid}-store`}
          value={storeNo ?? ''}
          disabled={!staff}
          onChange={(e) => setStoreNo(e.target.value ? Number(e.target.value) : null)}
          aria-describedby={`${uid}-hint`}
        >
          {stores.map((s) => (
            <option key={s.storeNo} value={s.storeNo} disabled={!s.active}>
              {s.storeName}
              {s.active ? '' : ' (운영 중지)'}
            </option>
          ))}
        </select>
        <p id={`${uid}-hint`} className="hint">
          직원의 기본 매장입니다. 여러 매장에서 판매하게 하려면 매장 관리에서 정합니다.
        </p>
      </fieldset>
      <button type="submit" className="button" disabled={save.pending}>
        직원 권한 저장
      </button>
      <SaveMessages state={save} />
    </form>
  );
}

function SuspensionForm({ member, onSaved }: FormProps) {
  const uid = useId();
  const save = useSaveState();
  const [reason, setReason] = useState('');
  const suspended = member.state === 'SUSPENDED';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void save.run(
      async () => {
        const saved = await unwrap(
          managerMembersApi[':memberNo'].suspension.$put({
            ...at(member.memberNo),
            json: { version: member.version, suspended: !suspended, reason },
          }),
        );
        onSaved(saved);
        setReason('');
        return saved;
      },
      (saved) =>
        saved.state === 'SUSPENDED'
          ? '이용을 정지했습니다. 이 회원은 로그인할 수 없습니다.'
          : '정지를 해제했습니다.',
    );
  };
  return (
    <form className="mm-card" onSubmit={submit} noValidate>
      <h2>이용 정지</h2>
      {suspended && <p>정지 중 · 사유: {member.suspensionReason}</p>}
      <label htmlFor={`${uid}-reason`}>{suspended ? '해제 사유' : '정지 사유'}</label>
      <input
        id={`${uid}-reason`}
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="submit" className="button" disabled={save.pending}>
        {suspended ? '정지 해제' : '이용 정지'}
      </button>
      <SaveMessages state={save} />
    </form>
  );
}

function WithdrawalForm({ member, onSaved }: FormProps) {
  const uid = useId();
  const save = useSaveState();
  const [reason, setReason] = useState('');
  const requested = member.withdrawalRequested;
  const DONE = {
    REQUEST: '탈퇴 요청을 접수했습니다.',
    CANCEL: '탈퇴 요청을 취소했습니다.',
    COMPLETE: '탈퇴 처리했습니다.',
  } as const;
  const send = (action: keyof typeof DONE) => {
    if (
      action === 'COMPLETE' &&
      !window.confirm('탈퇴 처리하면 이 회원의 개인정보가 지워지고 되돌릴 수 없습니다. 처리할까요?')
    )
      return;
    void save.run(async () => {
      const saved = await unwrap(
        managerMembersApi[':memberNo'].withdrawal.$post({
          ...at(member.memberNo),
          json: { version: member.version, action, reason },
        }),
      );
      onSaved(saved);
      setReason('');
      return saved;
    }, DONE[action]);
  };
  return (
    <form className="mm-card" onSubmit={(e) => e.preventDefault()} noValidate>
      <h2>회원 탈퇴</h2>
      <p className="hint">
        회원이 전화나 1:1 문의로 탈퇴를 요청하면 접수한 뒤 처리합니다. 탈퇴하면 개인정보가 지워지고 주문
        기록은 남습니다.
      </p>
      {requested && <p>탈퇴 요청 접수됨 · 사유: {member.withdrawalRequestReason}</p>}
      <label htmlFor={`${uid}-reason`}>{requested ? '처리 메모' : '요청 내용'}</label>
      <input
        id={`${uid}-reason`}
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
      />
      {requested ? (
        <>
          <button type="button" className="button" disabled={save.pending} onClick={() => send('COMPLETE')}>
            탈퇴 처리
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={save.pending}
            onClick={() => send('CANCEL')}
          >
            요청 취소
          </button>
        </>
      ) : (
        <button type="button" className="button" disabled={save.pending} onClick={() => send('REQUEST')}>
          탈퇴 요청 접수
        </button>
      )}
      <SaveMessages state={save} />
    </form>
  );
}
