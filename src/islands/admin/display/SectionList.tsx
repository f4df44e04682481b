import SortableList from './SortableList.tsx';
import { periodText } from './display-shared.ts';
import { deleteSection, reorderSections, type Section } from './section-api.ts';
import './display.css';
import '../../board/board-forms.css';
import { ListMessages, RowDeleteButton, useOrderedList } from './use-ordered-list.tsx';

/**
 * Every display section in its order (/manager/display/sections): how it is filled, whether it is
 * on the home page, its period and what the shop does with it now. The home page shows the
 * sections marked 홈 노출 in this order; drag, keyboard or 위로/아래로 reorder (saved at once).
 */
export default function SectionList({ initial }: { initial: Section[] }) {
  const list = useOrderedList<Section>(initial);
  const { items: sections, busy } = list;

  const move = (from: number, to: number) =>
    list.move(
      from,
      to,
      async (after) => (await reorderSections(after)).sections,
      (moved) => `'${moved?.label ?? ''}' 섹션을 ${to + 1}번째로 옮겼습니다.`,
    );

  function remove(section: Section) {
    const note =
      section.sectionNo === 1001
        ? ' 베스트 페이지(/best)는 대신 많이 팔린 상품 목록을 보여 주게 됩니다.'
        : '';
    return list.remove({
      question: `'${section.label}' 섹션을 삭제할까요? 상품은 지워지지 않습니다.${note}`,
      run: () => deleteSection(section.sectionNo, section.version),
      keep: (s) => s.sectionNo !== section.sectionNo,
      done: `'${section.label}' 섹션을 삭제했습니다.`,
    });
  }

  const home = sections.filter((s) => s.onHome && s.state === 'SHOWING');
  return (
    <div className="dm-manager">
      <ListMessages status={list.status} alert={list.alert} statusRef={list.statusRef} />
      <p className="bf-hint">
        {home.length > 0
          ? `지금 홈 화면에는 ${home.map((s) => `'${s.label}'`).join(', ')} 섹션이 이 순서로 보입니다.`
          : '지금 홈 화면에 보이는 섹션이 없어, 홈 화면은 많이 팔린 상품과 최근 상품을 대신 보여 줍니다.'}
      </p>
      {sections.length === 0 ? (
        <p className="muted">진열 섹션이 없습니다.</p>
      ) : (
        <SortableList
          items={sections}
          idOf={(s) => s.sectionNo}
          nameOf={(s) => s.label}
          onMove={(from, to) => void move(from, to)}
          label="진열 섹션 순서"
          disabled={busy}
        >
          {(s) => (
            <div className="dm-banner" data-section-no={s.sectionNo}>
              <div className="dm-banner-text">
                <p className="dm-name">
                  <a href={`/manager/display/sections/${s.sectionNo}`}>{s.label}</a>{' '}
                  <span className={`dm-state dm-state--${s.state.toLowerCase()}`}>{s.stateLabel}</span>
                  {s.onHome && <span className="dm-state dm-state--showing">홈 노출</span>}
                </p>
                <p className="dm-meta">
                  {s.sectionNo}번 · {s.ruleLabel}
                  {s.ruleType === 'MANUAL'
                    ? ` · 상품 ${s.productCount}개`
                    : ` · 최대 ${s.ruleLimit}개${s.ruleCategoryLabel ? ` · ${s.ruleCategoryLabel}` : ''}`}
                </p>
                <p className="dm-meta">노출 기간: {periodText(s.displayStart, s.displayEnd)}</p>
              </div>
              <div className="dm-actions">
                <a className="button button--secondary" href={`/manager/display/sections/${s.sectionNo}`}>
                  수정<span className="visually-hidden"> {s.label}</span>
                </a>
                <RowDeleteButton name={s.label} busy={busy} onClick={() => void remove(s)} />
              </div>
            </div>
          )}
        </SortableList>
      )}
    </div>
  );
}
