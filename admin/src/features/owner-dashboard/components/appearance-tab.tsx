import { type Shop, THEME_LABELS } from '@barberly/common';
import { ExternalLink, Maximize2, Palette, Pencil } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../lib/routes';

export function AppearanceTab({ shop, onEdit }: { shop: Shop; onEdit: () => void }) {
  return (
    <div className="flex flex-col gap-5">
      <CardHeader
        title="Appearance"
        description="How your booking website looks."
        actions={
          <Button size="sm" onClick={onEdit}>
            <Palette aria-hidden="true" className="size-4" /> Customize
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <Card>
          <CardHeader as="h3" title="Theme" />
          <dl className="mt-4 flex flex-col gap-4">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">Template</dt>
              <dd className="mt-0.5 text-lg font-bold" data-testid="current-template">
                {THEME_LABELS[shop.theme]}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">Primary colour</dt>
              <dd className="mt-1 flex items-center gap-3">
                <span
                  role="img"
                  aria-label={`Primary colour ${shop.primaryColor}`}
                  className="size-10 rounded-lg border border-neutral-200 shadow-inner"
                  style={{ backgroundColor: shop.primaryColor }}
                />
                <code className="font-mono text-sm">{shop.primaryColor}</code>
              </dd>
            </div>
          </dl>
          <Button variant="light" className="mt-5 w-full" onClick={onEdit}>
            <Palette aria-hidden="true" className="size-4" /> Change Theme
          </Button>
        </Card>
        <Card>
          <CardHeader as="h3" title="Website Preview" description="Your live booking page." />
          <div className="mt-4 h-72 overflow-hidden rounded-xl border border-neutral-200 bg-neutral-100">
            {/* Keyed on the version: every saved change reloads the preview. A picture of the page, not a second
                copy of it: inert keeps its links out of the tab order and the accessibility tree (Open Preview
                below is the way in). */}
            <iframe
              key={shop.version}
              title="Website preview"
              src={paths.shop(shop.slug)}
              loading="lazy"
              className="pointer-events-none h-[36rem] w-[200%] origin-top-left scale-50 border-0"
              inert
            />
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <a href={paths.shop(shop.slug)} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'sm')}>
              <ExternalLink aria-hidden="true" className="size-4" /> Open Preview
            </a>
            <Button variant="light" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" /> Edit Details
            </Button>
            <a href={shop.subdomain_url} target="_blank" rel="noreferrer" className={buttonClasses('light', 'sm')}>
              <Maximize2 aria-hidden="true" className="size-4" /> Full Preview
            </a>
          </div>
        </Card>
      </div>
    </div>
  );
}
