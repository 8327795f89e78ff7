import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted OpenAI-compatible Chat Completions server for tests: each POST /v1/chat/completions takes the next
 * scripted answer (text and/or tool calls) and streams it the way OpenAI does (`data:` chunks, tool call arguments
 * split across chunks, a usage chunk, `data: [DONE]`). It records every request so a test can see what the model
 * was offered and told. `POST /__script` (JSON array of answers) and `GET /__requests` let an end-to-end test,
 * running in another process, drive it too.
 */

export interface ScriptedAnswer {
  text?: string;
  toolCalls?: Array<{ name: string; args: Record<string, unknown> }>;
  /** Never answer (the client's time-out decides). */
  hang?: boolean;
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
}

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
  tools?: Array<{
    type: 'function';
    function: { name: string; description: string; parameters: Record<string, unknown> };
  }>;
  stream?: boolean;
}

export interface ScriptedLlm {
  url: string;
  requests: ChatRequestBody[];
  script(...answers: ScriptedAnswer[]): void;
  /** Answers not used yet. */
  remaining(): number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startScriptedLlm(port = 0): Promise<ScriptedLlm> {
  const queue: ScriptedAnswer[] = [];
  const requests: ChatRequestBody[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  let counter = 0;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/__script') {
      queue.push(...(JSON.parse(await readBody(req)) as ScriptedAnswer[]));
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/__requests') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(requests));
      return;
    }
    if (req.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req)) as ChatRequestBody;
    requests.push(body);
    const answer = queue.shift() ?? { text: 'I have nothing scripted to say.' };
    if (answer.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (answer.status) {
      res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
      return;
    }
    const id = `chatcmpl-${++counter}`;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (delta: Record<string, unknown>, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    send({ role: 'assistant', content: '' });
    if (answer.text) {
      const half = Math.ceil(answer.text.length / 2);
      send({ content: answer.text.slice(0, half) });
      send({ content: answer.text.slice(half) });
    }
    (answer.toolCalls ?? []).forEach((call, index) => {
      const args = JSON.stringify(call.args);
      const half = Math.ceil(args.length / 2);
      send({
        tool_calls: [
          {
            index,
            id: `call_${counter}_${index}`,
            type: 'function',
            function: { name: call.name, arguments: args.slice(0, half) },
          },
        ],
      });
      send({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
    });
    send({}, answer.toolCalls?.length ? 'tool_calls' : 'stop');
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    requests,
    script: (...answers) => queue.push(...answers),
    remaining: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
