import type { ObjectRef } from '../model.js';
/** `TrafficSplit prod/web`, or just the kind for an unnamed object. */
export declare function describeObject({ kind, namespace, name }: ObjectRef): string;
