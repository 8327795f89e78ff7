import type { MyProfile } from '@barberly/common';
import { Camera, Copy, Link2, Link2Off } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea-field';
import { showToast } from '../../../components/ui/toaster';
import { useCalendarFeedActions, useMyCalendarFeed, useMyProfile, useSaveProfile, useUploadPhoto } from '../api/my-api';
import { NotificationSettings } from './notification-settings';

function ProfileForm({ profile }: { profile: MyProfile }) {
  const save = useSaveProfile();
  const photo = useUploadPhoto();
  const photoId = useId();
  const [values, setValues] = useState({
    name: profile.name,
    bio: profile.bio,
    instagramHandle: profile.instagramHandle,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setValues({ name: profile.name, bio: profile.bio, instagramHandle: profile.instagramHandle });
  }, [profile]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync(values);
      showToast({ title: 'Profile saved', variant: 'success' });
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      setErrors(fields ?? { form: err instanceof Error ? err.message : String(err) });
    }
  };
  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await photo.mutateAsync(file);
      showToast({ title: 'Photo updated', variant: 'success' });
    } catch (err) {
      setErrors({ photo: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Profile" className="mt-4 flex flex-col gap-4">
      <div className="flex items-center gap-4">
        {profile.profileImageUrl ? (
          <img
            src={profile.profileImageUrl}
            alt={profile.name}
            width={64}
            height={64}
            className="size-16 rounded-full bg-neutral-100 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-16 place-items-center rounded-full bg-neutral-100 text-xl font-bold"
          >
            {profile.name.slice(0, 1)}
          </span>
        )}
        <input
          id={photoId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="sr-only"
          onChange={(e) => void onPhoto(e)}
        />
        <label
          htmlFor={photoId}
          className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-xl border border-neutral-300 bg-white px-3 py-2 text-sm font-semibold focus-within:outline-2 focus-within:outline-amber-500"
        >
          <Camera aria-hidden="true" className="size-4" /> {photo.isPending ? 'Uploading...' : 'Change photo'}
        </label>
      </div>
      {errors.photo ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {errors.photo}
        </p>
      ) : null}
      <Field
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
        error={errors.name}
      />
      <TextareaField
        label="Bio"
        rows={3}
        maxLength={500}
        value={values.bio}
        onChange={(e) => setValues({ ...values, bio: e.target.value })}
        error={errors.bio}
      />
      <Field
        label="Instagram handle"
        placeholder="tony.cuts"
        autoCapitalize="none"
        spellCheck={false}
        value={values.instagramHandle}
        onChange={(e) => setValues({ ...values, instagramHandle: e.target.value })}
        error={errors.instagramHandle}
      />
      {errors.form ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

/** The private calendar feed: made once (the address shows only then), replaced, or revoked. */
function CalendarFeed() {
  const feed = useMyCalendarFeed();
  const { make, revoke } = useCalendarFeedActions();
  const [shown, setShown] = useState<string | null>(null);
  const urlId = useId();
  const create = async () => {
    const info = await make.mutateAsync();
    setShown(info.url);
  };
  return (
    <div className="mt-4 flex flex-col gap-3">
      <p className="text-sm text-neutral-700">
        Subscribe to your chair from Google, Apple or Outlook calendar. The address is private: anyone with it sees your
        appointments (first names and services only).
      </p>
      {feed.isPending ? (
        <Spinner label="Loading your calendar feed" />
      ) : shown ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={urlId} className="text-sm font-semibold">
            Your calendar address (shown once: copy it now)
          </label>
          <div className="flex gap-2">
            <input
              id={urlId}
              readOnly
              value={shown}
              className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-2 py-2 text-sm"
              onFocus={(e) => e.target.select()}
            />
            <Button
              size="sm"
              variant="light"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(shown)
                  .then(() => showToast({ title: 'Address copied', variant: 'success' }))
              }
            >
              <Copy aria-hidden="true" className="size-4" /> Copy
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm font-semibold" data-testid="calendar-feed-status">
          {feed.data?.active ? 'Your calendar feed is on.' : 'No calendar feed yet.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void create()} disabled={make.isPending}>
          <Link2 aria-hidden="true" className="size-4" />
          {feed.data?.active ? 'Replace the address' : 'Make my calendar address'}
        </Button>
        {feed.data?.active ? (
          <Button
            size="sm"
            variant="light"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(undefined, { onSuccess: () => setShown(null) })}
          >
            <Link2Off aria-hidden="true" className="size-4" /> Turn off the feed
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Settings (issue 26): name, photo, bio, Instagram handle, notification choices and the calendar feed. */
export function SettingsScreen() {
  const profile = useMyProfile();
  if (profile.isPending) {
    return (
      <div className="grid place-items-center py-10 text-amber-500">
        <Spinner label="Loading your settings" />
      </div>
    );
  }
  if (profile.isError) {
    return <p className="text-sm text-neutral-700">Your settings could not be loaded: {profile.error.message}</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader title="Profile" description="What clients see on the shop's page." />
        <ProfileForm profile={profile.data} />
      </Card>
      <Card>
        <CardHeader title="Notifications" />
        <NotificationSettings />
      </Card>
      <Card>
        <CardHeader title="Calendar feed" />
        <CalendarFeed />
      </Card>
    </div>
  );
}
