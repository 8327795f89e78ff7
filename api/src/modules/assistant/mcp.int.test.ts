import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  listen,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';

let db: TestDatabase;
let app: BookingTestApp;
let server: { url: string; close(): Promise<void> };
let owner: TestUser;
let stranger: TestUser;
let shop: TestShop;
let appointmentId: string;

/** Wednesday 2026-12-02, 9:00 in New York. */
const NOW = '2026-12-02T14:00:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createBookingTestApp(db, { clock: createTestClock(NOW) });
  server = await listen(app);
  owner = await signUpTestUser(app);
  stranger = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
  const booked = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({
      serviceId: shop.services[0]!.id,
      barberId: shop.barbers[0]!.id,
      start: '2026-12-02T20:00:00Z',
      client: { name: 'Jordan Lee', email: 'jordan@example.com', phone: '+1 212 555 0100' },
    });
  appointmentId = booked.body.id;
});
afterAll(async () => {
  await server?.close();
  await app?.close();
  await db?.drop();
});

async function connect(token?: string): Promise<Client> {
  const client = new Client({ name: 'barberly-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  return client;
}

const textOf = (result: unknown) => JSON.parse((result as { content: Array<{ text: string }> }).content[0]!.text);

describe('MCP: the assistant tools for any MCP client', () => {
  it("lists the owner's tools, reads, and applies a write only through confirm_proposal", async () => {
    const client = await connect(owner.accessToken);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      expect(names).toEqual(
        expect.arrayContaining(['list_agenda', 'find_free_times', 'cancel_appointment', 'confirm_proposal']),
      );
      expect(names).not.toContain('my_appointments');

      const agenda = textOf(await client.callTool({ name: 'list_agenda', arguments: {} }));
      expect(agenda.data.appointments.map((a: { id: string }) => a.id)).toEqual([appointmentId]);

      const proposed = textOf(await client.callTool({ name: 'cancel_appointment', arguments: { appointmentId } }));
      expect(proposed.proposal.summary).toBe(
        "Cancel Jordan Lee's Haircut with Alex on Wednesday, December 2, 2026 at 3:00 PM",
      );
      const untouched = await db.dataSource.query('SELECT "status" FROM "appointments" WHERE "id" = $1', [
        appointmentId,
      ]);
      expect(untouched[0].status).toBe('confirmed');

      const confirmed = textOf(
        await client.callTool({ name: 'confirm_proposal', arguments: { proposalId: proposed.proposal.id } }),
      );
      expect(confirmed.proposal.status).toBe('confirmed');
      const after = await db.dataSource.query('SELECT "status" FROM "appointments" WHERE "id" = $1', [appointmentId]);
      expect(after[0].status).toBe('cancelled');
      const audit = await db.dataSource.query(
        'SELECT "channel", "outcome" FROM "assistant_audit" WHERE "proposal_id" = $1',
        [proposed.proposal.id],
      );
      expect(audit).toEqual([{ channel: 'mcp', outcome: 'applied' }]);
    } finally {
      await client.close();
    }
  });

  it('refuses a missing token with the protected-resource metadata to find the auth server', async () => {
    await expect(connect()).rejects.toThrow();
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/mcp"`,
    );
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({
      resource: 'http://localhost:3000/mcp',
      authorization_servers: ['http://localhost:3000/auth/v1'],
    });
  });

  it('refuses a forged token, and a user who works at no shop', async () => {
    await expect(connect(`${owner.accessToken.slice(0, -4)}AAAA`)).rejects.toThrow();
    await expect(connect(stranger.accessToken)).rejects.toThrow();
  });

  it("does not let another user's client confirm the owner's proposal", async () => {
    const ownerClient = await connect(owner.accessToken);
    const other = await signUpTestUser(app);
    const otherShop = await setUpShop(app, other.accessToken, { barbers: ['Casey'] });
    const otherClient = await connect(other.accessToken);
    try {
      const proposed = textOf(
        await ownerClient.callTool({
          name: 'mark_appointment',
          arguments: { appointmentId, status: 'no_show' },
        }),
      );
      expect(proposed.proposal.id).toBeTruthy();
      const attempt = await otherClient.callTool({
        name: 'confirm_proposal',
        arguments: { proposalId: proposed.proposal.id },
      });
      expect(attempt.isError).toBe(true);
      expect(otherShop.id).not.toBe(shop.id);
    } finally {
      await ownerClient.close();
      await otherClient.close();
    }
  });
});
