/**
 * A small reader of kustomization.yaml for the tests (no kustomize binary on CI machines): the parts
 * deploy/kubernetes uses, with kustomize's meaning. `resources` (files and directories with their own kustomization),
 * `patches` (strategic-merge patches from files: maps merge, lists of named items merge by name, other lists are
 * replaced), `replicas`, `images` and `namespace`. Anything else in a kustomization.yaml is refused, so a new feature
 * cannot be silently ignored here. Checked against `kubectl kustomize` when written (decision 0175).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  // biome-ignore lint/suspicious/noExplicitAny: manifests are free-form YAML; the schema validator types them.
  [key: string]: any;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  patches?: Array<{ path: string }>;
  replicas?: Array<{ name: string; count: number }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
}

const KNOWN = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'patches', 'replicas', 'images']);

/** Every document of a YAML file, as plain objects (empty documents dropped). */
export function readManifests(file: string): K8sObject[] {
  const docs = parseAllDocuments(fs.readFileSync(file, 'utf8'));
  return docs
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]?.message}`);
      return doc.toJSON() as K8sObject | null;
    })
    .filter((doc): doc is K8sObject => Boolean(doc));
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Strategic merge of `patch` into `target` (in place), as kustomize does for the shapes we patch. */
export function strategicMerge(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    if (isMap(current) && isMap(value)) strategicMerge(current, value);
    else if (
      Array.isArray(current) &&
      Array.isArray(value) &&
      value.every((item) => isMap(item) && typeof item.name === 'string')
    ) {
      for (const item of value as Array<Record<string, unknown>>) {
        const match = (current as Array<Record<string, unknown>>).find((c) => isMap(c) && c.name === item.name);
        if (match) strategicMerge(match, item);
        else current.push(item);
      }
    } else target[key] = structuredClone(value);
  }
}

/** The pod templates of an object (Deployment, Job, CronJob), where images live. */
// biome-ignore lint/suspicious/noExplicitAny: pod specs are free-form YAML here; the schema validator types them.
export function podSpecs(object: K8sObject): Array<Record<string, any>> {
  if (object.kind === 'CronJob') return [object.spec?.jobTemplate?.spec?.template?.spec].filter(Boolean);
  if (['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicaSet'].includes(object.kind)) {
    return [object.spec?.template?.spec].filter(Boolean);
  }
  return [];
}

/** The rendered objects of the kustomization in `dir`. */
export function renderKustomization(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const k = readManifests(file)[0] as unknown as Kustomization;
  const unknown = Object.keys(k).filter((key) => !KNOWN.has(key));
  if (unknown.length) throw new Error(`${file}: this reader does not know ${unknown.join(', ')}`);

  const objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const at = path.resolve(dir, resource);
    if (fs.statSync(at).isDirectory()) objects.push(...renderKustomization(at));
    else objects.push(...readManifests(at));
  }
  for (const { path: patchFile } of k.patches ?? []) {
    for (const patch of readManifests(path.resolve(dir, patchFile))) {
      const target = objects.find((o) => o.kind === patch.kind && o.metadata.name === patch.metadata.name);
      if (!target) throw new Error(`${patchFile}: no ${patch.kind} ${patch.metadata.name} to patch`);
      strategicMerge(target, patch);
    }
  }
  for (const { name, count } of k.replicas ?? []) {
    const target = objects.find(
      (o) => ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(o.kind) && o.metadata.name === name,
    );
    if (!target) throw new Error(`${file}: replicas for unknown ${name}`);
    target.spec.replicas = count;
  }
  for (const image of k.images ?? []) {
    for (const spec of objects.flatMap(podSpecs)) {
      for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
        const [name, tag] = splitImage(container.image);
        if (name !== image.name) continue;
        container.image = `${image.newName ?? name}${image.newTag ? `:${image.newTag}` : tag ? `:${tag}` : ''}`;
      }
    }
  }
  if (k.namespace) {
    for (const object of objects) {
      if (object.kind !== 'Namespace') object.metadata.namespace = k.namespace;
    }
  }
  return objects;
}

/** 'registry:5000/barberly/api:1.2' -> ['registry:5000/barberly/api', '1.2']. */
function splitImage(image: string): [string, string | undefined] {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? [image.slice(0, colon), image.slice(colon + 1)] : [image, undefined];
}
