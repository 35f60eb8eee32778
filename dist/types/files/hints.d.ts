import type { Finding } from '../model.js';
export declare function addValuesHints(findings: Finding[], file: string, show: (file: string) => string): Promise<void>;
