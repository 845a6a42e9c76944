import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddUpdateInput,
  BlockInput,
  CreateTopicInput,
  EditTopicInput,
  StaffTopicsResponse,
  StaffTopicView,
  SubscriberListQuery,
  SubscriberListResponse,
  SubscriptionBlockList,
  SubscriptionBlockView,
} from '../../../../shared/updates';
import { apiRequest } from '../../../lib/api-client';

export const staffTopicsQueryKey = ['staff-update-topics'] as const;
export const subscribersQueryRoot = ['staff-subscribers'] as const;
export const blocksQueryKey = ['staff-subscription-blocks'] as const;

/** While an e-mail fan-out runs, the console refreshes its progress this often. */
const deliveryPollMs = 3000;

function isDelivering(data: StaffTopicsResponse | undefined): boolean {
  return Boolean(
    data?.topics.some((topic) =>
      topic.updates.some((update) => update.delivery.isFanningOut || update.delivery.queued > 0),
    ),
  );
}

export function useStaffTopics(options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: staffTopicsQueryKey,
    queryFn: () => apiRequest<StaffTopicsResponse>('/api/updates/topics'),
    enabled: options.isEnabled ?? true,
    refetchInterval: (query) => (isDelivering(query.state.data) ? deliveryPollMs : false),
  });
}

export function createTopic(input: CreateTopicInput): Promise<StaffTopicView> {
  return apiRequest<StaffTopicView>('/api/updates/topics', { method: 'POST', body: input });
}

export function addUpdate(topicId: string, input: AddUpdateInput): Promise<StaffTopicView> {
  return apiRequest<StaffTopicView>(`/api/updates/topics/${encodeURIComponent(topicId)}/updates`, {
    method: 'POST',
    body: input,
  });
}

export function editTopic(topicId: string, input: EditTopicInput): Promise<StaffTopicView> {
  return apiRequest<StaffTopicView>(`/api/updates/topics/${encodeURIComponent(topicId)}`, {
    method: 'PATCH',
    body: input,
  });
}

/** Writes of the console refresh the topic list (and the portal card when staff publish in place). */
export function useTopicMutation<Input>(write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => write(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffTopicsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['trust-updates'] });
    },
  });
}

export function deleteTopic(topicId: string): Promise<void> {
  return apiRequest<void>(`/api/updates/topics/${encodeURIComponent(topicId)}`, {
    method: 'DELETE',
  });
}

export function subscribersQueryKey(query: SubscriberListQuery) {
  return [...subscribersQueryRoot, query.status ?? 'all', query.q ?? '', query.page ?? 1] as const;
}

export function useSubscribers(query: SubscriberListQuery) {
  return useQuery({
    queryKey: subscribersQueryKey(query),
    queryFn: () => {
      const params = new URLSearchParams();
      if (query.status) params.set('status', query.status);
      if (query.q) params.set('q', query.q);
      params.set('page', String(query.page ?? 1));
      return apiRequest<SubscriberListResponse>(`/api/subscribers?${params}`);
    },
    placeholderData: (previous) => previous,
  });
}

export function deleteSubscriber(subscriberId: string): Promise<void> {
  return apiRequest<void>(`/api/subscribers/${encodeURIComponent(subscriberId)}`, {
    method: 'DELETE',
  });
}

export function useBlocks() {
  return useQuery({
    queryKey: blocksQueryKey,
    queryFn: () => apiRequest<SubscriptionBlockList>('/api/subscription-blocks'),
  });
}

export function createBlock(input: BlockInput): Promise<SubscriptionBlockView> {
  return apiRequest<SubscriptionBlockView>('/api/subscription-blocks', {
    method: 'POST',
    body: input,
  });
}

export function deleteBlock(blockId: string): Promise<void> {
  return apiRequest<void>(`/api/subscription-blocks/${encodeURIComponent(blockId)}`, {
    method: 'DELETE',
  });
}

/** Blocks change subscriber statuses, so both lists refresh after any block or subscriber write. */
export function useSubscriberMutation<Input>(write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => write(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscribersQueryRoot });
      void queryClient.invalidateQueries({ queryKey: blocksQueryKey });
      void queryClient.invalidateQueries({ queryKey: staffTopicsQueryKey });
    },
  });
}
