const seoulDate = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** When a design was saved, in Korean time ("2026. 05. 01. 13:45"), for the server and the browser. */
export function seoulSavedLabel(iso: string): string {
  return seoulDate.format(new Date(iso));
}
