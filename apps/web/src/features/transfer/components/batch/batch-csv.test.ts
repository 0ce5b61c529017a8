import { describe, expect, it } from 'vitest';
import { csvRecords, fileProblem, rowsBody, sheetRows, templateCsv } from './batch-csv';

describe('batch sheets', () => {
  it('reads quoted cells, CRLF and a BOM, numbering rows as the file does (header = 1)', () => {
    const text =
      '\uFEFF收款地址,金额,币种,备注,资金用途\r\n0xa,1.5,USDT,"a, ""b""",Payroll\r\n\r\n0xb,2,,,\r\n';
    expect(csvRecords('a,"b,c"\n')).toEqual([['a', 'b,c']]);
    expect(sheetRows(text)).toEqual([
      { row: 2, address: '0xa', amount: '1.5', token: 'USDT', memo: 'a, "b"', fund_purpose: 'Payroll' },
      { row: 4, address: '0xb', amount: '2', token: '', memo: '', fund_purpose: '' },
    ]);
  });

  it('takes pasted lines without a header in the template order, counting from 1', () => {
    expect(sheetRows('0xa,1\n0xb,2,ETH', true)?.map((row) => [row.row, row.address, row.token])).toEqual([
      [1, '0xa', ''],
      [2, '0xb', 'ETH'],
    ]);
    expect(sheetRows('0xa,1')).toBeNull();
  });

  it('sends rows without empty optional cells; refuses other types and files over 5 MB', () => {
    expect(
      rowsBody([{ row: 2, address: '0xa', amount: '1', token: '', memo: 'm', fund_purpose: '' }]),
    ).toEqual([{ address: '0xa', amount: '1', memo: 'm' }]);
    expect(fileProblem({ name: 'list.xlsx', size: 10 })).toBe('type');
    expect(fileProblem({ name: 'list.CSV', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(fileProblem({ name: 'list.csv', size: 100 })).toBeNull();
    expect(templateCsv(['address', 'amount'], ['x', '0.01'])).toBe('\uFEFFaddress,amount\r\nx,0.01\r\n');
  });
});
