import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import {
  addPushSubscription,
  getNotificationPreferences,
  pushPublicKey,
  putNotificationPreferences,
  removePushSubscription,
} from './push-subscriptions.service';

/**
 * Web push (issue 26 item 4, decision 0187): the VAPID key the browser subscribes with, the caller's own
 * subscriptions, and their notification choices (push and e-mail, per event).
 */
export function pushRouter(deps: { dataSource: DataSource; env?: NodeJS.ProcessEnv }): Router {
  const router = Router();
  const manager = deps.dataSource.manager;
  const privately = { 'Cache-Control': 'private, no-store' };

  router.get('/push/key', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(pushPublicKey(deps.env));
  });
  router.post('/my/push-subscriptions', requireAuth, async (req, res) => {
    const ua = String(req.headers['user-agent'] ?? '');
    res
      .status(201)
      .set(privately)
      .json(await addPushSubscription(manager, currentUser(req).id, req.body, ua));
  });
  router.delete('/my/push-subscriptions', requireAuth, async (req, res) => {
    await removePushSubscription(manager, currentUser(req).id, req.body);
    res.status(204).end();
  });
  router.get('/my/notification-preferences', requireAuth, async (req, res) => {
    res.set(privately).json(await getNotificationPreferences(manager, currentUser(req).id));
  });
  router.put('/my/notification-preferences', requireAuth, async (req, res) => {
    res.set(privately).json(await putNotificationPreferences(manager, currentUser(req).id, req.body));
  });
  return router;
}
