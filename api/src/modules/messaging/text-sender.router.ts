import {
  OperatorTextSenderSchema,
  type ShopTextSender,
  TEXT_RULE_MESSAGES,
  TextCountriesSchema,
} from '@barberly/common';
import { Router } from 'express';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import type { ShopEvents } from '../../platform/events/shop-events';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { HttpError, notFound, parseInput } from '../../platform/http/errors';
import { assertOperator } from '../billing/operator';
import { ShopEntity } from '../shops/shop.entity';
import {
  bumpShopVersion,
  changeOwnedShop,
  isUuid,
  loadOwnedShop,
  pathParam,
  SHOP_NOT_FOUND,
} from '../shops/shop-access';
import { allowedCountries } from './text-rules';
import { createTwilioNumbers, TwilioNumbersError } from './twilio-numbers';

export interface TextSenderDeps {
  dataSource: DataSource;
  config: Config;
  events: ShopEvents;
  logger: Logger;
}

function senderView(shop: ShopEntity, config: Pick<Config, 'DEFAULT_PHONE_COUNTRY'>): ShopTextSender {
  const custom = Boolean(shop.textCountries?.length);
  return {
    kind: shop.textMessagingServiceSid ? 'messaging_service' : shop.textFrom ? 'number' : 'shared',
    number: shop.textFrom,
    countries: allowedCountries(shop, config.DEFAULT_PHONE_COUNTRY),
    custom,
    homeCountry:
      allowedCountries({ phoneNumber: shop.phoneNumber, textCountries: null }, config.DEFAULT_PHONE_COUNTRY)[0] ?? 'US',
  };
}

/**
 * A shop's SMS sender and the countries it texts (issue 23, decision 0170). The owner reads both and chooses the
 * countries; only an operator gives a shop its own number or Messaging Service, or buys it a number from Twilio.
 */
export function textSenderRouter(deps: TextSenderDeps): Router {
  const router = Router();

  router.get('/shops/:shopId/messaging/sender', requireAuth, async (req, res) => {
    const shop = await loadOwnedShop(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    res.set('Cache-Control', 'no-store').json(senderView(shop, deps.config));
  });

  router.put('/shops/:shopId/messaging/countries', requireAuth, async (req, res) => {
    const { countries } = parseInput(TextCountriesSchema, req.body);
    const shop = await changeOwnedShop(
      deps,
      pathParam(req.params, 'shopId'),
      currentUser(req).id,
      async (manager, shop) => {
        shop.textCountries = countries;
        return manager.getRepository(ShopEntity).save(shop);
      },
    );
    res.json(senderView(shop, deps.config));
  });

  // Operators with a proven address only (decision 0173).
  const operatorOnly = (req: Express.Request) => assertOperator(deps, currentUser(req));

  /** Changes a shop's sender in one transaction and tells the shop's listeners; answers the new view. */
  async function changeSender(shopId: string, change: (manager: EntityManager, shop: ShopEntity) => Promise<void>) {
    if (!isUuid(shopId)) throw notFound(SHOP_NOT_FOUND);
    const { shop, event } = await deps.dataSource.transaction(async (manager) => {
      const shop = await manager
        .getRepository(ShopEntity)
        .findOne({ where: { id: shopId }, lock: { mode: 'pessimistic_write' } });
      if (!shop) throw notFound(SHOP_NOT_FOUND);
      await change(manager, shop);
      try {
        await manager.getRepository(ShopEntity).save(shop);
      } catch (err) {
        if ((err as { driverError?: { code?: string } }).driverError?.code === '23505') {
          throw new HttpError(409, 'sender_taken', TEXT_RULE_MESSAGES.senderTaken);
        }
        throw err;
      }
      return { shop, event: await bumpShopVersion(manager, shop.id) };
    });
    await deps.events.shopChanged(event);
    return senderView(shop, deps.config);
  }

  const twilioFailure = (err: unknown): never => {
    if (err instanceof TwilioNumbersError) {
      if (err.status === 503) throw new HttpError(503, 'sms_not_set_up', TEXT_RULE_MESSAGES.notSetUp);
      if (err.status === 404) throw new HttpError(409, 'no_number', 'Twilio has no SMS number to offer there');
      throw new HttpError(502, 'twilio_failed', `Twilio refused: ${err.message}`);
    }
    throw err;
  };

  router.get('/admin/shops/:shopId/text-sender', requireAuth, async (req, res) => {
    await operatorOnly(req);
    const shopId = pathParam(req.params, 'shopId');
    const shop = isUuid(shopId) ? await deps.dataSource.getRepository(ShopEntity).findOneBy({ id: shopId }) : null;
    if (!shop) throw notFound(SHOP_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json(senderView(shop, deps.config));
  });

  router.put('/admin/shops/:shopId/text-sender', requireAuth, async (req, res) => {
    await operatorOnly(req);
    const input = parseInput(OperatorTextSenderSchema, req.body);
    const shopId = pathParam(req.params, 'shopId');
    const numbers = createTwilioNumbers(deps.config);
    if ('buy' in input) {
      const [shop] = (await deps.dataSource.query('SELECT "name" FROM "shops" WHERE "id"::text = $1', [
        shopId.toLowerCase(),
      ])) as Array<{
        name: string;
      }>;
      if (!shop) throw notFound(SHOP_NOT_FOUND);
      const bought = await numbers
        .buy({ country: input.buy.country, areaCode: input.buy.areaCode, friendlyName: `Barberly: ${shop.name}` })
        .catch(twilioFailure);
      deps.logger.info({ shopId, number: bought.phoneNumber }, 'text number bought for a shop');
      let replaced: string | null = null;
      const view = await changeSender(shopId, async (_manager, s) => {
        replaced = s.textNumberSid;
        s.textFrom = bought.phoneNumber;
        s.textNumberSid = bought.sid;
        s.textMessagingServiceSid = null;
      });
      // A number bought earlier for the shop goes back to Twilio (it costs a monthly fee).
      if (replaced) await numbers.release(replaced).catch(twilioFailure);
      res.json(view);
      return;
    }
    // The shared sender is every shop's: given to one shop, it would take every other shop's replies.
    const shared =
      'phoneNumber' in input
        ? input.phoneNumber === deps.config.TWILIO_FROM
        : input.messagingServiceSid === deps.config.TWILIO_MESSAGING_SERVICE_SID;
    if (shared) throw new HttpError(409, 'sender_taken', TEXT_RULE_MESSAGES.senderShared);
    let replaced: string | null = null;
    const view = await changeSender(shopId, async (_manager, s) => {
      replaced = s.textNumberSid;
      s.textFrom = 'phoneNumber' in input ? input.phoneNumber : null;
      s.textMessagingServiceSid = 'messagingServiceSid' in input ? input.messagingServiceSid : null;
      s.textNumberSid = null;
    });
    if (replaced) await numbers.release(replaced).catch(twilioFailure);
    res.json(view);
  });

  router.delete('/admin/shops/:shopId/text-sender', requireAuth, async (req, res) => {
    await operatorOnly(req);
    let release: string | null = null;
    const view = await changeSender(pathParam(req.params, 'shopId'), async (_manager, s) => {
      release = s.textNumberSid;
      s.textFrom = null;
      s.textMessagingServiceSid = null;
      s.textNumberSid = null;
    });
    // A number Barberly bought goes back to Twilio (it costs a monthly fee); the shop is on the shared sender again.
    if (release) await createTwilioNumbers(deps.config).release(release).catch(twilioFailure);
    res.json(view);
  });

  return router;
}
