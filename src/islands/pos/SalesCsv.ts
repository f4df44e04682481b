/**
 * CSV export of the sales tables: UTF-8 with a BOM (so Excel opens Korean text as UTF-8), CRLF
 * lines, cells that would start a spreadsheet formula (=, +, -, @) escaped. Amounts stay plain
 * numbers (won) for the spreadsheet to sum. papaparse is loaded on the first export only.
 */

export type CsvCell = string | number;

export async function csvText(
  headers: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const body = Papa.unparse(
    { fields: [...headers], data: rows.map((r) => [...r]) },
    { newline: '\r\n', escapeFormulae: true },
  );
  return `\uFEFF${body}\r\n`;
}

/** Lets the browser save `text` as `fileName`. */
export function saveCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own copy once it started
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
