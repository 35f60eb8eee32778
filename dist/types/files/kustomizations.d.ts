/** One `git ls-files` per repository: from `cwd`, and from the directory of any file outside it. */
export declare function repoKustomizations(cwd: string, files: readonly string[]): Promise<string[]>;
