import { Router } from 'express';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { barberPermissionsIn, withoutContacts } from '../barbers/barber-permissions';
import { pathParam } from '../shops/shop-access';
import { mergeClients } from './client-merge.service';
import { eraseClient, exportClient } from './client-privacy.service';
import { addNote, deleteNote, getClient, patchClient } from './client-profile.service';
import { type ClientsDeps, listClients } from './clients.service';
import { sendRebookLink } from './rebook-link';

/**
 * A shop's clients (issue 13) under /api/shops/{shopId}/clients: the owner sees and manages all of them, a barber of
 * the shop reads those they served and adds notes. Every answer is private: no cache may keep it.
 */
export function clientsRouter(deps: ClientsDeps): Router {
  const router = Router();
  const ids = (params: Record<string, string | string[] | undefined>) => ({
    shopId: pathParam(params, 'shopId'),
    clientId: pathParam(params, 'clientId'),
  });
  router.use('/shops/:shopId/clients', requireAuth, (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });

  // Issue 26: a barber the owner does not let see clients' phone and e-mail gets the records without them.
  const hidesContacts = async (shopId: string, userId: string) =>
    (await barberPermissionsIn(deps.dataSource.manager, shopId, userId))?.seeClientContacts === false;

  router.get('/shops/:shopId/clients', async (req, res) => {
    const shopId = pathParam(req.params, 'shopId');
    const hidden = await hidesContacts(shopId, currentUser(req).id);
    const list = await listClients(deps, shopId, currentUser(req).id, req.query, { searchNamesOnly: hidden });
    if (hidden) list.clients = list.clients.map(withoutContacts);
    res.json(list);
  });

  router.get('/shops/:shopId/clients/:clientId', async (req, res) => {
    const { shopId, clientId } = ids(req.params);
    const client = await getClient(deps, shopId, clientId, currentUser(req).id);
    res.json((await hidesContacts(shopId, currentUser(req).id)) ? withoutContacts(client) : client);
  });

  router.patch('/shops/:shopId/clients/:clientId', async (req, res) => {
    const { shopId, clientId } = ids(req.params);
    res.json(await patchClient(deps, shopId, clientId, currentUser(req).id, req.body));
  });

  router.delete('/shops/:shopId/clients/:clientId', async (req, res) => {
    const { shopId, clientId } = ids(req.params);
    await eraseClient(deps, shopId, clientId, currentUser(req).id);
    res.status(204).end();
  });

  router.post('/shops/:shopId/clients/:clientId/notes', async (req, res) => {
    const { shopId, clientId } = ids(req.params);
    res.status(201).json(await addNote(deps, shopId, clientId, currentUser(req).id, req.body));
  });

  router.delete('/shops/:shopId/clients/:clientId/notes/:noteId', async (req, res) => {
    const { shopId, clientId } = ids(req.params);
    await deleteNote(deps, shopId, clientId, pathParam(req.params, 'noteId'), currentUser(req).id);
    res.status(204).end();
  });

  router.post('/shops/:shopId/clients/:clientId/merge', async (req, res) => {
    const { shopId, clientId } = ids(req.params);
    res.json(await mergeClients(deps, shopId, clientId, currentUser(req).id, req.body));
  });

  router.get('/shops/:shopId/clients/:clientId/export', async (req, res) => {
    const { shopId, clientId } = ids(req.params);
    const data = await exportClient(deps, shopId, clientId, currentUser(req).id);
    res.set('Content-Disposition', `attachment; filename="client-${data.client.id}.json"`);
    res.json(data);
  });

  router.post('/shops/:shopId/clients/:clientId/rebook', async (req, res) => {
    const { shopId, clientId } = ids(req.params);
    res.json(await sendRebookLink(deps, shopId, clientId, currentUser(req).id));
  });

  return router;
}
