import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderMarkdown } from '../lib/markdown';
import { LegalPage } from './legal-page';

function renderPage(page: 'terms' | 'privacy', fetcher: typeof fetch) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <LegalPage page={page} fetcher={fetcher} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const markdown = (text: string, status = 200, type = 'text/markdown; charset=utf-8') =>
  vi.fn(async () => new Response(text, { status, headers: { 'content-type': type } })) as unknown as typeof fetch;

describe('LegalPage', () => {
  it("shows the operator's Terms of Service from /legal/terms.md, leaving out their comments", async () => {
    const fetcher = markdown(
      '<!-- replace me -->\n# Terms of Service\n\nBe **kind**. See [our site](https://example.com).\n\n- one\n- two\n',
    );
    renderPage('terms', fetcher);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledWith('/legal/terms.md', expect.anything());
    expect(screen.getByText('kind').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'our site' })).toHaveAttribute('href', 'https://example.com');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(screen.queryByText(/replace me/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(document.title).toContain('Terms of Service');
  });

  it('says the page could not be loaded (not the app shell) when the file is missing, and tries again', async () => {
    const fetcher = markdown('<!doctype html><html></html>', 200, 'text/html');
    renderPage('privacy', fetcher);
    expect(await screen.findByText(/This page could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('renderMarkdown', () => {
  it('never turns the text into HTML: a script tag stays text, and javascript: links are not links', () => {
    render(<div data-testid="out">{renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1))')}</div>);
    const out = screen.getByTestId('out');
    expect(out.querySelector('script')).toBeNull();
    expect(out.querySelector('a')).toBeNull();
    expect(out).toHaveTextContent('<script>alert(1)</script> x');
  });
});
