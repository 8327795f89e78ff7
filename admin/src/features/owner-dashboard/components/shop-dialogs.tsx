import type { Barber, Service, Shop } from '@barberly/common';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { Dialog } from '../../../components/ui/dialog';
import { showToast } from '../../../components/ui/toaster';
import { failureToast } from '../../../lib/dashboard-toasts';
import { useShopDisplay } from '../../../lib/shop-queries';
import {
  useAddBarber,
  useAddService,
  useDeleteBarber,
  useDeleteService,
  useUpdateBarber,
  useUpdateService,
  useUpdateShop,
} from '../api/owner-api';
import {
  barberAddedToast,
  barberRemovedToast,
  barberUpdatedToast,
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
