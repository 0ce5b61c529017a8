/**
 * The fund purposes every space starts with (§3 Transfer tag, source "system"). Codes are stable:
 * the web names them in the user's language; the English name is what the database keeps (and
 * what makes a custom label of the same name a duplicate).
 */
export const SYSTEM_LABELS: { code: string; name: string; labels: { code: string; name: string }[] }[] = [
  {
    code: 'operations',
    name: 'Operations',
    labels: [
      { code: 'payroll', name: 'Payroll' },
      { code: 'supplier_payment', name: 'Supplier payment' },
      { code: 'office_rent', name: 'Rent and office' },
      { code: 'network_fees', name: 'Network fees' },
    ],
  },
  {
    code: 'treasury',
    name: 'Treasury',
    labels: [
      { code: 'rebalancing', name: 'Rebalancing' },
      { code: 'exchange_deposit', name: 'Exchange deposit' },
      { code: 'investment', name: 'Investment' },
      { code: 'loan', name: 'Loan and repayment' },
    ],
  },
  {
    code: 'other',
    name: 'Other',
    labels: [
      { code: 'refund', name: 'Refund' },
      { code: 'other', name: 'Other' },
    ],
  },
];
