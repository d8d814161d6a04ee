import type { Integration, IntegrationType } from '@vigil/contract';
import { useMemo } from 'react';
import { useSaveGlobalSettings } from '../api/global-settings';
import { useIntegrations } from '../api/integrations';
import type { FormOptions } from '../lib/config-form';
import { fieldsUnder, pickFields, type SettingsModel } from '../lib/settings-model';
import { BigQueryCard } from './bigquery-card';
import { ConfigFormCard } from './config-form-card';
import { GenericIntegrationCard } from './generic-integration-card';
import { IntegrationFacts, IntegrationStatusBadge } from './integration-summary';
import { PostgresCard } from './postgres-card';
import { QueryFailure, QueryLoading } from './query-states';

/** The keys each card saves through the global update (spec part 2 section 7.3). */
const OTEL_KEYS = [
  'otel.base_url',
  'otel.timeout_seconds',
  'otel.max_retries',
  'otel.freshness_threshold_seconds',
];
const GEMINI_KEYS = [
  'rca.gemini.project',
  'rca.gemini.location',
  'rca.gemini.model',
  'rca.gemini.credentials_path',
  'rca.gemini.temperature',
  'rca.gemini.top_p',
  'rca.gemini.response_mime_type',
  'rca.gemini.api_endpoint',
  'agents.anomaly_detector.gemini.validation_threshold',
  'agents.anomaly_detector.gemini.default_confidence',
  'agents.anomaly_detector.gemini.keyword_confidence',
];
const EMAIL_PREFIX = 'collaborator.email_service';
const RECIPIENTS = `${EMAIL_PREFIX}.recipients`;

/** Recipients are comma-separated on this card (spec part 2 section 5). */
const emailOptions: FormOptions = {
  listStyle: (path) => (path === RECIPIENTS ? 'comma' : 'lines'),
};

const WITH_OWN_CARD: readonly IntegrationType[] = [
  'otel',
  'gemini',
  'bigquery',
  'postgres',
  'email',
];

export function IntegrationsTab({ model }: { model: SettingsModel }) {
  const query = useIntegrations();
  if (query.isPending) return <QueryLoading label="Loading integrations..." />;
  if (query.isError)
    return <QueryFailure error={query.error} onRetry={() => void query.refetch()} />;
  const byType = (type: IntegrationType): Integration | undefined =>
    query.data.integrations.find((integration) => integration.type === type);
  const others = query.data.integrations.filter((i) => !WITH_OWN_CARD.includes(i.type));
  return (
    <div className="flex flex-col gap-4">
      <GlobalUpdateCard
        title="OpenTelemetry"
        integration={byType('otel')}
        model={model}
        keys={OTEL_KEYS}
      />
      <GlobalUpdateCard
        title="Gemini AI"
        integration={byType('gemini')}
        model={model}
        keys={GEMINI_KEYS}
      />
      <BigQueryCard integration={byType('bigquery')} agentNames={model.agentNames} />
      <PostgresCard
        integration={byType('postgres')}
        fields={fieldsUnder(model.fields.values(), ['postgres'])}
        serverValues={model.values}
        agentNames={model.agentNames}
      />
      <GlobalUpdateCard
        title="Email Service"
        integration={byType('email')}
        model={model}
        keys={fieldsUnder(model.fields.values(), [EMAIL_PREFIX]).map((field) => field.path)}
        formOptions={emailOptions}
      />
      {others.map((integration) => (
        <GenericIntegrationCard
          key={integration.type}
          integration={integration}
          agentNames={model.agentNames}
        />
      ))}
    </div>
  );
}

interface GlobalUpdateCardProps {
  title: string;
  integration: Integration | undefined;
  model: SettingsModel;
  keys: readonly string[];
  formOptions?: FormOptions;
}

/** OpenTelemetry, Gemini and Email: forms saved through the global update with their keys. */
function GlobalUpdateCard({ title, integration, model, keys, formOptions }: GlobalUpdateCardProps) {
  const fields = useMemo(() => pickFields(model, keys), [model, keys]);
  const save = useSaveGlobalSettings();
  return (
    <ConfigFormCard
      testId={`integration-${integration?.type ?? title}`}
      title={title}
      headerExtra={integration ? <IntegrationStatusBadge integration={integration} /> : null}
      description={
        integration ? (
          <IntegrationFacts
            integration={integration}
            agentNames={model.agentNames}
            showUnused={false}
          />
        ) : null
      }
      fields={fields}
      notUsed={integration?.used_by_deployment === false}
      saved={model.values}
      saveLabel={`Save ${title}`}
      onSave={(changes) => save.mutateAsync(changes)}
      formOptions={formOptions}
      titledSections={false}
    />
  );
}
