/** What went wrong with a save, and whether the screen must be read again. */
export interface SaveAlertState {
  text: string;
  /** Someone else saved first or deleted it (`isStale`): offer 새로 불러오기. */
  stale: boolean;
}

/** The display editors' alert: the server's message, with 새로 불러오기 when the screen is stale. */
export default function SaveAlert({ alert }: { alert: SaveAlertState | null }) {
  if (!alert) return null;
  return (
    <div className="bf-alert" role="alert">
      <p>{alert.text}</p>
      {alert.stale && (
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          새로 불러오기
        </button>
      )}
    </div>
  );
}
