import type { FastifyInstance } from 'fastify';
import {
  ActionListQuery,
  ApprovedActionInput,
  GenerateTemplateRequest,
  type ApprovedAction,
} from '@vigil/contract';
import { monotonicFactory } from 'ulid';
import { z } from 'zod';
import { keepMaskedHeaders, maskActionSecrets } from '../../agents/executor/mask-action';
import { generateDraft } from '../../agents/executor/template-generator';
import { toIso } from '../../shared/clock';
import { notFound } from '../../shared/errors';
import { ok } from '../envelope';
import { parseInput } from '../validate';
import type { ApiRouteDeps } from './api-routes';

const IdParams = z.object({ id: z.string().min(1).max(200) });
const newId = monotonicFactory();
const actionNotFound = (id: string) =>
  notFound('ACTION_NOT_FOUND', `Approved action ${id} was not found`);

/** The approved-action catalogue (spec part 2, section 7.1) and the draft generator. */
export function registerActionsRoutes(app: FastifyInstance, { store, now }: ApiRouteDeps): void {
  app.get('/api/executor/actions', async (request) => {
    const query = parseInput(ActionListQuery, request.query, 'query');
    const page = await store.actions.list({
      activeOnly: query.active_only,
      ...(query.tags ? { tags: query.tags } : {}),
      limit: query.limit,
      offset: query.offset,
    });
    return {
      success: true,
      actions: page.items.map(maskActionSecrets),
      pagination: { total: page.total, limit: query.limit, offset: query.offset },
    };
  });

  app.get('/api/executor/actions/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params, 'params');
    const action = await store.actions.get(id);
    if (!action) throw actionNotFound(id);
    return ok(maskActionSecrets(action), 'OK', now());
  });

  app.post('/api/executor/actions', async (request, reply) => {
    const input = parseInput(ApprovedActionInput, request.body, 'body');
    const at = toIso(now());
    const action: ApprovedAction = { id: newId(now()), ...input, created_at: at, updated_at: at };
    await store.actions.insert(action);
    return reply.status(201).send(ok(maskActionSecrets(action), 'Action created', now()));
  });

  app.put('/api/executor/actions/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params, 'params');
    const input = parseInput(ApprovedActionInput, request.body, 'body');
    const stored = await store.actions.get(id);
    if (!stored) throw actionNotFound(id);
    const headers = keepMaskedHeaders(stored, input.template_command.headers);
    const updated = await store.actions.update(id, {
      ...input,
      template_command: { ...input.template_command, headers },
      updated_at: toIso(now()),
    });
    if (!updated) throw actionNotFound(id);
    return ok(maskActionSecrets(updated), 'Action updated', now());
  });

  app.delete('/api/executor/actions/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params, 'params');
    if (!(await store.actions.delete(id))) throw actionNotFound(id);
    return ok({ id }, 'Action deleted', now());
  });

  app.post('/api/executor/templates/generate', async (request) => {
    const body = parseInput(GenerateTemplateRequest, request.body, 'body');
    let incidentText: string | undefined;
    let component: string | null = null;
    if (body.incident_id !== undefined) {
      const incident = await store.incidents.get(body.incident_id);
      if (!incident)
        throw notFound('INCIDENT_NOT_FOUND', `Incident #${body.incident_id} was not found`);
      component = incident.rootComponent;
      incidentText = JSON.stringify(incident.details);
    }
    const { kind, ...draft } = generateDraft({
      description: body.description,
      incidentText,
      component,
    });
    return ok({ ...ApprovedActionInput.parse(draft), kind }, 'Draft generated (not saved)', now());
  });
}
