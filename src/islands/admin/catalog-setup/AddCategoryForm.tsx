import { useId, useState } from 'react';
import { managerCatalogApi } from '../../../lib/clients/manager-catalog-setup.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { useCategoryEditor } from './category-context.ts';
import { FieldError, SaveMessages, useSaveState } from './save-state.tsx';

/**
 * A new category under `parentNo` (null: the top level). In a row's panel (`onCancel`), it takes the
 * focus when it opens and Esc closes it.
 */
export default function AddCategoryForm({
  parentNo,
  isMenu,
  label,
  onDone,
  onCancel,
  autoFocus = false,
}: {
  parentNo: number | null;
  isMenu: boolean;
  label: string;
  onDone?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const uid = useId();
  const { reload, announce } = useCategoryEditor();
  const save = useSaveState();
  const [name, setName] = useState('');
  return (
    <form
      className="cs-inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save
          .run(
            async () => {
              const created = await unwrap(
                managerCatalogApi.categories.$post({ json: { parentNo, label: name, isMenu } }),
              );
              await reload();
              return created;
            },
            (c) => `'${c.label}' 카테고리를 추가했습니다.`,
          )
          .then((created) => {
            if (created) {
              setName('');
              if (onDone) {
                // the panel closes with its status line: say it at the top of the editor
                announce(`'${created.label}' 카테고리를 추가했습니다.`);
                onDone();
              }
            }
          });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <div className="bf-field">
        <label className="bf-label" htmlFor={`${uid}-label`}>
          {label}
        </label>
        <div className="cs-inline">
          <input
            id={`${uid}-label`}
            className="bf-input"
            value={name}
            maxLength={30}
            required
            autoFocus={autoFocus}
            aria-invalid={save.fields.label ? true : undefined}
            aria-describedby={save.fields.label ? `${uid}-label-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <button className="button" type="submit" disabled={save.pending}>
            추가
          </button>
          {onCancel && (
            <button className="button button--secondary" type="button" onClick={onCancel}>
              취소
            </button>
          )}
        </div>
        <FieldError id={`${uid}-label-error`} message={save.fields.label} />
      </div>
      <SaveMessages state={save} />
    </form>
  );
}
