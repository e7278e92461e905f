/**
 * TF Text's text engines over UTF-8 bytes: the normalizers ({@code normalize_utf8},
 * {@code case_fold_utf8}, through ICU4J), the splitters (whitespace, Unicode script, regular
 * expressions, BERT's basic tokenizer), WordPiece (greedy and LinMaxMatch) and SentencePiece
 * (unigram and BPE, read from the {@code .model} protobuf). Each engine reads a {@link
 * dev.tatter.runtime.kernels.text.TextBatch} (one byte buffer, an offset per string) and writes
 * primitive arrays (ids, byte offsets, row splits) or a new batch, so the op kernels
 * ({@code TextKernels}, {@code TokenizerKernels}) are adapters; {@link
 * dev.tatter.runtime.kernels.text.TextTensors} is the one place a string tensor becomes a batch
 * and back.
 */
package dev.tatter.runtime.kernels.text;
