import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { Layer } from '@vigil/contract';

/**
 * The architecture an operator declares for systems without tracing (YAML or JSON):
 *
 *   nodes:
 *     - { id: billing, name: Billing, type: service, layer: backend, environment: prod, tags: { team: money } }
 *     - { id: ledger-db, type: database }
 *   edges:
 *     - { from: billing, to: ledger-db }
 *
 * Declared nodes merge with observed ones by (normalised) id; the answer says `source`.
 */
const Id = z.string().trim().min(1).max(200);
const DeclaredNode = z.strictObject({
  id: Id,
  name: z.string().trim().min(1).max(200).optional(),
  type: z.enum(['service', 'database', 'cache', 'queue', 'external', 'storage']).default('service'),
  layer: Layer.optional(),
  environment: z.string().trim().min(1).max(100).optional(),
  namespace: z.string().trim().min(1).max(100).optional(),
  tags: z.record(z.string().max(100), z.string().max(200)).optional(),
});
const DeclaredEdge = z.strictObject({ from: Id, to: Id });
export const DeclaredArchitecture = z
  .strictObject({
    nodes: z.array(DeclaredNode).max(10_000).default([]),
    edges: z.array(DeclaredEdge).max(50_000).default([]),
  })
  .superRefine((value, ctx) => {
    const ids = new Set<string>();
    value.nodes.forEach((node, index) => {
      if (ids.has(node.id))
        ctx.addIssue({
          code: 'custom',
          path: ['nodes', index, 'id'],
          message: `duplicate node id "${node.id}"`,
        });
      ids.add(node.id);
    });
    value.edges.forEach((edge, index) => {
      for (const end of ['from', 'to'] as const) {
        if (!ids.has(edge[end]))
          ctx.addIssue({
            code: 'custom',
            path: ['edges', index, end],
            message: `"${edge[end]}" is not a declared node id`,
          });
      }
    });
  });
export type DeclaredArchitecture = z.infer<typeof DeclaredArchitecture>;
export type DeclaredNode = z.infer<typeof DeclaredNode>;

/** A declared-architecture file that cannot be used; the message names the file and every problem. */
export class DeclaredArchitectureError extends Error {
  constructor(path: string, problem: string) {
    super(`Architecture file ${path}: ${problem}`);
    this.name = 'DeclaredArchitectureError';
  }
}

/** Parses and validates file contents; `path` only names the file in errors and picks JSON vs YAML. */
export function parseDeclaredArchitecture(text: string, path: string): DeclaredArchitecture {
  let raw: unknown;
  try {
    raw = extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new DeclaredArchitectureError(
      path,
      `not valid ${extname(path).toLowerCase() === '.json' ? 'JSON' : 'YAML'}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const result = DeclaredArchitecture.safeParse(raw ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new DeclaredArchitectureError(path, problems.join('; '));
}

export async function loadDeclaredArchitecture(path: string): Promise<DeclaredArchitecture> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new DeclaredArchitectureError(
      path,
      `cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return parseDeclaredArchitecture(text, path);
}
