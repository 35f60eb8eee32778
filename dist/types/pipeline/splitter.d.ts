/**
 * Finds YAML document boundaries in a byte buffer, incrementally, without decoding or
 * parsing anything.
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
 * search runs on raw bytes with Buffer#indexOf (native code). `BoundaryScanner` works on a
 * buffer the caller owns and returns positions, so the stream engine can pass bytes
 * through without copying them; `DocumentSplitter` wraps it for callers that want segments.
 */
/**
 * Caches the next occurrence of a needle so that repeated questions about a growing buffer
 * never search the same bytes twice (searching for a rare `\n...` from every segment start
 * would otherwise rescan the rest of the buffer each time).
 */
export declare class NeedleFinder {
    private readonly needle;
    /** Result of the last search: a position, or -1 for none in [from, searchedTo). */
    private at;
    private from;
    private searchedTo;
    constructor(needle: Buffer);
    /** First occurrence at or after `from` within view[0, view.length), or -1. */
    find(view: Buffer, from: number): number;
    /** Whether the needle occurs inside [start, end); it never spans a line break. */
    within(view: Buffer, start: number, end: number): boolean;
    /** The caller dropped `n` bytes from the front of its buffer. */
    shift(n: number): void;
}
export declare class BoundaryScanner {
    private readonly dashes;
    private readonly dots;
    /** Where the next marker search starts (a '\n' position may be re-examined). */
    private scan;
    /** Whether the current segment has content, once known. */
    private hasContent;
    /** How far the content check has read (it only reads complete lines). */
    private contentScan;
    /**
     * The end of the segment that starts at `start`, or -1 when the bytes so far cannot
     * decide it yet. With `final`, the end of the input counts as the end of the last line
     * (the rest of the buffer is then the last segment; -1 means no cut before it).
     */
    next(view: Buffer, start: number, final: boolean): number;
    /** A new segment starts at `at` (after a cut, or where the caller resumes scanning). */
    startSegment(at: number): void;
    /** Scanning resumes at `at` inside a segment already known to have content. */
    resumeInContent(at: number): void;
    /** The caller dropped `n` bytes from the front of its buffer. */
    shift(n: number): void;
    /**
     * Whether the segment [start, end) has a line that is document content: not blank, not
     * a comment, not a `%` directive, not a bare `---`/`...` marker (optionally followed by a
     * comment). Usually decided on the first line or two; never re-reads a line.
     */
    private contentBefore;
}
/** Cuts a byte stream into segments (copies), for callers that want whole segments. */
export declare class DocumentSplitter {
    private buf;
    private len;
    private readonly scanner;
    /** Adds bytes and returns the segments they complete. */
    push(chunk: Uint8Array): Buffer[];
    /** Returns the rest of the input as the last segment (none if the input was empty). */
    end(): Buffer[];
    /** Splits a complete input at once. */
    static split(input: Uint8Array): Buffer[];
    private cut;
}
