import { blocksOrder, type PrintIssue } from '../../lib/design/print-checks.ts';

/**
 * What the design would print wrongly (print-checks.ts), shown in the save and add-to-cart dialogs
 * before anything is saved or ordered: the list, why ordering is blocked when it is, and the way
 * back to fix the first problem. Carrying on is the dialog's own buttons ("이대로 …").
 */
export default function PrintWarnings({
  issues,
  onFix,
}: {
  issues: readonly PrintIssue[];
  onFix: (issue: PrintIssue) => void;
}) {
  const first = issues[0];
  if (!first) return null;
  return (
    <div className="print-warnings" role="alert">
      <p>
        <strong>인쇄 전에 확인해 주세요</strong>
      </p>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.side}-${issue.nodeId}-${issue.kind}`}>{issue.message}</li>
        ))}
      </ul>
      {blocksOrder(issues) && <p>기본 문구를 바꾸기 전에는 장바구니에 담을 수 없습니다.</p>}
      <button type="button" className="button button--secondary" onClick={() => onFix(first)}>
        돌아가서 고치기
      </button>
    </div>
  );
}
