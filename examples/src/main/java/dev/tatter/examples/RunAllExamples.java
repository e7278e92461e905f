package dev.tatter.examples;

/** The README's main job: runs every example in turn. */
public final class RunAllExamples {
  private RunAllExamples() {}

  public static void main(String[] args) {
    System.out.println("### Ragged basics");
    RaggedBasics.run(System.out);
  }
}
