import { THEME_LABELS, THEMES, type Theme } from '@barberly/common';
import { ArrowLeft, ArrowRight, Check, ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { paths } from '../../../lib/routes';
import { LOOKS, TemplatePreview } from './template-preview';
import { StepFrame } from './wizard-layout';

export function TemplateStep({
  value,
  onChange,
  onBack,
  onNext,
}: {
  value: Theme;
  onChange: (theme: Theme) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  return (
    <StepFrame
      title="Choose your template"
      description="Pick the look of your booking website. You can change it any time from your dashboard."
      footer={
        <>
          <Button variant="light" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back
          </Button>
          <Button onClick={onNext}>
            Continue <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </>
      }
    >
      <div role="radiogroup" aria-label="Template" className="grid gap-4 md:grid-cols-3">
        {THEMES.map((theme) => {
          const selected = theme === value;
          return (
            <div
              key={theme}
              className={cn(
                'flex flex-col rounded-2xl border-2 p-3 transition-colors',
                selected ? 'border-amber-500 bg-amber-50' : 'border-neutral-200 hover:border-neutral-300',
              )}
            >
              {/* biome-ignore lint/a11y/useSemanticElements: a card-sized radio; the native input cannot hold a preview */}
              <button
                type="button"
                role="radio"
                aria-checked={selected}
                // Issue 28: the look's name alone; its one-line tagline is the description, the preview is hidden.
                aria-label={THEME_LABELS[theme]}
                aria-describedby={`template-${theme}-tagline`}
                onClick={() => onChange(theme)}
                onKeyDown={(event) => {
                  const step =
                    event.key === 'ArrowRight' || event.key === 'ArrowDown'
                      ? 1
                      : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
                        ? -1
                        : 0;
                  if (!step) return;
                  event.preventDefault();
                  const next = THEMES[(THEMES.indexOf(theme) + step + THEMES.length) % THEMES.length]!;
                  onChange(next);
                  const group = event.currentTarget.closest('[role="radiogroup"]');
                  group?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[THEMES.indexOf(next)]?.focus();
                }}
                tabIndex={selected ? 0 : -1}
                className="rounded-xl text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
              >
                <div className="aspect-[4/3]">
                  <TemplatePreview theme={theme} />
                </div>
                <span className="mt-3 flex items-center justify-between px-1">
                  <span className="text-lg font-bold">{THEME_LABELS[theme]}</span>
                  {selected ? (
                    <span className="grid size-6 place-items-center rounded-full bg-amber-500 text-neutral-950">
                      <Check aria-hidden="true" className="size-4" />
                    </span>
                  ) : null}
                </span>
                <span id={`template-${theme}-tagline`} className="mt-1 block px-1 text-sm text-neutral-600">
                  {LOOKS[theme].tagline}
                </span>
              </button>
              <a
                href={paths.demoShop(theme)}
                target="_blank"
                rel="noreferrer"
                className="mt-3 inline-flex items-center gap-1 self-start px-1 text-sm font-semibold text-amber-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
              >
                Preview {THEME_LABELS[theme]} demo <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            </div>
          );
        })}
      </div>
    </StepFrame>
  );
}
