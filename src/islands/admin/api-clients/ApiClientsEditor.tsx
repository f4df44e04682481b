import { useCallback, useMemo, useState } from 'react';
import { managerApiClientsApi, type AdminApiClientRow } from '../../../lib/clients/manager-api-clients.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { useFocusLater } from '../focus.ts';
import { SaveMessages, useSaveState } from '../catalog-setup/save-state.tsx';
import SetupTable, { type SetupColumn } from '../catalog-setup/SetupTable.tsx';
import ApiClientForm from './ApiClientForm.tsx';
import '../../board/board-forms.css';
import '../catalog-setup/catalog-setup.css';

/**
 * /manager/api-clients (decision 032): the storefronts on other origins that may call /shop-api —
 * the server configuration's (read-only) and the ones registered here, which can be changed,
 * stopped and resumed. Every save names the version it read.
 */
export default function ApiClientsEditor({ initialClients }: { initialClients: AdminApiClientRow[] }) {
  const [clients, setClients] = useState(initialClients);
  const [editingId, setEditingId] = useState<string | null>(null);
  const status = useSaveState();
  const focusLater = useFocusLater();
  const reload = useCallback(async () => {
    setClients((await unwrap(managerApiClientsApi.index.$get())).items);
  }, []);
  const editing = clients.find((c) => c.clientId === editingId && c.source === 'MANAGED') ?? null;

  const setActive = useCallback(
    (client: AdminApiClientRow, active: boolean) => {
      if (client.version === null) return;
      if (
        !active &&
        !window.confirm(
          `${client.clientId}의 사용을 멈출까요? 그 출처의 브라우저는 shop-api를 부를 수 없게 됩니다.`,
        )
      )
        return;
      void status.run(
        async () => {
          await unwrap(
            managerApiClientsApi[':clientId'].$put({
              param: { clientId: client.clientId },
              json: { version: client.version!, name: client.name, origins: client.origins, active },
            }),
          );
          await reload();
          focusLater(() => document.querySelector<HTMLElement>(`[data-active-id="${client.clientId}"]`));
        },
        active ? `${client.clientId}를 다시 사용합니다.` : `${client.clientId}의 사용을 멈췄습니다.`,
      );
    },
    [status, reload, focusLater],
  );

  const columns = useMemo<SetupColumn<AdminApiClientRow>[]>(
    () => [
      {
        id: 'clientId',
        header: 'clientId',
        sortValue: (c) => c.clientId,
        cell: (c) => (
          <>
            <strong>{c.clientId}</strong>
            {c.name && (
              <>
                <br />
                <span className="cs-meta">{c.name}</span>
              </>
            )}
          </>
        ),
      },
      {
        id: 'origins',
        header: '허용 출처',
        cell: (c) => (
          <ul role="list">
            {c.origins.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        ),
      },
      {
        id: 'source',
        header: '등록',
        sortValue: (c) => c.source,
        cell: (c) =>
          c.source === 'CONFIG' ? (
            <span className="cs-meta">서버 설정(API_CLIENTS)</span>
          ) : (
            <span className="cs-meta">{c.createdAt ? formatDateTime(c.createdAt) : ''}</span>
          ),
      },
      {
        id: 'active',
        header: '사용',
        sortValue: (c) => (c.active ? 0 : 1),
        cell: (c) =>
          c.active ? (
            <span className="cs-badge">사용 중</span>
          ) : (
            <span className="cs-badge cs-badge--off">사용 중지</span>
          ),
      },
      {
        id: 'edit',
        header: '관리',
        cell: (c) =>
          c.source === 'CONFIG' ? (
            <span className="cs-meta">서버 설정에서 바꿉니다</span>
          ) : (
            <span className="cs-actions">
              <button
                type="button"
                className="cs-small"
                data-edit-id={c.clientId}
                aria-label={`${c.clientId} 수정`}
                aria-expanded={editingId === c.clientId}
                onClick={() => setEditingId((now) => (now === c.clientId ? null : c.clientId))}
              >
                수정
              </button>
              <button
                type="button"
                className="cs-small"
                data-active-id={c.clientId}
                aria-label={c.active ? `${c.clientId} 사용 중지` : `${c.clientId} 다시 사용`}
                disabled={status.pending}
                onClick={() => setActive(c, !c.active)}
              >
                {c.active ? '사용 중지' : '다시 사용'}
              </button>
            </span>
          ),
      },
    ],
    [editingId, setActive, status.pending],
  );

  return (
    <div className="cs-editor">
      <ApiClientForm key="new" client={null} onSaved={reload} />
      <section className="cs-section" aria-labelledby="ac-list">
        <h2 id="ac-list" className="cs-title">
          등록된 클라이언트 <span className="cs-meta">{clients.length}개</span>
        </h2>
        <SaveMessages state={status} />
        <SetupTable
          caption="등록된 API 클라이언트"
          rows={clients}
          columns={columns}
          rowKey={(c) => c.clientId}
        />
      </section>
      {editing && (
        <ApiClientForm
          key={`${editing.clientId}-${editing.version}`}
          client={editing}
          onSaved={reload}
          onClose={() => {
            const id = editing.clientId;
            setEditingId(null);
            focusLater(() => document.querySelector<HTMLElement>(`[data-edit-id="${id}"]`));
          }}
        />
      )}
    </div>
  );
}
