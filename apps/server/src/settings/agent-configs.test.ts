import { describe, expect, it } from 'vitest';
import { DEFAULT_COLLABORATOR_CONFIG } from '../agents/collaborator/collaborator-config';
import { DEFAULT_EXECUTOR_CONFIG } from '../agents/executor/executor-config';
import { DEFAULT_ORCHESTRATOR_CONFIG } from '../agents/orchestrator/orchestrator-config';
import { DEFAULT_HEALTH_SETTINGS } from '../agents/shared/health-settings';
import { DEFAULT_RCA_CONFIG } from '../agents/rca/rca-config';
import { DEFAULT_REMEDIATION_CONFIG } from '../agents/remediation/remediation-config';
import { DEFAULT_TRACEABILITY_CONFIG } from '../agents/traceability/traceability-config';
import { DEFAULT_DETECTOR_CONFIG } from '../agents/anomaly-detector/ensemble/detector-config';
import { DEFAULT_GEMINI_VALIDATION_CONFIG } from '../agents/anomaly-detector/gemini-validation';
import { applyChanges } from '../config/apply-changes';
import { defaultConfigValues } from '../config/defaults';
import { DEFAULT_SECURITY_SETTINGS, securitySettingsFrom } from '../config/security-settings';
import {
  collaboratorConfigFrom,
  executorConfigFrom,
  geminiSettingsFrom,
  geminiValidationConfigFrom,
  healthSettingsFrom,
  normaliserConfigFrom,
  orchestratorConfigFrom,
  ownershipRulesFrom,
  rcaConfigFrom,
  remediationConfigFrom,
  traceabilityConfigFrom,
  traceStoreConfigFrom,
} from './agent-configs';
import { mapped } from './read-values';

const with_ = (changes: Record<string, unknown>) => {
  const result = applyChanges(defaultConfigValues(), changes);
  expect(result.errors).toEqual([]);
  return result.next;
};

describe('settings -> agent configs', () => {
  it("maps the schema defaults onto each agent's own defaults, so wiring changes no behaviour", () => {
    const defaults = defaultConfigValues();
    expect(orchestratorConfigFrom(defaults)).toEqual(DEFAULT_ORCHESTRATOR_CONFIG);
    expect(healthSettingsFrom(defaults)).toEqual(DEFAULT_HEALTH_SETTINGS);
    expect(executorConfigFrom(defaults)).toEqual(DEFAULT_EXECUTOR_CONFIG);
    expect(collaboratorConfigFrom(defaults)).toEqual(DEFAULT_COLLABORATOR_CONFIG);
    expect(traceabilityConfigFrom(defaults)).toEqual(DEFAULT_TRACEABILITY_CONFIG);
    expect(rcaConfigFrom(defaults)).toEqual(DEFAULT_RCA_CONFIG);
    expect(remediationConfigFrom(defaults)).toEqual(DEFAULT_REMEDIATION_CONFIG);
    expect(securitySettingsFrom(defaults)).toEqual(DEFAULT_SECURITY_SETTINGS);
    expect(defaults['agents.anomaly_detector.decision_threshold']).toBe(
      DEFAULT_DETECTOR_CONFIG.threshold,
    );
  });

  it('maps executor safety validation: business hours, days, allowlist and kill switch', () => {
    const config = executorConfigFrom(
      with_({
        'safety_validation.business_hours.start': '08:00',
        'safety_validation.business_hours.end': '24:00',
        'safety_validation.business_hours.days': ['sun', 'sat'],
        'safety_validation.business_hours.timezone': 'Europe/Paris',
        'safety_validation.host_allowlist': ['127.0.0.1:9100'],
        'safety_validation.kill_switch': true,
        'agents.executor.rate_limit.window_minutes': 5,
      }),
    );
    expect(config.business_hours).toEqual({
      timezone: 'Europe/Paris',
      start: 8,
      end: 24,
      days: [0, 6],
    });
    expect(config).toMatchObject({
      allowlist: ['127.0.0.1:9100'],
      kill_switch: true,
      rate_limit_window_minutes: 5,
    });
  });

  it('maps the collaborator email keys, login included', () => {
    const email = collaboratorConfigFrom(
      with_({
        'collaborator.email_service.smtp_server': 'smtp.example.com',
        'collaborator.email_service.smtp_user': 'vigil',
        'collaborator.email_service.smtp_password': 's3cret',
      }),
    ).email_service;
    expect(email).toMatchObject({
      smtp_server: 'smtp.example.com',
      smtp_username: 'vigil',
      smtp_password: 's3cret',
      smtp_port: 587,
    });
  });

  it('parses synonym groups (one per line, comma-separated) and ownership rules', () => {
    const values = with_({
      'otel.synonym_groups': ['payments, payment-svc ,pay', ' , '],
      'otel.known_taxonomies': ['checkout'],
      'agents.anomaly_detector.ownership_rules': ['payments-*=team-pay'],
    });
    expect(normaliserConfigFrom(values)).toEqual({
      synonymGroups: [['payments', 'payment-svc', 'pay']],
      knownTaxonomies: ['checkout'],
    });
    expect(ownershipRulesFrom(values)).toEqual([{ pattern: 'payments-*', owner: 'team-pay' }]);
  });

  it('maps otel.* onto the trace store look-ups', () => {
    expect(traceStoreConfigFrom(with_({ 'otel.base_url': 'http://jaeger:16686' }))).toEqual({
      baseUrl: 'http://jaeger:16686',
      timeoutSeconds: 2,
      maxRetries: 2,
      freshnessSeconds: 120,
    });
  });

  it('maps once per values object: a save replaces the object, so the next read maps again', () => {
    let values = defaultConfigValues();
    let calls = 0;
    const read = mapped(
      () => values,
      (v) => {
        calls += 1;
        return orchestratorConfigFrom(v);
      },
    );
    read();
    read();
    expect(calls).toBe(1);
    values = with_({ 'agents.orchestrator.burst_threshold': 2 });
    expect(read().burst_threshold).toBe(2);
    expect(calls).toBe(2);
  });
});

describe('settings -> Gemini', () => {
  it('maps rca.gemini.* onto the client and the detector gemini block onto its validation', () => {
    expect(geminiValidationConfigFrom(defaultConfigValues())).toEqual(
      DEFAULT_GEMINI_VALIDATION_CONFIG,
    );
    const values = with_({
      'rca.gemini.project': 'p',
      'rca.gemini.location': 'europe-west4',
      'rca.gemini.model': 'gemini-pro',
      'rca.gemini.credentials_path': '/keys/k.json',
      'rca.gemini.temperature': 0.3,
      'rca.gemini.top_p': 0.4,
      'rca.gemini.response_mime_type': 'text/plain',
      'rca.gemini.api_endpoint': 'http://127.0.0.1:9',
      'network.default_timeout': 12,
      'agents.anomaly_detector.gemini.keyword_confidence': 0.65,
    });
    expect(geminiSettingsFrom(values)).toEqual({
      project: 'p',
      location: 'europe-west4',
      model: 'gemini-pro',
      credentialsPath: '/keys/k.json',
      temperature: 0.3,
      topP: 0.4,
      responseMimeType: 'text/plain',
      apiEndpoint: 'http://127.0.0.1:9',
      timeoutSeconds: 12,
    });
    expect(geminiValidationConfigFrom(values).keyword_confidence).toBe(0.65);
    // The location becomes part of the endpoint's host name: anything else is refused.
    expect(
      applyChanges(defaultConfigValues(), { 'rca.gemini.location': 'evil.example/x?' }).errors,
    ).toEqual([
      { path: 'rca.gemini.location', message: 'Expected a region name such as us-central1' },
    ]);
  });
});
