import type { Barber, Service, Shop } from '@barberly/common';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { showToast } from '../../../components/ui/toaster';
import {
  useAddBarber,
  useAddService,
  useDeleteBarber,
  useDeleteService,
  useShopDisplay,
  useUpdateBarber,
  useUpdateService,
  useUpdateShop,
} from '../api/owner-api';
import {
  barberAddedToast,
  barberRemovedToast,
  barberUpdatedToast,
  failureToast,
  serviceAddedToast,
  serviceDeletedToast,
  serviceUpdatedToast,
  shopUpdatedToast,
} from '../lib/messages';
import { BarberForm } from './barber-form';
import { EditShopForm } from './edit-shop-form';
import { ServiceForm } from './service-form';

export function EditShopDialog({ shop, open, onClose }: { shop: Shop; open: boolean; onClose: () => void }) {
  const update = useUpdateShop(shop.id);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Edit Shop Details"
      description="Update your shop information and appearance."
    >
      <EditShopForm
        shop={shop}
        pending={update.isPending}
        onCancel={onClose}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync(values);
            showToast(shopUpdatedToast);
            onClose();
          } catch (error) {
            showToast(failureToast('Failed to update shop', error));
          }
        }}
      />
    </Dialog>
  );
}

/** 'Delete this service?' with Cancel and the destructive button, in place of the button that asked. */
export function ConfirmDelete({
  label,
  question,
  pending,
  onConfirm,
  accessibleLabel,
  size = 'md',
  pendingLabel = 'Deleting...',
}: {
  label: string;
  question: string;
  pending: boolean;
  onConfirm: () => void;
  /** The asking button's name when its label alone is ambiguous (one per list item). */
  accessibleLabel?: string;
  /** The asking button's size: 'sm' beside other small buttons in a list item. */
  size?: ButtonSize;
  pendingLabel?: string;
}) {
  const [asking, setAsking] = useState(false);
  // The button that was pressed goes away: keyboard focus moves to Keep, and back to the asking button after Keep.
  const toggled = useRef(false);
  const askRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (toggled.current) (asking ? keepRef : askRef).current?.focus();
  }, [asking]);
  const ask = (value: boolean) => {
    toggled.current = true;
    setAsking(value);
  };
  if (!asking) {
    return (
      <Button
        ref={askRef}
        variant="light"
        size={size}
        className="w-full text-red-700 sm:w-auto"
        aria-label={accessibleLabel}
        onClick={() => ask(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" /> {label}
      </Button>
    );
  }
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-900">{question}</p>
      <div className="mt-3 flex gap-2">
        <Button ref={keepRef} variant="light" size="sm" onClick={() => ask(false)} disabled={pending}>
          Keep
        </Button>
        <Button variant="danger" size="sm" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : `Yes, ${label.toLowerCase()}`}
        </Button>
      </div>
    </div>
  );
}

export function ServiceDialog({
  shopId,
  service,
  open,
  onClose,
}: {
  shopId: string;
  /** Editing this service; absent: adding one. */
  service?: Service;
  open: boolean;
  onClose: () => void;
}) {
  const add = useAddService(shopId);
  const display = useShopDisplay(shopId);
  const update = useUpdateService(shopId);
  const remove = useDeleteService(shopId);
  const editing = Boolean(service);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Service' : 'Add New Service'}
      description={editing ? 'Change what clients see and book.' : 'Add a service that clients can book.'}
    >
      <ServiceForm
        initial={service}
        money={display}
        submitLabel={editing ? 'Save Changes' : 'Add Service'}
        pendingLabel={editing ? 'Saving...' : 'Adding...'}
        pending={add.isPending || update.isPending || remove.isPending}
        onCancel={onClose}
        onSubmit={async (values) => {
          try {
            if (service) {
              await update.mutateAsync({ id: service.id, input: values });
              showToast(serviceUpdatedToast);
            } else {
              await add.mutateAsync(values);
              showToast(serviceAddedToast);
            }
            onClose();
          } catch (error) {
            showToast(failureToast(service ? 'Failed to update service' : 'Failed to add service', error));
          }
        }}
      />
      {service ? (
        <div className="mt-5 border-t border-neutral-100 pt-4">
          <ConfirmDelete
            label="Delete Service"
            question={`Delete ${service.name}? Clients will no longer see it.`}
            pending={remove.isPending}
            onConfirm={async () => {
              try {
                await remove.mutateAsync(service.id);
                showToast(serviceDeletedToast);
                onClose();
              } catch (error) {
                showToast(failureToast('Failed to delete service', error));
              }
            }}
          />
        </div>
      ) : null}
    </Dialog>
  );
}

export function BarberDialog({
  shopId,
  barber,
  open,
  onClose,
}: {
  shopId: string;
  barber?: Barber;
  open: boolean;
  onClose: () => void;
}) {
  const add = useAddBarber(shopId);
  const update = useUpdateBarber(shopId);
  const remove = useDeleteBarber(shopId);
  const editing = Boolean(barber);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Barber' : 'Add New Barber'}
      description={editing ? 'Update how this barber appears to clients.' : 'Add a barber to your shop staff.'}
    >
      <BarberForm
        initial={barber}
        submitLabel={editing ? 'Save Changes' : 'Add Barber'}
        pendingLabel={editing ? 'Saving...' : 'Adding...'}
        pending={add.isPending || update.isPending || remove.isPending}
        onCancel={onClose}
        onSubmit={async (values) => {
          try {
            if (barber) {
              await update.mutateAsync({ id: barber.id, input: values });
              showToast(barberUpdatedToast);
            } else {
              await add.mutateAsync(values);
              showToast(barberAddedToast);
            }
            onClose();
          } catch (error) {
            showToast(failureToast(barber ? 'Failed to update barber' : 'Failed to add barber', error));
          }
        }}
      />
      {barber ? (
        <div className="mt-5 border-t border-neutral-100 pt-4">
          <ConfirmDelete
            label="Remove Barber"
            question={`Remove ${barber.name} from your shop?`}
            pending={remove.isPending}
            onConfirm={async () => {
              try {
                await remove.mutateAsync(barber.id);
                showToast(barberRemovedToast);
                onClose();
              } catch (error) {
                showToast(failureToast('Failed to remove barber', error));
              }
            }}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
