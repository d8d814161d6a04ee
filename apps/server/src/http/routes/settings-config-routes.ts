import type { FastifyInstance } from 'fastify';
import {
  ConfigUpdateRequest,
  ConfigValidateRequest,
  DottedValues,
  type SaveResult,
  type SettingsBlock,
  type ValidationResult,
} from '@vigil/contract';
import { blockValues, fieldsOf, toSystemConfig } from '../../config/system-config';
import type { ConfigOwner } from '../../config/types';
import type { SaveOutcome } from '../../settings/config-service';
import { fieldMeta } from '../../settings/field-meta';
import type { SettingsDeps } from '../../settings/settings-deps';
import { toIso } from '../../shared/clock';
import { ok } from '../envelope';
import { parseInput } from '../validate';

export function saveResult(outcome: SaveOutcome): SaveResult {
  return {
    changed: outcome.changed,
    restart_required: outcome.restartRequired,
    warnings: outcome.warnings,
    saved_at: toIso(outcome.savedAt),
  };
}

export function settingsBlock(settings: SettingsDeps, owner: ConfigOwner): SettingsBlock {
  const savedAt = settings.config.savedAt(owner);
  return {
    values: blockValues(settings.config.values(), owner),
    fields: fieldsOf(owner).map(fieldMeta),
    saved_at: savedAt === null ? null : toIso(savedAt),
  };
}

const saveMessage = (outcome: SaveOutcome): string =>
  outcome.changed.length === 0
    ? 'Nothing changed'
    : outcome.restartRequired.length > 0
      ? `Saved; restart required for ${outcome.restartRequired.join(', ')}`
      : 'Saved';

/** Spec part 2 section 7.3: the whole tree, the global block and single-key update / validate. */
export function registerSettingsConfigRoutes(
  app: FastifyInstance,
  settings: SettingsDeps,
  now: () => number,
): void {
  app.get('/api/settings/config', async () =>
    ok(toSystemConfig(settings.config.values()), 'OK', now()),
  );

  app.get('/api/settings/global', async () => ok(settingsBlock(settings, 'global'), 'OK', now()));

  app.put('/api/settings/global', async (request) => {
    const changes = parseInput(DottedValues, request.body, 'body');
    const outcome = await settings.config.save({ changes, scope: 'global' });
    return ok(saveResult(outcome), saveMessage(outcome), now());
  });

  app.post('/api/settings/config/update', async (request) => {
    const { config_path, value } = parseInput(ConfigUpdateRequest, request.body, 'body');
    const outcome = await settings.config.save({
      changes: { [config_path]: value },
      scope: 'global',
    });
    return ok(saveResult(outcome), saveMessage(outcome), now());
  });

  // Validate-only: never saves, whatever validate_only says.
  app.post('/api/settings/config/validate', async (request) => {
    const { config_path, value } = parseInput(ConfigValidateRequest, request.body, 'body');
    const { errors, warnings } = settings.config.validate(config_path, value);
    const result: ValidationResult = { valid: errors.length === 0, errors, warnings };
    return ok(result, result.valid ? 'Valid' : 'Invalid', now());
  });
}
