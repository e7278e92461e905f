package dev.tatter.examples;

import java.io.PrintStream;
import java.util.function.Consumer;

/** The README's main job: runs every example in turn. */
public final class RunAllExamples {
  private RunAllExamples() {}

  public static void main(String[] args) {
    runAll(System.out);
  }

  static void runAll(PrintStream out) {
    example(out, "Ragged basics", RaggedBasics::run);
    example(out, "Tokenized sentences: counts, padding and a mask for a model", TokenizedSentences::run);
    example(out, "A graph file run by the tatter tool", GraphFileExample::run);
    example(out, "Bag of words", BagOfWords::run);
    example(out, "Ragged embedding pooling", EmbeddingPooling::run);
    example(out, "A tokenizer: sentences to ids, padding and a mask", TextTokenizer::run);
    example(out, "BERT inputs from raw text", BertFromRawText::run);
  }

  private static void example(PrintStream out, String title, Consumer<PrintStream> body) {
    out.println("### " + title);
    body.accept(out);
    out.println();
  }
}
