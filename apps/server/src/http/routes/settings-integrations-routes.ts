import type { FastifyInstance } from 'fastify';
import {
  BigQueryUpdateBody,
  type BigQuerySettings,
  type BigQueryTestResult,
} from '@vigil/contract';
import {
  agentBigQueryPrefix,
  bigQueryBlock,
  bigQueryChanges,
  bigQueryFields,
  globalBigQueryPrefix,
} from '../../settings/bigquery-blocks';
import { fieldMeta } from '../../settings/field-meta';
import { listIntegrations } from '../../settings/integrations';
import type { SettingsDeps } from '../../settings/settings-deps';
import { ok } from '../envelope';
import { parseInput } from '../validate';
import { agentIdParam } from './settings-agents-routes';
import { saveResult } from './settings-config-routes';

function bigQuerySettings(settings: SettingsDeps, prefix: string): BigQuerySettings {
  return {
    bigquery: bigQueryBlock(settings.config.values(), prefix),
    fields: bigQueryFields(prefix).map(fieldMeta),
  };
}

/** Spec part 2 section 7.3: integrations, the BigQuery test and the BigQuery blocks. */
export function registerSettingsIntegrationsRoutes(
  app: FastifyInstance,
  settings: SettingsDeps,
  now: () => number,
): void {
  app.get('/api/settings/integrations', async () =>
    ok(
      {
        integrations: listIntegrations({
          values: settings.config.values(),
          storeKind: settings.storeKind,
          storeWarnings: settings.storeWarnings,
          storeCloudSqlInstance: settings.storeCloudSqlInstance ?? null,
          lastBigQueryTest: settings.lastBigQueryTest(),
        }),
      },
      'OK',
      now(),
    ),
  );

  // A failed test is still a 200: the answer is the Failed badge and its reason.
  app.post('/api/settings/integrations/bigquery/test-connection', async () => {
    const check = await settings.testBigQuery();
    const result: BigQueryTestResult = {
      status: check.connected ? 'Connected' : 'Failed',
      connected: check.connected,
      detail: check.detail,
      latency_ms: check.latencyMs,
    };
    return ok(result, check.connected ? 'Connected' : `Failed: ${check.detail}`, now());
  });

  app.get('/api/settings/database/bigquery/global', async () =>
    ok(bigQuerySettings(settings, globalBigQueryPrefix), 'OK', now()),
  );

  app.put('/api/settings/database/bigquery/global', async (request) => {
    const { bigquery } = parseInput(BigQueryUpdateBody, request.body, 'body');
    const outcome = await settings.config.save({
      changes: bigQueryChanges(bigquery, globalBigQueryPrefix),
      scope: 'bigquery',
    });
    return ok(
      saveResult(outcome),
      outcome.changed.length === 0 ? 'Nothing changed' : 'Saved',
      now(),
    );
  });

  app.get('/api/settings/database/bigquery/agents/:id', async (request) =>
    ok(bigQuerySettings(settings, agentBigQueryPrefix(agentIdParam(request.params))), 'OK', now()),
  );

  app.put('/api/settings/database/bigquery/agents/:id', async (request) => {
    const id = agentIdParam(request.params);
    const { bigquery } = parseInput(BigQueryUpdateBody, request.body, 'body');
    const outcome = await settings.config.save({
      changes: bigQueryChanges(bigquery, agentBigQueryPrefix(id)),
      scope: id,
    });
    return ok(
      saveResult(outcome),
      outcome.changed.length === 0 ? 'Nothing changed' : 'Saved',
      now(),
    );
  });
}
