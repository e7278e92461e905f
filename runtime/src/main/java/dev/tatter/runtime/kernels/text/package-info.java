/**
 * TF Text's text engines over UTF-8 bytes: the normalizers ({@code normalize_utf8},
 * {@code case_fold_utf8}, through ICU4J), the splitters (whitespace, Unicode script, regular
 * expressions, BERT's basic tokenizer), WordPiece (greedy and LinMaxMatch) and SentencePiece
 * (unigram and BPE, read from the {@code .model} protobuf). Each engine reads a {@link
 * dev.tatter.runtime.kernels.text.TextBatch} (one byte buffer, an offset per string) and writes
 * primitive arrays (ids, byte offsets, row splits) or a new batch. {@link
 * dev.tatter.runtime.kernels.text.SentencepieceKernels} is the SentencePiece ops' adapter from a
 * string tensor's column to a batch and back; {@link dev.tatter.runtime.kernels.text.WordpieceKernels},
 * {@link dev.tatter.runtime.kernels.text.FastWordpieceKernels} and
 * {@link dev.tatter.runtime.kernels.text.BertKernels} are the WordPiece, FastWordpiece and BERT
 * ops'; the normalizers and splitters have no op here yet. The engines are
 * checked against the reference tokenizers by the {@code -Ptext-oracle} tests.
 */
package dev.tatter.runtime.kernels.text;
