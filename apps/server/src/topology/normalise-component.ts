/**
 * One name per component, however its telemetry spells it. Settings supply the vocabulary
 * (`otel.synonym_groups`, `otel.known_taxonomies`); ingest-side code reuses the same function so a
 * log's component and a span's node agree.
 */

/** Each group lists spellings of one component; the first entry is the name every member becomes. */
export type SynonymGroups = readonly (readonly string[])[];
/** Canonical component names: a deployment-decorated spelling (`payments-svc-7f9c8d-x2k4p`) maps to one. */
export type KnownTaxonomies = readonly string[];

export interface NormaliserConfig {
  synonymGroups: SynonymGroups;
  knownTaxonomies: KnownTaxonomies;
}

export const EMPTY_NORMALISER_CONFIG: NormaliserConfig = { synonymGroups: [], knownTaxonomies: [] };

// Deployment noise a name picks up: replica-set/pod hashes, versions, generic role suffixes, env words.
const POD_SUFFIX = /-[a-z0-9]{8,10}-[a-z0-9]{5}$|-\d{1,2}$/;
const VERSION_SUFFIX = /[-_.]v\d+(\.\d+)*$/;
const ROLE_SUFFIX = /[-_.](svc|service|server|srv|app|daemon|worker|deployment|deploy)$/;
const ENV_AFFIX =
  /^(prod|production|staging|stage|dev|qa|test)[-_.]|[-_.](prod|production|staging|stage|dev|qa|test)$/;

/** The comparable core of a name: lowercase, separators unified, deployment noise stripped. */
export function componentCore(name: string): string {
  let core = name
    .trim()
    .toLowerCase()
    .replace(/[\s_.]+/g, '-');
  for (let pass = 0; pass < 3; pass += 1) {
    const before = core;
    core = core
      .replace(POD_SUFFIX, '')
      .replace(VERSION_SUFFIX, '')
      .replace(ROLE_SUFFIX, '')
      .replace(ENV_AFFIX, '');
    if (core === before) break;
  }
  // A plural and its singular are one component (`payments` / `payment`).
  if (core.length > 3 && core.endsWith('s') && !core.endsWith('ss')) core = core.slice(0, -1);
  return core.length > 0 ? core : name.trim().toLowerCase();
}

/**
 * Synonym groups first (an operator's explicit choice), then known taxonomies, matched on the
 * core of each spelling; an unknown name keeps its own trimmed spelling.
 */
export function normaliseComponent(
  name: string,
  synonymGroups: SynonymGroups,
  taxonomies: KnownTaxonomies,
): string {
  const trimmed = name.trim();
  if (synonymGroups.length === 0 && taxonomies.length === 0) return trimmed;
  const core = componentCore(trimmed);
  for (const group of synonymGroups) {
    const canonical = group[0];
    if (canonical === undefined) continue;
    for (const member of group) if (componentCore(member) === core) return canonical.trim();
  }
  for (const known of taxonomies) if (componentCore(known) === core) return known.trim();
  return trimmed;
}

export interface ComponentNormaliser {
  (name: string): string;
}

/**
 * A cached normaliser for the hot path: the config getter is read on every call but the lookup
 * table is rebuilt only when it returns a different object (settings changed).
 */
export function createComponentNormaliser(
  config: () => NormaliserConfig = () => EMPTY_NORMALISER_CONFIG,
  maxCached = 50_000,
): ComponentNormaliser {
  let seenConfig: NormaliserConfig | null = null;
  let cache = new Map<string, string>();
  let coreIndex = new Map<string, string>();
  const rebuild = (current: NormaliserConfig): void => {
    seenConfig = current;
    cache = new Map();
    coreIndex = new Map();
    // Later entries never override earlier ones: synonym groups win over taxonomies, as in normaliseComponent.
    for (const group of current.synonymGroups) {
      const canonical = group[0]?.trim();
      if (!canonical) continue;
      for (const member of group)
        if (!coreIndex.has(componentCore(member))) coreIndex.set(componentCore(member), canonical);
    }
    for (const known of current.knownTaxonomies) {
      const core = componentCore(known);
      if (!coreIndex.has(core)) coreIndex.set(core, known.trim());
    }
  };
  return (name) => {
    const current = config();
    if (current !== seenConfig) rebuild(current);
    const hit = cache.get(name);
    if (hit !== undefined) return hit;
    const trimmed = name.trim();
    const result =
      coreIndex.size === 0 ? trimmed : (coreIndex.get(componentCore(trimmed)) ?? trimmed);
    if (cache.size >= maxCached) cache = new Map();
    cache.set(name, result);
    return result;
  };
}
