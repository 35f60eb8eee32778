/**
 * Splits a YAML byte stream into segments at document boundaries, incrementally, without
 * decoding or parsing anything.
 *
 * The YAML spec ends a document at any line that starts with `---` or `...` followed by a
 * space, a tab or a line break (the `c-forbidden` rule), even inside a quoted scalar. So a
 * cut before each `---` line and after each `...` line gives segments that parse on their
 * own exactly as they parse in the whole stream, and one broken document cannot swallow the next (which the `yaml`
 * package's own parser lets an unclosed quote do). Two refinements keep segments
 * self-contained: a `---` does not cut while the segment so far holds no content (only
 * comments, blank lines or `%` directives), so directives stay with the document
 * they apply to; and nothing is ever dropped or reordered: concatenating the segments gives
 * back the input byte for byte.
 *
 * Markers are ASCII and UTF-8 never uses ASCII bytes inside a multi-byte character, so the
 * search runs on raw bytes with Buffer#indexOf (native code). Memory is one growing buffer
 * holding the current segment, so it is bounded by the largest document.
 */
export declare class DocumentSplitter {
    private buf;
    private len;
    /** Where the next boundary search starts (a '\n' position may be re-examined). */
    private scan;
    /** Whether the current segment (which starts at 0) has content, once known. */
    private hasContent;
    /** How far the content check has read (it only reads complete lines). */
    private contentScan;
    /** Adds bytes and returns the segments they complete. */
    push(chunk: Uint8Array): Buffer[];
    /** Returns the rest of the input as the last segment (none if the input was empty). */
    end(): Buffer[];
    /** Splits a complete input at once. */
    static split(input: Uint8Array): Buffer[];
    private append;
    private cut;
    /** Drops emitted bytes from the buffer so that the current segment starts at 0 again. */
    private compact;
    /**
     * Whether the segment [start, end) has a line that is document content: not blank, not
     * a comment, not a `%` directive, not a bare `---`/`...` marker (optionally followed by a
     * comment). Usually decided on the first line or two; never re-reads a line.
     */
    private contentBefore;
}
