import { PORTFOLIO_LIMITS, type PortfolioImage } from '@barberly/common';
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { useDeletePortfolio, useMyPortfolio, usePatchPortfolio, useUploadPortfolio } from '../api/my-api';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** The 320-wide WebP, the smallest: enough for a thumbnail on a phone. */
const thumb = (image: PortfolioImage) => image.urls.webp['320'] ?? Object.values(image.urls.webp)[0] ?? '';

function CaptionEditor({ image }: { image: PortfolioImage }) {
  const patch = usePatchPortfolio();
  const [caption, setCaption] = useState(image.caption);
  const id = useId();
  const dirty = caption.trim() !== image.caption;
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        patch.mutate(
          { id: image.id, caption: caption.trim() },
          {
            onSuccess: () => showToast({ title: 'Caption saved', variant: 'success' }),
            onError: (err) =>
              showToast({ title: 'Caption not saved', description: err.message, variant: 'destructive' }),
          },
        );
      }}
    >
      <label htmlFor={id} className="sr-only">
        Caption
      </label>
      <input
        id={id}
        value={caption}
        maxLength={PORTFOLIO_LIMITS.captionMax}
        placeholder="Caption (what clients read)"
        onChange={(e) => setCaption(e.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-2 py-2 text-sm"
      />
      <Button type="submit" size="sm" variant="light" disabled={!dirty || patch.isPending}>
        Save
      </Button>
    </form>
  );
}

/**
 * Portfolio (issue 26 item 3): the barber's photos of their work, as the shop's page shows them. Upload (JPEG, PNG,
 * WebP or AVIF, 10 MB, 30 in all), caption, move up or down, delete. A photo the owner hid says so.
 */
export function PortfolioScreen() {
  const portfolio = useMyPortfolio();
  const upload = useUploadPortfolio();
  const patch = usePatchPortfolio();
  const remove = useDeletePortfolio();
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const images = portfolio.data ?? [];
  const full = images.length >= PORTFOLIO_LIMITS.maxImages;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    if (file.size > PORTFOLIO_LIMITS.maxBytes) {
      setError('That photo is larger than 10 MB. Upload a smaller one.');
      return;
    }
    try {
      await upload.mutateAsync(file);
      showToast({ title: 'Photo added', variant: 'success' });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Card>
      <CardHeader
        title="Portfolio"
        description={`Photos of your work for the shop's page: JPEG, PNG, WebP or AVIF, up to 10 MB each, ${PORTFOLIO_LIMITS.maxImages} in all. ${images.length} of ${PORTFOLIO_LIMITS.maxImages}.`}
        actions={
          <>
            <input
              id={inputId}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              disabled={upload.isPending || full}
              onChange={(e) => void onFile(e)}
            />
            <label
              htmlFor={inputId}
              aria-disabled={upload.isPending || full}
              className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-xl bg-amber-500 px-4 py-2 text-sm font-semibold text-neutral-950 focus-within:outline-2 focus-within:outline-amber-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {upload.isPending ? 'Uploading...' : 'Add a photo'}
            </label>
          </>
        }
      />
      {error ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {portfolio.isPending ? (
        <div className="grid place-items-center py-10 text-amber-500">
          <Spinner label="Loading your portfolio" />
        </div>
      ) : portfolio.isError ? (
        <p className="mt-6 text-sm text-neutral-700">Your portfolio could not be loaded: {portfolio.error.message}</p>
      ) : images.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 py-10 text-center text-neutral-600">
          No photos yet. Add your best cuts: clients see them on the shop's page.
        </p>
      ) : (
        <ul aria-label="My photos" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {images.map((image, index) => (
            <li key={image.id} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-2">
              <img
                src={thumb(image)}
                alt={image.caption || `Your work, number ${index + 1}`}
                loading="lazy"
                width={320}
                height={Math.round((320 * image.height) / Math.max(1, image.width))}
                className="aspect-[4/3] w-full rounded-lg bg-neutral-100 object-cover"
              />
              {image.hidden ? <p className="text-xs font-semibold text-red-700">Hidden by the shop owner</p> : null}
              <CaptionEditor image={image} />
              <div className="flex justify-between gap-2">
                <div className="flex gap-1">
                  <Button
                    size="sm"
                    variant="light"
                    aria-label={`Move photo ${index + 1} earlier`}
                    disabled={index === 0 || patch.isPending}
                    onClick={() => patch.mutate({ id: image.id, position: index - 1 })}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="light"
                    aria-label={`Move photo ${index + 1} later`}
                    disabled={index === images.length - 1 || patch.isPending}
                    onClick={() => patch.mutate({ id: image.id, position: index + 1 })}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                <Button
                  size="sm"
                  variant="light"
                  aria-label={`Delete photo ${index + 1}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm('Delete this photo?')) remove.mutate(image.id);
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
