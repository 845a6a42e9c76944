import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductCatalogue } from '../../../../shared/console-admin';
import type {
  NoticeSettings,
  NoticesOverview,
  NoticeView,
  ObjectionView,
  PublishNoticeInput,
} from '../../../../shared/subprocessor-notices';
import { apiRequest } from '../../../lib/api-client';

const noticesKey = ['subprocessor-notices'] as const;

export function useNoticeProducts() {
  return useQuery({
    queryKey: ['subprocessor-notice-products'],
    queryFn: () => apiRequest<ProductCatalogue>('/api/products'),
    select: (catalogue) => catalogue.products,
  });
}

export function useNoticesOverview(productId: string | null) {
  return useQuery({
    queryKey: [...noticesKey, productId],
    queryFn: () =>
      apiRequest<NoticesOverview>(
        `/api/subprocessor-notices?productId=${encodeURIComponent(productId ?? '')}`,
      ),
    enabled: productId !== null,
  });
}

/** Every write refreshes the overview: the draft empties, a notice or an answer appears. */
function useNoticeMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export const usePublishNotice = () =>
  useNoticeMutation((input: PublishNoticeInput) =>
    apiRequest<NoticeView>('/api/subprocessor-notices', { method: 'POST', body: input }),
  );

export const useSaveNoticeSettings = () =>
  useNoticeMutation((input: NoticeSettings) =>
    apiRequest<NoticeSettings>('/api/subprocessor-notices/settings', { method: 'PUT', body: input }),
  );

export const useAnswerObjection = () =>
  useNoticeMutation((input: { noticeId: string; objectionId: string; answer: string }) =>
    apiRequest<ObjectionView>(
      `/api/subprocessor-notices/${encodeURIComponent(input.noticeId)}/objections/${encodeURIComponent(input.objectionId)}/answer`,
      { method: 'POST', body: { answer: input.answer } },
    ),
  );
