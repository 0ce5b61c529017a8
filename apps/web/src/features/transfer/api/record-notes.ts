import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

interface RecordNote {
  id: number;
  remark: string | null;
  cost_price: string | null;
}

/** PATCH /transfer/remark or /transfer/cost-price: a record's note, by its wallet's operators and admins. */
export function useRecordNote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { remark: string } | { cost_price: string | null }) =>
      'remark' in change
        ? api.patch<RecordNote>(`${V1}/transfer/remark`, { id, remark: change.remark })
        : api.patch<RecordNote>(`${V1}/transfer/cost-price`, { id, cost_price: change.cost_price }),
    // The drawer and the records list show the note: read both again.
    onSuccess: () => client.invalidateQueries({ queryKey: ['transfer'] }),
  });
}
