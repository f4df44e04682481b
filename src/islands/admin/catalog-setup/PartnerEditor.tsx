import { josa } from 'es-hangul';
import { useCallback, useState } from 'react';
import { managerCatalogApi, type AdminPartner } from '../../../lib/clients/manager-catalog-setup.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { useSaveState } from './save-state.tsx';
import SetupFormPanel, { deletionOf, useDraftFields } from './SetupFormPanel.tsx';
import SetupListEditor, { type EditPanelProps } from './SetupListEditor.tsx';
import type { SetupColumn } from './SetupTable.tsx';
import SetupTextField from './SetupTextField.tsx';
import '../../board/board-forms.css';
import './catalog-setup.css';

/**
 * /manager/partners: the sellers (거래처) with how many products and delivery templates each has;
 * add, rename, delete one nothing uses. The shop's own partner (자사) stays.
 */
export default function PartnerEditor({ initial }: { initial: AdminPartner[] }) {
  const [partners, setPartners] = useState(initial);
  const reload = useCallback(async () => {
    setPartners((await unwrap(managerCatalogApi.partners.$get())).items);
  }, []);
  return (
    <SetupListEditor
      noun="거래처"
      listId="cs-partner-list"
      rows={partners}
      rowNo={partnerNo}
      rowName={partnerName}
      count={`${partners.length}곳`}
      columns={partnerColumns}
      addForm={<PartnerForm partner={null} onSaved={reload} />}
      EditPanel={PartnerFormPanel}
      deletedMessage={(p) => `'${p.name}' 거래처를 삭제했습니다.`}
      reload={reload}
    />
  );
}

const PartnerFormPanel = ({ row, ...panel }: EditPanelProps<AdminPartner>) => (
  <PartnerForm partner={row} {...panel} />
);
const partnerNo = (p: AdminPartner) => p.partnerNo;
const partnerName = (p: AdminPartner) => p.name;

const partnerColumns: SetupColumn<AdminPartner>[] = [
  {
    id: 'partnerNo',
    header: '번호',
    numeric: true,
    sortValue: (p) => p.partnerNo,
    cell: (p) => p.partnerNo,
  },
  {
    id: 'name',
    header: '거래처 이름',
    sortValue: (p) => p.name,
    cell: (p) => (
      <>
        <strong>{p.name}</strong>
        {p.isBrandSelf && (
          <>
            {' '}
            <span className="cs-badge">자사</span>
          </>
        )}
      </>
    ),
  },
  {
    id: 'productCount',
    header: '상품 수',
    numeric: true,
    sortValue: (p) => p.productCount,
    cell: (p) => (
      <>
        {p.productCount.toLocaleString('ko-KR')}개
        {p.deletedProductCount > 0 && <span className="cs-meta"> (삭제 {p.deletedProductCount})</span>}
      </>
    ),
  },
  {
    id: 'templateCount',
    header: '배송비 템플릿',
    numeric: true,
    sortValue: (p) => p.templateCount,
    cell: (p) => `${p.templateCount}개`,
  },
];

function PartnerForm({
  partner,
  onSaved,
  onClose,
}: {
  partner: AdminPartner | null;
  onSaved: (deleted: boolean) => Promise<void>;
  onClose?: () => void;
}) {
  const save = useSaveState();
  const { uid, draft, setDraft, field } = useDraftFields({ name: partner?.name ?? '' }, save);

  const submit = () =>
    void save.run(
      async () => {
        const saved = partner
          ? await unwrap(
              managerCatalogApi.partners[':partnerNo'].$patch({
                param: { partnerNo: String(partner.partnerNo) },
                json: { version: partner.version, name: draft.name },
              }),
            )
          : await unwrap(managerCatalogApi.partners.$post({ json: { name: draft.name } }));
        setDraft({ name: partner ? saved.name : '' });
        await onSaved(false);
        return saved;
      },
      (p) =>
        partner
          ? `거래처 이름을 '${p.name}'${josa.pick(p.name, '으로/로')} 바꿨습니다.`
          : `'${p.name}' 거래처를 추가했습니다.`,
    );

  return (
    <SetupFormPanel
      uid={uid}
      title={partner ? `'${partner.name}' 거래처 수정` : '거래처 추가'}
      editingKey={partner?.partnerNo ?? null}
      save={save}
      onSubmit={submit}
      submitLabel={partner ? '저장' : '추가'}
      onClose={onClose}
      // the shop's own partner (자사) stays
      remove={
        partner &&
        !partner.isBrandSelf &&
        deletionOf('거래처', partner.name, async () => {
          await unwrap(
            managerCatalogApi.partners[':partnerNo'].$delete({
              param: { partnerNo: String(partner.partnerNo) },
              query: { version: String(partner.version) },
            }),
          );
          await onSaved(true);
        })
      }
    >
      <SetupTextField label="거래처 이름" required {...field('name')} />
    </SetupFormPanel>
  );
}
