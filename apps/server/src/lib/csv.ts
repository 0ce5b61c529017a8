import type { FastifyReply } from 'fastify';

/** A spreadsheet must not run a cell as a formula (CSV injection). */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Sends rows as a UTF-8 CSV download (with a BOM so spreadsheets read the encoding). */
export function sendCsv(reply: FastifyReply, filename: string, header: string[], rows: unknown[][]) {
  const lines = rows.map((row) => row.map(csvCell).join(','));
  return reply
    .header('content-disposition', `attachment; filename="${filename}"`)
    .type('text/csv; charset=utf-8')
    .send(`\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`);
}
