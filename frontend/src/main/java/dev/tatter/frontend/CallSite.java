package dev.tatter.frontend;

import dev.tatter.ir.SourceLocation;

/** The user's line that called the builder: the first stack frame outside {@link BuilderApi} classes. */
@BuilderApi
final class CallSite {
  private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  private CallSite() {}

  static SourceLocation find() {
    return WALKER.walk(frames -> frames
        .filter(f -> !f.getDeclaringClass().isAnnotationPresent(BuilderApi.class)
            && !f.getClassName().startsWith("dev.tatter.ir."))
        .findFirst()
        .map(f -> new SourceLocation(f.getFileName() == null ? f.getClassName() : f.getFileName(), f.getLineNumber(), 0))
        .orElse(SourceLocation.UNKNOWN));
  }
}
