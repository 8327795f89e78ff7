import type { PublicConfig } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

async function publicConfig(overrides: Record<string, string>): Promise<PublicConfig> {
  const app = await createTestApp(db, overrides);
  try {
    const res = await request(app).get('/api/config');
    expect(res.status).toBe(200);
    return res.body;
  } finally {
    await app.close();
  }
}

describe('GET /api/config', () => {
  it('describes the built-in auth at the same origin in development', async () => {
    expect(await publicConfig({ APP_DOMAIN: 'localhost', PUBLIC_ORIGIN: 'http://localhost:3000' })).toEqual({
      appDomain: 'localhost',
      publicOrigin: 'http://localhost:3000',
      supabaseUrl: 'http://localhost:3000',
      supabaseAnonKey: 'barberly-public-anon-key',
      providers: { google: false, github: false },
      environment: 'Development',
    } satisfies PublicConfig);
  });

  it('points at a hosted Supabase project, lists configured providers, and knows production', async () => {
    const config = await publicConfig({
      APP_DOMAIN: 'barberly.app',
      PUBLIC_ORIGIN: 'https://barberly.app',
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon-123',
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GITHUB_CLIENT_ID: 'github-id-without-secret',
    });
    expect(config).toEqual({
      appDomain: 'barberly.app',
      publicOrigin: 'https://barberly.app',
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon-123',
      providers: { google: true, github: false },
      environment: 'Production',
    });
  });

  it('never reveals a secret', async () => {
    const app = await createTestApp(db, { INTERNAL_TOKEN: 'internal-secret', GOOGLE_CLIENT_SECRET: 'google-secret' });
    try {
      const res = await request(app).get('/api/config');
      expect(res.text).not.toContain('internal-secret');
      expect(res.text).not.toContain('google-secret');
    } finally {
      await app.close();
    }
  });
});
