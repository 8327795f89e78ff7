/**
 * An OpenAI-compatible Chat Completions client: one POST with `tools` and `stream: true`, read as server-sent events.
 * Plain fetch rather than the `openai` package so any compatible server works the same way (OpenAI, Azure OpenAI's
 * /openai/v1, Ollama, llama.cpp's server, vLLM) and nothing here needs Node 22.
 */
import { observeCall } from '../../platform/metrics/metrics';

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: LlmToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface LlmToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface LlmTurn {
  content: string;
  toolCalls: LlmToolCall[];
  /** Tokens the provider counted (prompt + completion), or an estimate when it sends no usage. */
  tokens: number;
}

export class LlmError extends Error {}

interface StreamChunk {
  choices?: Array<{
    delta?: {
      content?: string | null;
      tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
  }>;
  usage?: { total_tokens?: number } | null;
}

function endpoint(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

/**
 * One model turn. `onText` receives the answer's text as it streams. Any failure (network, HTTP status, time-out,
 * malformed stream) is an LlmError: the caller has written nothing yet and says so.
 */
export function completeChat(
  config: LlmConfig,
  request: { messages: ChatMessage[]; tools: unknown[] },
  onText: (delta: string) => void,
): Promise<LlmTurn> {
  // Each turn, streamed to its end, is one timed call to the model (metrics, decision 0178).
  return observeCall('llm', 'chat.completions', () => completeChatTurn(config, request, onText));
}

async function completeChatTurn(
  config: LlmConfig,
  request: { messages: ChatMessage[]; tools: unknown[] },
  onText: (delta: string) => void,
): Promise<LlmTurn> {
  const signal = AbortSignal.timeout(config.timeoutMs);
  let response: Response;
  try {
    response = await fetch(endpoint(config.baseUrl), {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages: request.messages,
        ...(request.tools.length ? { tools: request.tools, tool_choice: 'auto' } : {}),
        stream: true,
        stream_options: { include_usage: true },
        temperature: 0,
      }),
    });
  } catch (err) {
    throw new LlmError(`model unreachable: ${(err as Error).message}`);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new LlmError(`model answered ${response.status}: ${text.slice(0, 200)}`);
  }

  let content = '';
  let tokens = 0;
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  try {
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(part, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') {
          done = true;
          continue;
        }
        const chunk = JSON.parse(data) as StreamChunk;
        if (chunk.usage?.total_tokens) tokens = chunk.usage.total_tokens;
        const delta = chunk.choices?.[0]?.delta;
        if (delta?.content) {
          content += delta.content;
          onText(delta.content);
        }
        for (const call of delta?.tool_calls ?? []) {
          const index = call.index ?? calls.length;
          calls[index] ??= { id: '', name: '', arguments: '' };
          const slot = calls[index];
          if (call.id) slot.id = call.id;
          if (call.function?.name) slot.name += call.function.name;
          if (call.function?.arguments) slot.arguments += call.function.arguments;
        }
      }
    }
  } catch (err) {
    throw new LlmError(`model stream failed: ${(err as Error).message}`);
  }
  if (!done && calls.length === 0 && content === '') throw new LlmError('model stream ended without an answer');
  const estimate = Math.ceil((JSON.stringify(request.messages).length + content.length) / 4);
  return {
    content,
    tokens: tokens || estimate,
    toolCalls: calls
      .filter((c) => c?.name)
      .map((c, i) => ({
        id: c.id || `call_${i}`,
        type: 'function' as const,
        function: { name: c.name, arguments: c.arguments || '{}' },
      })),
  };
}
