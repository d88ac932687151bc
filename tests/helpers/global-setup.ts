import type { TestProject } from 'vitest/node';
import { startPgCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** Starts one PostgreSQL cluster for the whole run when the machine has PostgreSQL's binaries. */
export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  project.provide('pgUrl', cluster?.url ?? '');
  return () => cluster?.stop();
}
