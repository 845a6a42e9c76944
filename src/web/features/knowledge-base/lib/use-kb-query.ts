import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KbQuery } from '../../../../shared/knowledge-base';
import { queryKnowledgeBase } from '../api/kb-api';

/** One page of hits with the key; the previous page stays on screen while the next loads. */
export function useKbQuery(query: KbQuery | null) {
  return useQuery({
    queryKey: ['kb-query', query] as const,
    queryFn: ({ signal }) => queryKnowledgeBase(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
