import { LeadSchema } from '@barberly/common';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { parseInput, tooManyRequests } from '../../platform/http/errors';
import { createRateLimiter } from '../../platform/rate-limit';
import { LeadEntity } from './lead.entity';

const LeadInput = LeadSchema.strict();

/** A landing-page form: a person sends it once or twice, a script sends it hundreds of times. */
export const LEADS_PER_IP_PER_HOUR = 10;

/** POST /api/leads: public; answers 201 with the lead's id. */
export function leadsRouter(deps: { dataSource: DataSource; redis: Redis | null; keyPrefix: string }): Router {
  const router = Router();
  const limiter = createRateLimiter({
    name: 'leads',
    rule: { points: LEADS_PER_IP_PER_HOUR, durationSeconds: 3600 },
    redis: deps.redis,
    keyPrefix: deps.keyPrefix,
  });

  router.post('/leads', async (req, res) => {
    const input = parseInput(LeadInput, req.body);
    const limit = await limiter.consume(req.ip ?? 'unknown');
    if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
    const repo = deps.dataSource.getRepository(LeadEntity);
    const lead = await repo.save(repo.create(input));
    res.status(201).json({ id: lead.id });
  });

  return router;
}
