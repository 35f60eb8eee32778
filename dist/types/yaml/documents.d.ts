/**
 * Parsing of candidate segments. Only `src/yaml/` imports the `yaml` package.
 *
 * The failsafe schema keeps every scalar a string: weights are typed by our own YAML 1.1
 * reader (quantity/yaml11.ts), never by the library's YAML 1.2 rules.
 */
import { type Document } from 'yaml';
export interface ParsedDocument {
    doc: Document.Parsed;
    /** [start, end) of the document in the parsed text. */
    start: number;
    end: number;
    error?: {
        offset: number;
        message: string;
    };
}
export declare function parseDocuments(text: string): ParsedDocument[];
