/**
 * Unified diffs of one file's old and new text, in the form `git apply` and `patch -p1`
 * accept: `a/` and `b/` prefixes, 3 lines of context, `\ No newline at end of file` where
 * needed, line endings (CRLF included) kept inside the lines.
 *
 * Our edits replace scalars inside lines, so the line count almost always stays the same
 * and the changed lines are simply the lines that differ: an exact, linear-time diff with
 * no LCS search. When an edit did change the line count, the block between the common
 * prefix and the common suffix becomes one change, which is still a correct patch.
 */
export declare function unifiedDiff(path: string, before: string, after: string, context?: number): string;
