import { useEffect, useId, useRef, useState } from 'react';
import { managerApiClientsApi, type AdminApiClientRow } from '../../../lib/clients/manager-api-clients.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { FieldError, SaveMessages, useSaveState } from '../catalog-setup/save-state.tsx';
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
  const uid = useId();
  const save = useSaveState();
  const heading = useRef<HTMLHeadingElement>(null);
  const editingId = client?.clientId ?? null;
  useEffect(() => {
    if (editingId !== null) heading.current?.focus();
  }, [editingId]);
  const [clientId, setClientId] = useState(client?.clientId ?? '');
  const [name, setName] = useState(client?.name ?? '');
  const [origins, setOrigins] = useState((client?.origins ?? []).join('\n'));

  const submit = () => {
    const list = linesOf(origins);
    void save.run(
      async () => {
        const saved =
          client && client.version !== null
            ? await unwrap(
                managerApiClientsApi[':clientId'].$put({
                  param: { clientId: client.clientId },
                  json: { version: client.version, name, origins: list, active: client.active },
                }),
              )
            : await unwrap(managerApiClientsApi.index.$post({ json: { clientId, name, origins: list } }));
        if (!client) {
          setClientId('');
          setName('');
          setOrigins('');
        }
        await onSaved();
        return saved;
      },
      (s) => (client ? `${s.clientId}의 정보를 저장했습니다.` : `${s.clientId}를 등록했습니다.`),
    );
  };

  const originsError = Object.entries(save.fields).find(([path]) => path.startsWith('origins'))?.[1];
  const originsId = `${uid}-origins`;
  return (
    <section className="cs-panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="cs-title" ref={heading} tabIndex={-1}>
        {client ? `${client.clientId} 수정` : 'API 클라이언트 등록'}
      </h2>
      <form
        className="bf-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="cs-form-grid">
          {!client && (
            <SetupTextField
              id={`${uid}-client-id`}
              label="clientId"
              required
              maxLength={64}
              hint="스토어프런트가 clientId 헤더로 보내는 값. 영문, 숫자, _ . -"
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
              errors={save.fields}
              path="clientId"
            />
          )}
          <SetupTextField
            id={`${uid}-name`}
            label="이름"
            maxLength={40}
            hint="관리자가 알아보는 이름 (예: 브랜드 스킨)"
            value={name}
            onChange={(e) => setName(e.target.value)}
            errors={save.fields}
            path="name"
          />
        </div>
        <div className="bf-field">
          <label htmlFor={originsId}>
            허용할 출처 <span aria-hidden="true">*</span>
          </label>
          <p className="bf-hint" id={`${originsId}-hint`}>
            한 줄에 하나씩, https://skin.example.com처럼 경로 없이 입력합니다. 이 출처의 브라우저만 shop-api를
            부를 수 있습니다.
          </p>
          <textarea
            id={originsId}
            rows={3}
            required
            value={origins}
            onChange={(e) => setOrigins(e.target.value)}
            aria-invalid={originsError ? true : undefined}
            aria-describedby={[`${originsId}-hint`, originsError ? `${originsId}-error` : '']
              .filter(Boolean)
              .join(' ')}
          />
          <FieldError id={`${originsId}-error`} message={originsError} />
        </div>
        <SaveMessages state={save} />
        <p className="cs-actions">
          <button type="submit" className="bf-button" disabled={save.pending}>
            {client ? '저장' : '등록'}
          </button>
          {onClose && (
            <button type="button" className="cs-small" onClick={onClose}>
              닫기
            </button>
          )}
        </p>
      </form>
    </section>
  );
}
