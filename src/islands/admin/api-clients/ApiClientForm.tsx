import { managerApiClientsApi, type AdminApiClientRow } from '../../../lib/clients/manager-api-clients.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { FieldError, useSaveState } from '../catalog-setup/save-state.tsx';
import SetupFormPanel, { useDraftFields } from '../catalog-setup/SetupFormPanel.tsx';
import SetupTextField from '../catalog-setup/SetupTextField.tsx';

/**
 * Registering a storefront, or changing one (its name and origins, with the version the list
 * showed: someone else's save since is refused with 409 and the form keeps what was typed). The
 * server checks every field and names each problem; origins are typed one per line.
 */

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export default function ApiClientForm({
  client,
  onSaved,
  onClose,
}: {
  client: AdminApiClientRow | null;
  onSaved: () => Promise<void>;
  onClose?: () => void;
}) {
  const save = useSaveState();
  const empty = { clientId: '', name: '', origins: '' };
  const { uid, draft, setDraft, field } = useDraftFields(
    client ? { clientId: client.clientId, name: client.name, origins: client.origins.join('\n') } : empty,
    save,
  );

  const submit = () => {
    const list = linesOf(draft.origins);
    void save.run(
      async () => {
        const saved =
          client && client.version !== null
            ? await unwrap(
                managerApiClientsApi[':clientId'].$put({
                  param: { clientId: client.clientId },
                  json: { version: client.version, name: draft.name, origins: list, active: client.active },
                }),
              )
            : await unwrap(
                managerApiClientsApi.index.$post({
                  json: { clientId: draft.clientId, name: draft.name, origins: list },
                }),
              );
        if (!client) setDraft(empty);
        await onSaved();
        return saved;
      },
      (s) => (client ? `${s.clientId}의 정보를 저장했습니다.` : `${s.clientId}를 등록했습니다.`),
    );
  };

  const originsError = Object.entries(save.fields).find(([path]) => path.startsWith('origins'))?.[1];
  const origins = field('origins');
  return (
    <SetupFormPanel
      uid={uid}
      title={client ? `${client.clientId} 수정` : 'API 클라이언트 등록'}
      editingKey={client?.clientId ?? null}
      save={save}
      onSubmit={submit}
      submitLabel={client ? '저장' : '등록'}
      onClose={onClose}
    >
      <div className="cs-form-grid">
        {!client && (
          <SetupTextField
            {...field('clientId')}
            label="clientId"
            required
            maxLength={64}
            hint="스토어프런트가 clientId 헤더로 보내는 값. 영문, 숫자, _ . -"
          />
        )}
        <SetupTextField
          {...field('name')}
          label="이름"
          maxLength={40}
          hint="관리자가 알아보는 이름 (예: 브랜드 스킨)"
        />
      </div>
      <div className="bf-field">
        <label htmlFor={origins.id}>
          허용할 출처 <span aria-hidden="true">*</span>
        </label>
        <p className="bf-hint" id={`${origins.id}-hint`}>
          한 줄에 하나씩, https://skin.example.com처럼 경로 없이 입력합니다. 이 출처의 브라우저만 shop-api를
          부를 수 있습니다.
        </p>
        <textarea
          id={origins.id}
          rows={3}
          required
          value={origins.value}
          onChange={origins.onChange}
          aria-invalid={originsError ? true : undefined}
          aria-describedby={[`${origins.id}-hint`, originsError ? `${origins.id}-error` : '']
            .filter(Boolean)
            .join(' ')}
        />
        <FieldError id={`${origins.id}-error`} message={originsError} />
      </div>
    </SetupFormPanel>
  );
}
