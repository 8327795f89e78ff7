import dns2 from 'dns2';

const { Packet } = dns2;

export type TestRecord =
  | { type: 'A' | 'AAAA'; address: string }
  | { type: 'CNAME'; domain: string }
  | { type: 'TXT'; data: string };

/**
 * A real DNS server on loopback (UDP, dns2) answering what a test puts in its zone, as an authoritative server
 * would: the records asked for, NODATA for a name that has others, NXDOMAIN for an unknown name, and the CNAME
 * (then the target's records) for an A/AAAA question on an alias. Point DNS_RESOLVER at `address`.
 */
export interface TestDns {
  /** '127.0.0.1:{port}' for DNS_RESOLVER. */
  address: string;
  port: number;
  set(name: string, records: TestRecord[]): void;
  remove(name: string): void;
  clear(): void;
  /** Names asked so far ('TXT _barberly.www.example.com'). */
  questions: string[];
  close(): Promise<void>;
}

const TYPE_NAMES: Record<number, string> = { 1: 'A', 5: 'CNAME', 16: 'TXT', 28: 'AAAA' };
const TYPES = { A: Packet.TYPE.A, AAAA: Packet.TYPE.AAAA, CNAME: Packet.TYPE.CNAME, TXT: Packet.TYPE.TXT } as const;

export async function startTestDns(port = 0): Promise<TestDns> {
  const zone = new Map<string, TestRecord[]>();
  const questions: string[] = [];
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

  function answer(name: string, type: string, depth = 0): Array<Record<string, unknown>> {
    const records = zone.get(key(name)) ?? [];
    const direct = records.filter((r) => r.type === type);
    if (direct.length > 0) {
      return direct.map((r) => ({ name, type: TYPES[r.type], class: Packet.CLASS.IN, ttl: 1, ...withoutType(r) }));
    }
    const alias = records.find((r): r is Extract<TestRecord, { type: 'CNAME' }> => r.type === 'CNAME');
    if (alias && depth < 5) {
      return [
        { name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 1, domain: alias.domain },
        ...answer(alias.domain, type, depth + 1),
      ];
    }
    return [];
  }

  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (question) {
        const type = TYPE_NAMES[question.type] ?? String(question.type);
        questions.push(`${type} ${key(question.name)}`);
        response.answers.push(...(answer(question.name, type) as never[]));
        if (response.answers.length === 0 && !zone.has(key(question.name)))
          response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      send(response);
    },
  });
  const listening = new Promise<void>((resolve) => server.on('listening', () => resolve()));
  await server.listen({ udp: { port, address: '127.0.0.1' } });
  await listening;
  const bound = (server.addresses() as { udp?: { port: number } }).udp?.port ?? port;
  return {
    address: `127.0.0.1:${bound}`,
    port: bound,
    set: (name, records) => zone.set(key(name), records),
    remove: (name) => zone.delete(key(name)),
    clear: () => zone.clear(),
    questions,
    close: () => server.close() as Promise<void>,
  };
}

function withoutType(record: TestRecord): Record<string, unknown> {
  const { type: _type, ...rest } = record;
  return rest;
}
