/**
 * Unified diffs of one file's old and new text, in the form `git apply` and `patch -p1`
 * accept: `a/` and `b/` prefixes, 3 lines of context, `\ No newline at end of file` where
 * needed, line endings (CRLF included) kept inside the lines. File names are written as
 * git writes them: C-quoted when they hold a quote, a backslash, a control character or a
 * byte above 0x7f, and followed by a TAB when they hold a space (GNU patch reads a header
 * name up to a TAB, so without it a name with a space is cut short).
 *
 * Our edits replace scalars inside lines, so the line count almost always stays the same
 * and the changed lines are simply the lines that differ: an exact, linear-time diff with
 * no LCS search. When an edit did change the line count, the block between the common
 * prefix and the common suffix becomes one change, which is still a correct patch.
 */
export declare function unifiedDiff(path: string, before: string, after: string, context?: number): string;
/** A path as git's quote_c_style writes it (core.quotePath on, git's default). */
export declare function gitQuote(name: string): string;
