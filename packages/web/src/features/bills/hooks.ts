import type { BillCorrections, BillFileView, BillState, BillType } from '@pvplan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteElectricBillFile,
  deleteElectricityDataInfo,
  getBillDetail,
  handleElectricityBill,
  onceMoreHandleElectricityBill,
  saveBillDetail,
  selectElectricBillInfosByProId,
  selectElectricityBillByProId,
  updateElectricityBillState,
  updateElectricityBillType,
  uploadElectricBillFiles,
} from '../../api/bills';
import { BILL_POLL_MS, isRecognising } from './billForm';

/** Every bill query of a project starts with this key, so one invalidation refreshes them all. */
export const billsQueryKey = (projId: string) => ['bills', projId] as const;

/** The project's bill files; polled while one is queued or being recognised. */
export function useBillFiles(projId: string) {
  return useQuery({
    queryKey: [...billsQueryKey(projId), 'files'],
    queryFn: ({ signal }) => selectElectricBillInfosByProId(projId, signal),
    refetchInterval: (query) =>
      (query.state.data as BillFileView[] | undefined)?.some((file) => isRecognising(file.state))
        ? BILL_POLL_MS
        : false,
  });
}

/** The project's bills with their fields (what load synthesis and the estimate use). */
export function useProjectBills(projId: string) {
  return useQuery({
    queryKey: [...billsQueryKey(projId), 'bills'],
    queryFn: ({ signal }) => selectElectricityBillByProId(projId, signal),
  });
}

export function useBillDetail(projId: string, billId: number | null) {
  return useQuery({
    queryKey: [...billsQueryKey(projId), 'detail', billId],
    queryFn: ({ signal }) => getBillDetail({ id: billId! }, signal),
    enabled: billId !== null,
  });
}

function useInvalidate(projId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: billsQueryKey(projId) });
}

export function useUploadBills(projId: string) {
  const invalidate = useInvalidate(projId);
  return useMutation({
    mutationFn: (files: File[]) => uploadElectricBillFiles(files, projId),
    onSettled: invalidate,
  });
}

export function useRecogniseBill(projId: string) {
  const invalidate = useInvalidate(projId);
  return useMutation({
    mutationFn: ({
      id,
      again,
      keepCorrections,
    }: {
      id: number;
      again: boolean;
      keepCorrections?: boolean;
    }) => (again ? onceMoreHandleElectricityBill(id, keepCorrections ?? true) : handleElectricityBill(id)),
    onSettled: invalidate,
  });
}

export function useSaveBillDetail(projId: string) {
  const invalidate = useInvalidate(projId);
  return useMutation({
    mutationFn: ({
      target,
      fields,
    }: {
      target: { id: number } | { fileId: number; tableNo: number };
      fields: BillCorrections;
    }) => saveBillDetail(target, fields, true),
    onSettled: invalidate,
  });
}

export function useBillType(projId: string) {
  const invalidate = useInvalidate(projId);
  return useMutation({
    mutationFn: ({ id, billType }: { id: number; billType: BillType }) =>
      updateElectricityBillType(id, billType),
    onSettled: invalidate,
  });
}

export function useBillState(projId: string) {
  const invalidate = useInvalidate(projId);
  return useMutation({
    mutationFn: ({ id, state }: { id: number; state: BillState }) => updateElectricityBillState(id, state),
    onSettled: invalidate,
  });
}

export function useDeleteBillFile(projId: string) {
  const invalidate = useInvalidate(projId);
  return useMutation({ mutationFn: (id: number) => deleteElectricBillFile(id), onSettled: invalidate });
}

export function useDeleteBill(projId: string) {
  const invalidate = useInvalidate(projId);
  return useMutation({ mutationFn: (id: number) => deleteElectricityDataInfo(id), onSettled: invalidate });
}
