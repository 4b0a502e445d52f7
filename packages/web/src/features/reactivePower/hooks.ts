import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  assessCompensation,
  assessPowerFactor,
  getCompensationAssess,
  getPowerFactorAssess,
  getReactiveBillMonths,
} from '../../api/reactivePower';
import { type ReactiveFormValues, requestBodies } from './reactiveForm';

/** Every reactive-power query of a project starts with this key. */
export const reactiveQueryKey = (projId: string) => ['reactivePower', projId] as const;

/** The project's latest stored power-factor and compensation assessments (null when none). */
export function useStoredReactive(projId: string) {
  const powerFactor = useQuery({
    queryKey: [...reactiveQueryKey(projId), 'powerFactor'],
    queryFn: ({ signal }) => getPowerFactorAssess(projId, signal),
    enabled: projId !== '',
  });
  const compensation = useQuery({
    queryKey: [...reactiveQueryKey(projId), 'compensation'],
    queryFn: ({ signal }) => getCompensationAssess(projId, signal),
    enabled: projId !== '',
  });
  return { powerFactor, compensation };
}

/** The project's confirmed bills by month, to fill the form from ("从电费单填入"). */
export function useReactiveBillMonths(projId: string) {
  return useQuery({
    queryKey: [...reactiveQueryKey(projId), 'billMonths'],
    queryFn: ({ signal }) => getReactiveBillMonths(projId, signal),
    enabled: projId !== '',
  });
}

/**
 * Runs both assessments on the form's figures (the server stores them); the stored copies shown
 * are replaced by the answers. A failure is toasted by the request layer.
 */
export function useRunReactive(projId: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ReactiveFormValues) => {
      const bodies = requestBodies(values);
      const powerFactor = await assessPowerFactor(projId, bodies.powerFactor);
      const compensation = await assessCompensation(projId, bodies.compensation);
      return { powerFactor, compensation };
    },
    onSuccess: ({ powerFactor, compensation }) => {
      queryClient.setQueryData([...reactiveQueryKey(projId), 'powerFactor'], powerFactor);
      queryClient.setQueryData([...reactiveQueryKey(projId), 'compensation'], compensation);
      void message.success(t('reactivePower.done'));
    },
  });
}
