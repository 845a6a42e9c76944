import { z } from 'zod';
import { HackerOneData, StatuspageData } from '../../../shared/specialised-cards';

/** Route schemas of the integrations; the types they describe live in src/shared/integrations.ts. */
const Connection = z.object({ link: z.string(), showInCard: z.boolean(), connectedAt: z.string() });

export const HackerOneStateSchema = z.object({
  allowed: z.boolean(),
  connection: Connection.nullable(),
  data: HackerOneData.nullable(),
  error: z.string().nullable(),
});

export const StatuspageStateSchema = z.object({
  allowed: z.boolean(),
  connection: Connection.nullable(),
  data: StatuspageData.nullable(),
  error: z.string().nullable(),
});
