import {
  ASSISTANT_MESSAGES,
  type AssistantConversation,
  type AssistantProposal,
  OPERATOR_ASSISTANT_DOCS,
} from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { AssistantPanel } from './assistant-panel';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const PROPOSAL: AssistantProposal = {
  id: '55555555-5555-4555-8555-555555555555',
  tool: 'book_walk_in',
  summary: 'Book a walk-in Haircut with Sam at 2:15 PM today',
  displaces: [],
  status: 'pending',
  expiresAt: '2026-05-10T14:30:00.000Z',
};

function conversation(configured: boolean, items: AssistantConversation['items'] = []): AssistantConversation {
  return {
    status: {
      configured,
      model: configured ? 'gpt-test' : null,
      role: 'owner',
      quickActions: [
        { id: 'next-walk-in-gap', label: 'Next walk-in gap' },
        { id: 'who-is-overdue', label: 'Who is overdue' },
      ],
    },
    items,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function sse(events: unknown[]): Response {
  return new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AssistantPanel shopId={SHOP_ID} />
    </QueryClientProvider>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setTokenSource(async () => 'token');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('AssistantPanel', () => {
  it('says how to connect a model, and runs a quick action to a proposal the owner confirms', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/quick/next-walk-in-gap'))
        return json({ text: 'Next walk-in gap: 2:15 PM with Sam (Haircut)', proposal: PROPOSAL });
      if (url.endsWith(`/proposals/${PROPOSAL.id}/confirm`)) {
        return json({
          proposal: { ...PROPOSAL, status: 'confirmed', outcome: 'Walk-in booked: Haircut with Sam at 2:15 PM' },
        });
      }
      return json(conversation(false));
    });
    renderPanel();

    expect(await screen.findByTestId('assistant-not-set-up')).toHaveTextContent(ASSISTANT_MESSAGES.notSetUp);
    expect(screen.getByLabelText('Message the assistant')).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next walk-in gap' }));
    const card = await screen.findByTestId('assistant-proposal');
    expect(card).toHaveTextContent('Book a walk-in Haircut with Sam at 2:15 PM today');
    expect(screen.getByText('Next walk-in gap: 2:15 PM with Sam (Haircut)')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('assistant-proposal-status')).toHaveTextContent(
      'Done: Walk-in booked: Haircut with Sam at 2:15 PM',
    );
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/shops/${SHOP_ID}/assistant/proposals/${PROPOSAL.id}/confirm`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('tells an owner in plain words that the assistant is not connected, and links the docs for operators only', async () => {
    fetchMock.mockImplementation(async () => json(conversation(false)));
    const { unmount } = renderPanel();
    const note = await screen.findByTestId('assistant-not-set-up');
    expect(note).toHaveTextContent(
      'The assistant is not connected yet. Your Barberly administrator can connect one. The quick actions below work without it.',
    );
    // No env var, server log or command for an owner.
    expect(note.textContent).not.toMatch(/LLM_|server log|restart|npm /i);
    expect(within(note).queryByRole('link')).toBeNull();
    unmount();

    fetchMock.mockImplementation(async () =>
      json({
        ...conversation(false),
        status: { ...conversation(false).status, operatorDocs: OPERATOR_ASSISTANT_DOCS },
      }),
    );
    renderPanel();
    const link = within(await screen.findByTestId('assistant-not-set-up')).getByRole('link', {
      name: 'How to connect a model (operator docs)',
    });
    expect(link).toHaveAttribute('href', '/operators/assistant.txt');
  });

  it('streams an answer with its tool card and proposal, and shows a model error in words', async () => {
    let chats = 0;
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/chat')) {
        chats += 1;
        return chats === 1
          ? sse([
              {
                type: 'tool',
                call: { name: 'find_walk_in_gap', args: {}, summary: 'Next walk-in gap: 2:15 PM with Sam' },
              },
              { type: 'proposal', proposal: PROPOSAL },
              { type: 'text', delta: 'I proposed a walk-in at ' },
              { type: 'text', delta: '2:15 PM.' },
              { type: 'done' },
            ])
          : sse([{ type: 'error', message: ASSISTANT_MESSAGES.modelFailed }, { type: 'done' }]);
      }
      // After the first turn the conversation holds it (the panel reads it again).
      return json(
        conversation(
          true,
          chats === 0
            ? []
            : [
                { kind: 'user', text: 'Find a walk-in gap', at: '' },
                {
                  kind: 'tool',
                  call: { name: 'find_walk_in_gap', args: {}, summary: 'Next walk-in gap: 2:15 PM with Sam' },
                  at: '',
                },
                { kind: 'proposal', proposal: PROPOSAL, at: '' },
                { kind: 'assistant', text: 'I proposed a walk-in at 2:15 PM.', at: '' },
              ],
        ),
      );
    });
    renderPanel();
    const box = await screen.findByLabelText('Message the assistant');
    await userEvent.type(box, 'Find a walk-in gap{Enter}');

    expect(await screen.findByText('I proposed a walk-in at 2:15 PM.')).toBeInTheDocument();
    expect(screen.getByTestId('assistant-tool')).toHaveTextContent(
      'find walk in gap: Next walk-in gap: 2:15 PM with Sam',
    );
    expect(screen.getByTestId('assistant-proposal')).toHaveAttribute('data-status', 'pending');

    await userEvent.type(box, 'And tomorrow?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(ASSISTANT_MESSAGES.modelFailed);
  });
});
