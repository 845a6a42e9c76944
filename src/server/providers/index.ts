import type { AnswerProvider, EmbeddingProvider } from './ai';
import type { PortalCache } from './cache/portal-cache';
import type { JobQueue } from './jobs/types';
import type { MailTransport } from './mail/types';
import type { FileStorage } from './storage/types';

/** Swappable by configuration (DESIGN.md "Providers"); later issues add storage and AI. */
export type Providers = {
  mail: MailTransport;
  jobs: JobQueue;
  /** In memory per node, invalidated across nodes through LISTEN/NOTIFY. */
  cache: PortalCache;
  /** AI answers: the offline extractive answerer, or an OpenAI-compatible endpoint (AI_*). */
  ai: AnswerProvider;
  /** Vectors for semantic search, when AI_EMBEDDING_MODEL is set; null keeps search full-text only. */
  embeddings: EmbeddingProvider | null;
  /** Document bytes: disk under DATA_DIR, or an S3-compatible bucket. */
  storage: FileStorage;
};
