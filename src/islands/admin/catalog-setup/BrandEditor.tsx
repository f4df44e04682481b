import { useCallback, useRef, useState } from 'react';
import { imageUrlAtWidth } from '../../../lib/images.ts';
import { managerCatalogApi, type AdminBrand } from '../../../lib/clients/manager-catalog-setup.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { useSaveState } from './save-state.tsx';
import SetupFormPanel, { deletionOf, useDraftFields } from './SetupFormPanel.tsx';
import SetupTextField from './SetupTextField.tsx';
import SetupListEditor, { type EditPanelProps } from './SetupListEditor.tsx';
import type { SetupColumn } from './SetupTable.tsx';
import '../../board/board-forms.css';
import './catalog-setup.css';

/**
 * /manager/brands: the brands with their product counts; add one, edit its names, display order and
 * logo, delete one no product uses. Every save names the version the list showed.
 */

type Draft = Record<'name' | 'nameKo' | 'nameEn' | 'displayOrder', string>;

const draftOf = (b: AdminBrand | null): Draft => ({
  name: b?.name ?? '',
  nameKo: b?.nameKo ?? '',
  nameEn: b?.nameEn ?? '',
  displayOrder: b ? String(b.displayOrder) : '',
});

const brandColumns: SetupColumn<AdminBrand>[] = [
  {
    id: 'logo',
    header: '로고',
    cell: (b) =>
      b.logoImageUrl ? (
        <img
          className="cs-logo"
          src={imageUrlAtWidth(b.logoImageUrl, 160)}
          alt={`${b.name} 로고`}
          width={48}
          height={48}
        />
      ) : (
        <span className="cs-meta">없음</span>
      ),
  },
  {
    id: 'name',
    header: '브랜드 이름',
    sortValue: (b) => b.name,
    cell: (b) => (
      <>
        <strong>{b.name}</strong>
        <br />
        <span className="cs-meta">
          {[b.nameKo && `한글 ${b.nameKo}`, b.nameEn && `영문 ${b.nameEn}`].filter(Boolean).join(' · ') ||
            '—'}
        </span>
      </>
    ),
  },
  {
    id: 'displayOrder',
    header: '표시 순서',
    numeric: true,
    sortValue: (b) => b.displayOrder,
    cell: (b) => b.displayOrder,
  },
  {
    id: 'productCount',
    header: '상품 수',
    numeric: true,
    sortValue: (b) => b.productCount,
    cell: (b) => (
      <>
        {b.productCount.toLocaleString('ko-KR')}개
        {b.deletedProductCount > 0 && <span className="cs-meta"> (삭제 {b.deletedProductCount})</span>}
      </>
    ),
  },
];

export default function BrandEditor({ initial }: { initial: AdminBrand[] }) {
  const [brands, setBrands] = useState(initial);
  const reload = useCallback(async () => {
    const { items } = await unwrap(managerCatalogApi.brands.$get());
    setBrands(items);
  }, []);
  return (
    <SetupListEditor
      noun="브랜드"
      listId="cs-brand-list"
      rows={brands}
      rowNo={brandNo}
      rowName={brandName}
      count={`${brands.length}개`}
      columns={brandColumns}
      addForm={<BrandForm key="new" brand={null} onSaved={reload} />}
      EditPanel={BrandFormPanel}
      deletedMessage={(b) => `'${b.name}' 브랜드를 삭제했습니다.`}
      reload={reload}
    />
  );
}

const BrandFormPanel = ({ row, ...panel }: EditPanelProps<AdminBrand>) => (
  <BrandForm brand={row} {...panel} />
);
const brandNo = (b: AdminBrand) => b.brandNo;
const brandName = (b: AdminBrand) => b.name;

function BrandForm({
  brand,
  onSaved,
  onClose,
}: {
  brand: AdminBrand | null;
  onSaved: (deleted: boolean) => Promise<void>;
  onClose?: () => void;
}) {
  const save = useSaveState();
  const { uid, draft, setDraft, field } = useDraftFields(draftOf(brand), save);
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = () => {
    const order = draft.displayOrder.trim() === '' ? undefined : Number(draft.displayOrder);
    const body = { name: draft.name, nameKo: draft.nameKo, nameEn: draft.nameEn };
    void save.run(
      async () => {
        const saved = brand
          ? await unwrap(
              managerCatalogApi.brands[':brandNo'].$patch({
                param: { brandNo: String(brand.brandNo) },
                json: { version: brand.version, ...body, displayOrder: order },
              }),
            )
          : await unwrap(managerCatalogApi.brands.$post({ json: { ...body, displayOrder: order } }));
        setDraft(draftOf(brand ? saved : null));
        await onSaved(false);
        return saved;
      },
      (b) => (brand ? `'${b.name}' 브랜드를 저장했습니다.` : `'${b.name}' 브랜드를 추가했습니다.`),
    );
  };

  const uploadLogo = (file: File) => {
    if (!brand) return;
    void save.run(async () => {
      const saved = await unwrap(
        managerCatalogApi.brands[':brandNo'].logo.$post({
          param: { brandNo: String(brand.brandNo) },
          form: { file, version: String(brand.version) },
        }),
      );
      await onSaved(false);
      return saved;
    }, `'${brand.name}' 로고를 올렸습니다.`);
  };

  const removeLogo = () => {
    if (!brand) return;
    void save.run(async () => {
      await unwrap(
        managerCatalogApi.brands[':brandNo'].logo.$delete({
          param: { brandNo: String(brand.brandNo) },
          query: { version: String(brand.version) },
        }),
      );
      await onSaved(false);
    }, `'${brand.name}' 로고를 지웠습니다.`);
  };

  return (
    <SetupFormPanel
      uid={uid}
      title={brand ? `'${brand.name}' 브랜드 수정` : '브랜드 추가'}
      editingKey={brand?.brandNo ?? null}
      save={save}
      onSubmit={submit}
      submitLabel={brand ? '저장' : '추가'}
      onClose={onClose}
      remove={
        brand &&
        deletionOf('브랜드', brand.name, async () => {
          await unwrap(
            managerCatalogApi.brands[':brandNo'].$delete({
              param: { brandNo: String(brand.brandNo) },
              query: { version: String(brand.version) },
            }),
          );
          await onSaved(true);
        })
      }
      after={
        brand && (
          <div className="bf-field">
            <label className="bf-label" htmlFor={`${uid}-logo`}>
              로고 이미지
            </label>
            <p className="bf-hint" id={`${uid}-logo-hint`}>
              JPG, PNG, WebP 파일. 정사각형으로 맞춰 160px, 320px 두 크기로 저장합니다.
            </p>
            {brand.logoImageUrl && (
              <img
                className="cs-logo"
                src={imageUrlAtWidth(brand.logoImageUrl, 160)}
                alt={`현재 로고: ${brand.name}`}
                width={80}
                height={80}
              />
            )}
            <div className="cs-inline">
              <input
                ref={fileRef}
                id={`${uid}-logo`}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                aria-describedby={`${uid}-logo-hint`}
                disabled={save.pending}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) uploadLogo(file);
                  if (fileRef.current) fileRef.current.value = '';
                }}
              />
              {brand.logoImageUrl && (
                <button className="cs-small" type="button" disabled={save.pending} onClick={removeLogo}>
                  로고 지우기
                </button>
              )}
            </div>
          </div>
        )
      }
    >
      <div className="cs-form-grid">
        <SetupTextField label="브랜드 이름" required {...field('name')} />
        <SetupTextField label="한글 이름" {...field('nameKo')} />
        <SetupTextField label="영문 이름" {...field('nameEn')} />
        <SetupTextField
          label="표시 순서"
          inputMode="numeric"
          hint={brand ? undefined : '비우면 맨 뒤에 놓입니다.'}
          {...field('displayOrder')}
        />
      </div>
    </SetupFormPanel>
  );
}
