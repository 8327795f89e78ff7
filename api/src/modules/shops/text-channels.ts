import type { TextChannel } from '@barberly/common';
import type { ShopEntity } from './shop.entity';

/**
 * Whether this Barberly can send on a channel (credentials and a sender). The text provider (messaging, a layer
 * above) is one; shops only need to ask it, so they name no more of it than this.
 */
export interface TextChannelReadiness {
  ready(channel: TextChannel): boolean;
}

/** The text channels a shop offers its clients: enabled by the owner and set up on this Barberly. */
export function textChannelsOf(
  shop: Pick<ShopEntity, 'smsEnabled' | 'whatsappEnabled'>,
  provider: TextChannelReadiness | undefined,
): Record<TextChannel, boolean> {
  return {
    sms: Boolean(shop.smsEnabled && provider?.ready('sms')),
    whatsapp: Boolean(shop.whatsappEnabled && provider?.ready('whatsapp')),
  };
}
