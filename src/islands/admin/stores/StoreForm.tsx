import { managerStoresApi, type AdminStoreRow } from '../../../lib/clients/manager-stores.ts';
import { formatBusinessNo } from '../../../lib/pos/store-fields.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { FieldError, useSaveState } from '../catalog-setup/save-state.tsx';
import SetupFormPanel, { useDraftFields } from '../catalog-setup/SetupFormPanel.tsx';
import SetupTextField from '../catalog-setup/SetupTextField.tsx';

/**
 * Adding a store, or editing one (every field, with the version the list showed: someone else's
 * save since is refused with 409 and the form keeps what was typed). The server checks every field
 * (the 사업자등록번호's check digit, the phone's shape, the points rate) and names each problem.
 */

type Draft = Record<
  'storeName' | 'businessNo' | 'representative' | 'address' | 'phone' | 'receiptFooter' | 'pointRate',
  string
>;

const draftOf = (s: AdminStoreRow | null): Draft => ({
  storeName: s?.storeName ?? '',
  businessNo: s ? formatBusinessNo(s.businessNo) : '',
  representative: s?.representative ?? '',
  address: s?.address ?? '',
  phone: s?.phone ?? '',
  receiptFooter: s?.receiptFooter ?? '',
  pointRate: s ? String(s.pointRate) : '1',
});

interface TextField {
  key: keyof Draft;
  label: string;
  maxLength: number;
  required?: boolean;
  inputMode?: 'numeric';
  hint?: string;
}

/** The short fields, side by side on a wide screen. */
const GRID_FIELDS: TextField[] = [
  { key: 'storeName', label: '매장 이름', required: true, maxLength: 30 },
  {
    key: 'businessNo',
    label: '사업자등록번호',
    inputMode: 'numeric',
    maxLength: 20,
    hint: '123-45-67890처럼 10자리. 영수증에 찍힙니다.',
  },
  { key: 'representative', label: '대표자', maxLength: 30 },
  {
    key: 'phone',
    label: '전화번호',
    inputMode: 'numeric',
    maxLength: 20,
    hint: '02-123-4567, 010-1234-5678처럼 지역번호부터',
  },
  {
    key: 'pointRate',
    label: '적립률(%)',
    inputMode: 'numeric',
    maxLength: 3,
    hint: '회원이 매장에서 결제한 금액의 몇 %를 적립금으로 받는지 (0–100)',
  },
];
const ADDRESS_FIELD: Omit<TextField, 'key'> = {
  label: '주소',
  maxLength: 200,
  hint: '영수증과 커스텀 주문의 매장 픽업 안내에 쓰입니다.',
};

export default function StoreForm({
  store,
  onSaved,
  onClose,
}: {
  store: AdminStoreRow | null;
  onSaved: () => Promise<void>;
  onClose?: () => void;
}) {
  const save = useSaveState();
  const { uid, draft, setDraft, set, field } = useDraftFields(draftOf(store), save);

  const submit = () => {
    const rate = draft.pointRate.trim();
    const fields = {
      storeName: draft.storeName,
      businessNo: draft.businessNo,
      representative: draft.representative,
      address: draft.address,
      phone: draft.phone,
      receiptFooter: draft.receiptFooter,
      // not a number: the server says so in Korean (JSON has no NaN)
      pointRate: rate === '' ? Number.NaN : Number(rate),
    };
    void save.run(
      async () => {
        const saved = store
          ? await unwrap(
              managerStoresApi[':storeNo'].$put({
                param: { storeNo: String(store.storeNo) },
                json: { ...fields, version: store.version },
              }),
            )
          : await unwrap(managerStoresApi.index.$post({ json: fields }));
        setDraft(draftOf(store ? saved : null));
        await onSaved();
        return saved;
      },
      (s) => (store ? `'${s.storeName}' 매장 정보를 저장했습니다.` : `'${s.storeName}' 매장을 추가했습니다.`),
    );
  };

  const footerId = `${uid}-footer`;
  const footerError = save.fields.receiptFooter;
  return (
    <SetupFormPanel
      uid={uid}
      title={store ? `'${store.storeName}' 매장 수정` : '매장 추가'}
      editingKey={store?.storeNo ?? null}
      save={save}
      onSubmit={submit}
      submitLabel={store ? '저장' : '매장 추가'}
      onClose={onClose}
    >
      <div className="cs-form-grid">
        {GRID_FIELDS.map(({ key, ...f }) => (
          <SetupTextField key={key} {...f} {...field(key)} />
        ))}
      </div>
      <SetupTextField {...ADDRESS_FIELD} {...field('address')} />
      <div className="bf-field">
        <label className="bf-label" htmlFor={footerId}>
          영수증 하단 문구
        </label>
        <textarea
          id={footerId}
          className="bf-input st-footer"
          rows={3}
          maxLength={300}
          value={draft.receiptFooter}
          aria-invalid={footerError ? true : undefined}
          aria-describedby={[`${footerId}-hint`, footerError ? `${footerId}-error` : '']
            .filter(Boolean)
            .join(' ')}
          onChange={set('receiptFooter')}
        />
        <p className="bf-hint" id={`${footerId}-hint`}>
          교환·환불 안내처럼 영수증 맨 아래에 찍을 문구 (300자까지)
        </p>
        <FieldError id={`${footerId}-error`} message={footerError} />
      </div>
    </SetupFormPanel>
  );
}
