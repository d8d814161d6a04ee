import { describe, expect, it } from 'vitest';
import { listIntegrations, type IntegrationFacts } from './integrations';

const postgresCard = (facts: Partial<IntegrationFacts>) =>
  listIntegrations({ values: {}, storeKind: 'postgres', lastBigQueryTest: null, ...facts }).find(
    (card) => card.type === 'postgres',
  );

describe('the PostgreSQL integration card', () => {
  it('names the Cloud SQL instance the store is dialled through, before any server warning', () => {
    expect(
      postgresCard({
        storeCloudSqlInstance: 'acme-prod:europe-west1:vigil-db',
        storeWarnings: ['shared_buffers is low'],
      }),
    ).toMatchObject({
      status: 'configured',
      status_detail:
        'Cloud SQL instance acme-prod:europe-west1:vigil-db, through the Cloud SQL connector; shared_buffers is low',
      used_by_deployment: true,
    });
  });

  it('says nothing of Cloud SQL on a host-and-port server, nor on SQLite', () => {
    expect(postgresCard({ storeCloudSqlInstance: null })?.status_detail).toBeNull();
    expect(
      postgresCard({
        storeKind: 'sqlite',
        storeCloudSqlInstance: 'acme-prod:europe-west1:vigil-db',
      })?.status_detail,
    ).toMatch(/embedded SQLite store/);
  });
});
