export declare function repoKustomizations(cwd: string): string[];
